import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function revokeStaff(email: string): Promise<void> {
  return api<void>(`/api/admin/staff/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

export function useRevokeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStaff,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
        queryClient.invalidateQueries({ queryKey: adminKeys.roleChanges }),
      ]),
  });
}
