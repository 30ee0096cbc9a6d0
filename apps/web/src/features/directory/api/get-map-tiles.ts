import type { MapTilesAnswer } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The server's map set-up: a provider's tiles, or null for the bundled atlas of the states. */
export function mapTilesQueryOptions() {
  return queryOptions({
    queryKey: ['map-tiles'] as const,
    queryFn: ({ signal }) => api<MapTilesAnswer>('/api/public-trainers/map-tiles', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useMapTiles() {
  return useQuery(mapTilesQueryOptions());
}
