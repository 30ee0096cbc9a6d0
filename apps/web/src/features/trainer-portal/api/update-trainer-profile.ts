import type { TrainerProfileData, TrainerProfileUpdate } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/features/auth';
import { publicTrainersKey } from '@/features/directory';
import { api } from '@/lib/api-client';
import { PROGRESS_VIEWS_OF_EVERY_TRAINER } from '@/lib/progress-views';
import { trainerProfileQueryKey } from './get-trainer-profile';

export interface UpdateTrainerProfileInput {
  trainerId: number;
  update: TrainerProfileUpdate;
}

export function updateTrainerProfile({
  trainerId,
  update,
}: UpdateTrainerProfileInput): Promise<TrainerProfileData> {
  return api<TrainerProfileData>(`/api/trainer-profile/${trainerId}`, { method: 'POST', body: update });
}

export function useUpdateTrainerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrainerProfile,
    onSuccess: async (profile, { trainerId }) => {
      queryClient.setQueryData(trainerProfileQueryKey(trainerId), profile);
      // The name and e-mail also live on the trainer record the dashboard greets by and on the account; the
      // material and community flags are what the checklist and the admin's bars read (the profile itself is the
      // answer, set above).
      await Promise.all([
        ...PROGRESS_VIEWS_OF_EVERY_TRAINER.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        // What the public sees of the trainer (spec: saving refreshes the public trainers).
        queryClient.invalidateQueries({ queryKey: publicTrainersKey }),
      ]);
    },
  });
}
