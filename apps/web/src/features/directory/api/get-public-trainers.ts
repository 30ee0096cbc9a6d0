import type { PublicTrainer } from '@soulpunch/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiWithHeaders } from '@/lib/api-client';
import { type DirectoryFilters, filtersToSearchParams } from '../directory-filters';
import { DIRECTORY_STALE_TIME, publicTrainersKey, retryOnce } from './query-defaults';

/** Cards come a page at a time: the first screen is one page, 'Show More Trainers' brings the next. */
export const CARDS_PER_PAGE = 12;

export interface PublicTrainerPage {
  trainers: PublicTrainer[];
  /** Every match, over all pages (the server's X-Total-Count). */
  total: number;
  offset: number;
}

export function publicTrainersUrl(filters: DirectoryFilters, offset = 0): string {
  const params = filtersToSearchParams(filters);
  params.set('limit', String(CARDS_PER_PAGE));
  if (offset) params.set('offset', String(offset));
  return `/api/public-trainers?${params}`;
}

export async function getPublicTrainerPage(
  filters: DirectoryFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<PublicTrainerPage> {
  const { data, headers } = await apiWithHeaders<PublicTrainer[]>(publicTrainersUrl(filters, offset), {
    signal,
  });
  return { trainers: data, total: Number(headers.get('X-Total-Count') ?? data.length), offset };
}

export function publicTrainerPagesQueryOptions(filters: DirectoryFilters) {
  return infiniteQueryOptions({
    queryKey: [...publicTrainersKey, 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => getPublicTrainerPage(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.trainers.length;
      return last.trainers.length > 0 && next < last.total ? next : undefined;
    },
    staleTime: DIRECTORY_STALE_TIME,
    retry: retryOnce,
    refetchOnWindowFocus: false,
  });
}

/** While new filters load, the previous results stay on screen instead of skeletons. */
export function usePublicTrainerPages(filters: DirectoryFilters) {
  return useInfiniteQuery({ ...publicTrainerPagesQueryOptions(filters), placeholderData: keepPreviousData });
}
