import type { StateCount } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DIRECTORY_STALE_TIME, publicTrainersKey, retryOnce } from './query-defaults';

export function getTrainerStateCounts(signal?: AbortSignal): Promise<StateCount[]> {
  return api<StateCount[]>('/api/public-trainers/states', { signal });
}

export function trainerStateCountsQueryOptions() {
  return queryOptions({
    queryKey: [...publicTrainersKey, 'states'] as const,
    queryFn: ({ signal }) => getTrainerStateCounts(signal),
    staleTime: DIRECTORY_STALE_TIME,
    retry: retryOnce,
    refetchOnWindowFocus: false,
  });
}

export function useTrainerStateCounts() {
  return useQuery(trainerStateCountsQueryOptions());
}
