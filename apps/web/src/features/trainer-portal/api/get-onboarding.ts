import type { OnboardingChecklist } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const onboardingQueryKey = (trainerId: number) => ['trainers', trainerId, 'onboarding'] as const;

export function getOnboarding(trainerId: number): Promise<OnboardingChecklist> {
  return api<OnboardingChecklist>(`/api/trainers/${trainerId}/onboarding`);
}

export function onboardingQueryOptions(trainerId: number) {
  return queryOptions({ queryKey: onboardingQueryKey(trainerId), queryFn: () => getOnboarding(trainerId) });
}

export function useOnboarding(trainerId: number) {
  return useQuery(onboardingQueryOptions(trainerId));
}
