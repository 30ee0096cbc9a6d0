import type { IntegrationsAnswer, MailTestAnswer } from '@soulpunch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function getIntegrations(): Promise<IntegrationsAnswer> {
  return api<IntegrationsAnswer>('/api/admin/integrations');
}

export function useIntegrations() {
  return useQuery(queryOptions({ queryKey: adminKeys.integrations, queryFn: getIntegrations }));
}

/** Sends a test e-mail to the signed-in administrator; the answer says whether the mail server took it. */
export function sendTestEmail(): Promise<MailTestAnswer> {
  return api<MailTestAnswer>('/api/admin/integrations/mail/test', { method: 'POST' });
}

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    // The mail card's last success or failure changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.integrations }),
  });
}
