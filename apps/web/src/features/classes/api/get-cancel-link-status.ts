import type { ApiAnswer, cancelLinkStatusSchema } from '@soulpunch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { classKeys } from './query-keys';

export type CancelLinkStatus = ApiAnswer<typeof cancelLinkStatusSchema>;

/** What the e-mailed cancel link's registration is now (a POST: the token is a secret). */
export function getCancelLinkStatus(token: string, signal?: AbortSignal): Promise<CancelLinkStatus> {
  return api<CancelLinkStatus>('/api/registrations/cancel-link', {
    method: 'POST',
    body: { token },
    signal,
  });
}

/** Asked in the browser only: the server's page is the same for every visitor and holds no registration. */
export function useCancelLinkStatus(token: string | null) {
  return useQuery({
    queryKey: classKeys.cancelLink(token ?? ''),
    queryFn: ({ signal }) => getCancelLinkStatus(token ?? '', signal),
    enabled: token !== null,
  });
}
