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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.administrators }),
  });
}
