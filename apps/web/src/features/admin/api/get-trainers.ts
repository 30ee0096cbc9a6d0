import type { TrainerListItem } from '@soulpunch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiWithHeaders } from '@/lib/api-client';
import { adminKeys } from './query-keys';
import { filtersQueryString, TRAINERS_PER_PAGE, type TrainerPageRequest } from './trainer-list-filters';

export interface TrainerPage {
  items: TrainerListItem[];
  /** The true total of the filtered list, from X-Total-Count. */
  total: number;
}

export async function getTrainers({ page, ...filters }: TrainerPageRequest): Promise<TrainerPage> {
  const query = filtersQueryString(filters, {
    limit: TRAINERS_PER_PAGE,
    offset: (page - 1) * TRAINERS_PER_PAGE,
  });
  const { data, headers } = await apiWithHeaders<TrainerListItem[]>(`/api/trainers?${query}`);
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : data.length };
}

export function trainersQueryOptions(request: TrainerPageRequest) {
  return queryOptions({
    queryKey: adminKeys.trainerList(request),
    queryFn: () => getTrainers(request),
  });
}

/** Keeps showing the previous page while the next page or search loads, so the list does not flash. */
export function useTrainers(request: TrainerPageRequest) {
  return useQuery({ ...trainersQueryOptions(request), placeholderData: keepPreviousData });
}
