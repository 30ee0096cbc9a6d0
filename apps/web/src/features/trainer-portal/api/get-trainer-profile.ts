import type { TrainerProfileData } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const trainerProfileQueryKey = (trainerId: number) => ['trainer-profile', trainerId] as const;

export function getTrainerProfile(trainerId: number): Promise<TrainerProfileData> {
  return api<TrainerProfileData>(`/api/trainer-profile/${trainerId}`);
}

export function trainerProfileQueryOptions(trainerId: number) {
  return queryOptions({
    queryKey: trainerProfileQueryKey(trainerId),
    queryFn: () => getTrainerProfile(trainerId),
  });
}

export function useTrainerProfile(trainerId: number) {
  return useQuery(trainerProfileQueryOptions(trainerId));
}
