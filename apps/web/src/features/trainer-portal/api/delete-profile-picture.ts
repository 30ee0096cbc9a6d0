import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { trainerProfileQueryKey } from './get-trainer-profile';
import { type ProfilePictureAnswer, setCachedPicture } from './upload-profile-picture';

export function deleteProfilePicture(trainerId: number): Promise<ProfilePictureAnswer> {
  return api<ProfilePictureAnswer>(`/api/trainer-profile/${trainerId}/picture`, { method: 'DELETE' });
}

export function useDeleteProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfilePicture,
    onSuccess: async ({ profilePicture }, trainerId) => {
      setCachedPicture(queryClient, trainerId, profilePicture);
      await queryClient.invalidateQueries({ queryKey: trainerProfileQueryKey(trainerId) });
    },
  });
}
