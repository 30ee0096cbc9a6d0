import type { AdminResource, ResourceInput } from '@soulpunch/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assistantKeys } from './query-keys';

export function createResource(input: ResourceInput): Promise<AdminResource> {
  return api<AdminResource>('/api/admin/resources', { method: 'POST', body: input });
}

export function updateResource({ id, input }: { id: number; input: ResourceInput }): Promise<AdminResource> {
  return api<AdminResource>(`/api/admin/resources/${id}`, { method: 'PUT', body: input });
}

/** A resource change rewrites its knowledge base article and the portal's list in the same step. */
export async function refreshAfterResourceChange(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: assistantKeys.resources }),
    queryClient.invalidateQueries({ queryKey: assistantKeys.articles }),
    // The trainer portal's own list (features/trainer-portal), should this admin also view the portal.
    queryClient.invalidateQueries({ queryKey: ['resources'] }),
  ]);
}

export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: number | null; input: ResourceInput }) =>
      variables.id === null
        ? createResource(variables.input)
        : updateResource({ id: variables.id, input: variables.input }),
    onSuccess: () => refreshAfterResourceChange(queryClient),
  });
}
