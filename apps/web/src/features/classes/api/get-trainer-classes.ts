import type { ClassSummary } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { classKeys } from './query-keys';

/** The trainer's own classes, cancelled ones included, from a week ago on. */
export function getTrainerClasses(trainerId: number, signal?: AbortSignal): Promise<ClassSummary[]> {
  return api<ClassSummary[]>(`/api/trainers/${trainerId}/classes`, { signal });
}

export function trainerClassesQueryOptions(trainerId: number) {
  return queryOptions({
    queryKey: classKeys.trainer(trainerId),
    queryFn: ({ signal }) => getTrainerClasses(trainerId, signal),
  });
}

export function useTrainerClasses(trainerId: number) {
  return useQuery(trainerClassesQueryOptions(trainerId));
}
