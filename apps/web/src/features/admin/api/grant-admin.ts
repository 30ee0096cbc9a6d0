import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Administrator } from './get-administrators';
import { adminKeys } from './query-keys';

/** Gives the admin role to an e-mail address, creating the account when there is none. */
export function grantAdmin(input: { email: string }): Promise<Administrator> {
  return api<Administrator>('/api/admin/administrators', { method: 'POST', body: input });
}

export function useGrantAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantAdmin,
    // Staff made administrators leave the staff list; both changes are in the history.
    onSuccess: () =>
      Promise.all(
        [adminKeys.administrators, adminKeys.staff, adminKeys.roleChanges].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
