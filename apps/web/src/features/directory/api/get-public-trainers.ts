import type { PublicTrainer } from '@soulpunch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DirectoryFilters, filtersToSearchParams } from '../directory-filters';
import { DIRECTORY_STALE_TIME, publicTrainersKey, retryOnce } from './query-defaults';

export function publicTrainersUrl(filters: DirectoryFilters): string {
  const query = filtersToSearchParams(filters).toString();
  return query ? `/api/public-trainers?${query}` : '/api/public-trainers';
}

/**
 * Every matching trainer in one answer: the map needs all of them for its markers, and the cards are paged on
 * the client from the same list.
 */
export function getPublicTrainers(filters: DirectoryFilters, signal?: AbortSignal): Promise<PublicTrainer[]> {
  return api<PublicTrainer[]>(publicTrainersUrl(filters), { signal });
}

export function publicTrainersQueryOptions(filters: DirectoryFilters) {
  return queryOptions({
    queryKey: [...publicTrainersKey, 'list', filters] as const,
    queryFn: ({ signal }) => getPublicTrainers(filters, signal),
    staleTime: DIRECTORY_STALE_TIME,
    retry: retryOnce,
    refetchOnWindowFocus: false,
  });
}

/** While new filters load, the previous results stay on screen (and on the map) instead of skeletons. */
export function usePublicTrainers(filters: DirectoryFilters) {
  return useQuery({ ...publicTrainersQueryOptions(filters), placeholderData: keepPreviousData });
}
