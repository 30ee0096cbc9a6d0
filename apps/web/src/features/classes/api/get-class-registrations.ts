import type { Registration } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { classKeys } from './query-keys';

/** Who registered for one of the trainer's classes. */
export function getClassRegistrations(classId: number, signal?: AbortSignal): Promise<Registration[]> {
  return api<Registration[]>(`/api/classes/${classId}/registrations`, { signal });
}

export function classRegistrationsQueryOptions(classId: number) {
  return queryOptions({
    queryKey: classKeys.registrations(classId),
    queryFn: ({ signal }) => getClassRegistrations(classId, signal),
    // People keep registering while the trainer looks.
    staleTime: 0,
  });
}

export function useClassRegistrations(classId: number) {
  return useQuery(classRegistrationsQueryOptions(classId));
}
