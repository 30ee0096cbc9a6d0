import type { SessionResponse } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSignedInStorage } from '@/lib/signed-in-storage';
import { sessionQueryKey } from './get-session';

export function logout(): Promise<void> {
  return api<void>('/api/auth/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
      // Nothing the previous user loaded may stay in memory for the next one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      clearSignedInStorage();
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
