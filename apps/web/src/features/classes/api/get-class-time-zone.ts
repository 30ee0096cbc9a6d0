import type { ApiAnswer, classTimeZoneSchema } from '@soulpunch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { classKeys } from './query-keys';

export type ClassTimeZone = ApiAnswer<typeof classTimeZoneSchema>;

export interface ClassPlace {
  location: string;
  address: string;
}

/** The zone of a class's place, as the server will choose it when the trainer does not pick one. */
export function getClassTimeZone(place: ClassPlace, signal?: AbortSignal): Promise<ClassTimeZone> {
  const query = new URLSearchParams({ location: place.location.trim(), address: place.address.trim() });
  return api<ClassTimeZone>(`/api/classes/time-zone?${query}`, { signal });
}

export function classTimeZoneQueryOptions(place: ClassPlace) {
  return queryOptions({
    queryKey: classKeys.timeZone(place.location.trim(), place.address.trim()),
    queryFn: ({ signal }) => getClassTimeZone(place, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Null place: no lookup (an edited class keeps its zone until its place changes). */
export function useClassTimeZone(place: ClassPlace | null) {
  return useQuery({
    ...classTimeZoneQueryOptions(place ?? { location: '', address: '' }),
    enabled: place !== null,
    placeholderData: keepPreviousData,
  });
}
