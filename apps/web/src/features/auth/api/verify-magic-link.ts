import type { SessionResponse, VerifyResponse } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

export function verifyMagicLink(input: { token: string }): Promise<VerifyResponse> {
  return api<VerifyResponse>('/api/auth/verify', { method: 'POST', body: input });
}

export function useVerifyMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMagicLink,
    onSuccess: async ({ user }) => {
      // Seed the new session first so the page we navigate to does not bounce to login while refetching.
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
