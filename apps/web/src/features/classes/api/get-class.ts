import type { ClassSummary } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { classKeys } from './query-keys';

export function getClass(classId: number, signal?: AbortSignal): Promise<ClassSummary> {
  return api<ClassSummary>(`/api/classes/${classId}`, { signal });
}

export function classQueryOptions(classId: number) {
  return queryOptions({
    queryKey: classKeys.detail(classId),
    queryFn: ({ signal }) => getClass(classId, signal),
    staleTime: 30_000,
  });
}

/** `classId` is null when the address holds no valid id: nothing is fetched. */
export function useClass(classId: number | null) {
  return useQuery({ ...classQueryOptions(classId ?? 0), enabled: classId !== null });
}
