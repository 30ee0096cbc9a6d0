import type { TrainerChange } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** The trainer's audit trail, newest first. */
export function getTrainerChanges(id: number): Promise<TrainerChange[]> {
  return api<TrainerChange[]>(`/api/trainers/${id}/changes`);
}

export function trainerChangesQueryOptions(id: number) {
  return queryOptions({ queryKey: adminKeys.trainerChanges(id), queryFn: () => getTrainerChanges(id) });
}

export function useTrainerChanges(id: number) {
  return useQuery(trainerChangesQueryOptions(id));
}
