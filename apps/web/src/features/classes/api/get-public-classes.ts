import type { ClassSummary, ClassType } from '@soulpunch/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiWithHeaders } from '@/lib/api-client';
import { classKeys } from './query-keys';

export interface PublicClassQuery {
  q?: string;
  location?: string;
  type?: ClassType | '';
  trainerId?: number;
  /** ISO instants. */
  from?: string;
  to?: string;
  limit?: number;
  offset?: number;
}

export interface PublicClassPage {
  classes: ClassSummary[];
  /** Every class that matches, from the X-Total-Count header. */
  total: number;
}

export function publicClassesUrl(query: PublicClassQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== '') params.set(key, String(text));
  }
  const search = params.toString();
  return search ? `/api/classes?${search}` : '/api/classes';
}

export async function getPublicClasses(
  query: PublicClassQuery,
  signal?: AbortSignal,
): Promise<PublicClassPage> {
  const { data, headers } = await apiWithHeaders<ClassSummary[]>(publicClassesUrl(query), { signal });
  const total = Number(headers.get('X-Total-Count'));
  return { classes: data, total: Number.isFinite(total) && total > 0 ? total : data.length };
}

export function publicClassesQueryOptions(query: PublicClassQuery) {
  return queryOptions({
    queryKey: classKeys.publicList(query),
    queryFn: ({ signal }) => getPublicClasses(query, signal),
    // Spots left change as people register: a visitor coming back sees fresh figures.
    staleTime: 30_000,
  });
}

/** While new filters load, the previous results stay on screen. */
export function usePublicClasses(query: PublicClassQuery) {
  return useQuery({ ...publicClassesQueryOptions(query), placeholderData: keepPreviousData });
}
