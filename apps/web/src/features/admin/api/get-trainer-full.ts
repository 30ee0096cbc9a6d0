import type { TrainerFull } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function getTrainerFull(id: number): Promise<TrainerFull> {
  return api<TrainerFull>(`/api/trainers/${id}/full`);
}

export function trainerFullQueryOptions(id: number) {
  return queryOptions({ queryKey: adminKeys.trainerFull(id), queryFn: () => getTrainerFull(id) });
}

export function useTrainerFull(id: number) {
  return useQuery(trainerFullQueryOptions(id));
}
