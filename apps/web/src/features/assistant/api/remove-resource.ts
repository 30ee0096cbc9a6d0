import type { ApiAnswer, removedResourceSchema } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfterResourceChange } from './save-resource';

/** A resource nobody opened is deleted; one a trainer opened is retired instead, so no record is lost. */
export type RemovedResource = ApiAnswer<typeof removedResourceSchema>;

export function removeResource(id: number): Promise<RemovedResource> {
  return api<RemovedResource>(`/api/admin/resources/${id}`, { method: 'DELETE' });
}

export function useRemoveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeResource,
    onSuccess: () => refreshAfterResourceChange(queryClient),
  });
}
