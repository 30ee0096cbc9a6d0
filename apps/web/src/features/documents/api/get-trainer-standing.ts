import type { TrainerStanding } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** Whether the trainer is in the public directory, and why not. */
export function getTrainerStanding(trainerId: number, signal?: AbortSignal): Promise<TrainerStanding> {
  return api<TrainerStanding>(`/api/trainers/${trainerId}/standing`, { signal });
}

export function trainerStandingQueryOptions(trainerId: number) {
  return queryOptions({
    queryKey: documentKeys.standing(trainerId),
    queryFn: ({ signal }) => getTrainerStanding(trainerId, signal),
  });
}

export function useTrainerStanding(trainerId: number | null) {
  return useQuery({ ...trainerStandingQueryOptions(trainerId ?? 0), enabled: trainerId !== null });
}
