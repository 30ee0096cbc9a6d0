import { type TrainerMarker, type TrainerMarkerFeed, unpackMarkers } from '@soulpunch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DirectoryFilters, filtersToSearchParams } from '../directory-filters';
import { DIRECTORY_STALE_TIME, publicTrainersKey, retryOnce } from './query-defaults';

/** The filters that choose trainers: a distance sort changes the order of the cards, not the pins. */
export function markerFilters(filters: DirectoryFilters): DirectoryFilters {
  return { ...filters, from: '', near: '' };
}

export function trainerMarkersUrl(filters: DirectoryFilters): string {
  const query = filtersToSearchParams(markerFilters(filters)).toString();
  return query ? `/api/public-trainers/markers?${query}` : '/api/public-trainers/markers';
}

/** Every matching trainer's pin (id, position, name, headquarters), small enough for thousands. */
export async function getTrainerMarkers(
  filters: DirectoryFilters,
  signal?: AbortSignal,
): Promise<TrainerMarker[]> {
  return unpackMarkers(await api<TrainerMarkerFeed>(trainerMarkersUrl(filters), { signal }));
}

export function trainerMarkersQueryOptions(filters: DirectoryFilters) {
  const chosen = markerFilters(filters);
  return queryOptions({
    queryKey: [...publicTrainersKey, 'markers', chosen] as const,
    queryFn: ({ signal }) => getTrainerMarkers(chosen, signal),
    staleTime: DIRECTORY_STALE_TIME,
    retry: retryOnce,
    refetchOnWindowFocus: false,
  });
}

/**
 * The pins, once the map is `wanted` (near the screen). Never in the server's page: the feed grows with the
 * trainers (185 KB at 100,000), the page must not, and a phone that never scrolls to the map never downloads it.
 */
export function useTrainerMarkers(filters: DirectoryFilters, wanted: boolean) {
  return useQuery({
    ...trainerMarkersQueryOptions(filters),
    placeholderData: keepPreviousData,
    // Also what keeps the server from fetching it (entry-server.tsx fetches only enabled queries).
    enabled: wanted,
  });
}
