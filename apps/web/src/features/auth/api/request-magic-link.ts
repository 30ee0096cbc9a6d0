import type { ApiAnswer, magicLinkSentSchema } from '@soulpunch/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type MagicLinkSent = ApiAnswer<typeof magicLinkSentSchema>;

export function requestMagicLink(input: { email: string }): Promise<MagicLinkSent> {
  return api<MagicLinkSent>('/api/auth/magic-link', { method: 'POST', body: input });
}

/** Asking for a link changes no session, so there is nothing to invalidate. */
export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
