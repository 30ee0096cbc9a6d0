import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Administrator } from './get-administrators';
import { adminKeys } from './query-keys';

/** Gives the read-only staff role to an e-mail address (409 for an administrator). */
export function grantStaff(input: { email: string }): Promise<Administrator> {
  return api<Administrator>('/api/admin/staff', { method: 'POST', body: input });
}

export function useGrantStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantStaff,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
        queryClient.invalidateQueries({ queryKey: adminKeys.roleChanges }),
      ]),
  });
}
