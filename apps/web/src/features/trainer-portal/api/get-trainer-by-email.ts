import type { ApiAnswer, trainerSummarySchema } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TrainerSummary = ApiAnswer<typeof trainerSummarySchema>;

export function getTrainerByEmail(email: string): Promise<TrainerSummary> {
  return api<TrainerSummary>(`/api/trainers/by-email/${encodeURIComponent(email)}`);
}

export function trainerByEmailQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['trainers', 'by-email', email],
    queryFn: () => getTrainerByEmail(email),
  });
}

export function useTrainerByEmail(email: string) {
  return useQuery(trainerByEmailQueryOptions(email));
}
