import type { ApiAnswer, legacyClassesAnswerSchema } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { classKeys } from './query-keys';

/** The trainer's usual payment link, given to each new class unless the trainer changes it. */
export type ClassPaymentDefaults = Pick<ApiAnswer<typeof legacyClassesAnswerSchema>, 'basicClassPaymentLink'>;

/** The prototype's calendar call (spec 7), kept for the signed-in trainer's basic class payment link. */
export function getClassPaymentDefaults(signal?: AbortSignal): Promise<ClassPaymentDefaults> {
  return api<ClassPaymentDefaults>('/api/trainer-profile', { signal });
}

/** Keyed by the signed-in trainer, so another account signing in on this tab never sees the last one's link. */
export function classPaymentDefaultsQueryOptions(trainerId: number) {
  return queryOptions({
    queryKey: classKeys.paymentDefaults(trainerId),
    queryFn: ({ signal }) => getClassPaymentDefaults(signal),
  });
}

export function useClassPaymentDefaults(trainerId: number) {
  return useQuery(classPaymentDefaultsQueryOptions(trainerId));
}
