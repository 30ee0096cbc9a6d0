import type { ApiAnswer, profilePictureAnswerSchema, TrainerProfileData } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trainerProfileQueryKey } from './get-trainer-profile';

export type ProfilePictureAnswer = ApiAnswer<typeof profilePictureAnswerSchema>;

export function uploadProfilePicture({
  trainerId,
  file,
}: {
  trainerId: number;
  file: File;
}): Promise<ProfilePictureAnswer> {
  const form = new FormData();
  form.append('file', file);
  return api<ProfilePictureAnswer>(`/api/trainer-profile/${trainerId}/picture`, {
    method: 'POST',
    body: form,
  });
}

/** Keeps the cached profile in step with a picture change that is already saved on the server. */
export function setCachedPicture(
  queryClient: ReturnType<typeof useQueryClient>,
  trainerId: number,
  profilePicture: string | null,
) {
  queryClient.setQueryData<TrainerProfileData>(trainerProfileQueryKey(trainerId), (current) =>
    current ? { ...current, profilePicture } : current,
  );
}

export function useUploadProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: async ({ profilePicture }, { trainerId }) => {
      setCachedPicture(queryClient, trainerId, profilePicture);
      await queryClient.invalidateQueries({ queryKey: trainerProfileQueryKey(trainerId) });
    },
  });
}
