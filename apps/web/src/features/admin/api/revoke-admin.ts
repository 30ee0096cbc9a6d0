import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/features/auth';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** 409 'last_admin' when it is the only administrator left. */
export function revokeAdmin(email: string): Promise<void> {
  return api<void>(`/api/admin/administrators/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

export function useRevokeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdmin,
    // Removing one's own role changes the session too; the guard then leaves the admin area.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.administrators }),
        queryClient.invalidateQueries({ queryKey: adminKeys.roleChanges }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
