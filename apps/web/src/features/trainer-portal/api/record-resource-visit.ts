import type { ApiAnswer, resourceVisitSchema } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchProgressViews } from '@/lib/progress-views';
import { type PortalResource, type PortalResources, resourcesQueryKey } from './get-resources';

/** `firstVisit` is true only the first time this trainer opens the resource. */
export type ResourceVisit = ApiAnswer<typeof resourceVisitSchema>;

export function recordResourceVisit(resourceId: number): Promise<ResourceVisit> {
  return api<ResourceVisit>(`/api/resources/${resourceId}/visits`, { method: 'POST' });
}

function markVisited(resources: PortalResources, resourceId: number): PortalResources {
  const mark = (r: PortalResource) => (r.id === resourceId ? { ...r, visited: true } : r);
  return {
    categories: resources.categories.map((c) => ({ ...c, resources: c.resources.map(mark) })),
    upcomingTraining: resources.upcomingTraining.map(mark),
    trainingSchedule: resources.trainingSchedule.map(mark),
  };
}

export function useRecordResourceVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordResourceVisit,
    onSuccess: async (_visit, resourceId) => {
      queryClient.setQueryData<PortalResources>(resourcesQueryKey, (current) =>
        current ? markVisited(current, resourceId) : current,
      );
      // Opening a step's resource (the video library, the WhatsApp community...) may tick its step.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourcesQueryKey }),
        refetchProgressViews(queryClient),
      ]);
    },
  });
}
