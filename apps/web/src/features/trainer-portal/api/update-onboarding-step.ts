import type { OnboardingChecklist, OnboardingStepKey } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchProgressViews } from '@/lib/progress-views';
import { onboardingQueryKey } from './get-onboarding';

export interface UpdateOnboardingStepInput {
  trainerId: number;
  step: OnboardingStepKey;
  completed: boolean;
}

export function updateOnboardingStep({
  trainerId,
  step,
  completed,
}: UpdateOnboardingStepInput): Promise<OnboardingChecklist> {
  return api<OnboardingChecklist>(`/api/trainers/${trainerId}/onboarding/${step}`, {
    method: 'PUT',
    body: { completed },
  });
}

export function useUpdateOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnboardingStep,
    onSuccess: async (checklist, { trainerId }) => {
      // The answer is the whole new checklist: show it at once, then confirm with the server. The step's fact is
      // also what the admin's bars and the profile editor read.
      queryClient.setQueryData(onboardingQueryKey(trainerId), checklist);
      await refetchProgressViews(queryClient, trainerId);
    },
  });
}
