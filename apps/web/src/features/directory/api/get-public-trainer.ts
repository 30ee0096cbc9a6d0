import type { PublicTrainer } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DIRECTORY_STALE_TIME, publicTrainersKey, retryOnce } from './query-defaults';

export function getPublicTrainer(trainerId: number, signal?: AbortSignal): Promise<PublicTrainer> {
  return api<PublicTrainer>(`/api/public-trainers/${trainerId}`, { signal });
}

export function publicTrainerQueryOptions(trainerId: number) {
  return queryOptions({
    queryKey: [...publicTrainersKey, 'detail', trainerId] as const,
    queryFn: ({ signal }) => getPublicTrainer(trainerId, signal),
    staleTime: DIRECTORY_STALE_TIME,
    retry: retryOnce,
    refetchOnWindowFocus: false,
  });
}

/** `trainerId` is null when the address holds no valid id: nothing is fetched. */
export function usePublicTrainer(trainerId: number | null) {
  return useQuery({ ...publicTrainerQueryOptions(trainerId ?? 0), enabled: trainerId !== null });
}
