import type { AdminTrainerUpdate, TrainerFull } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchProgressViews } from '@/lib/progress-views';
import { adminKeys } from './query-keys';

export function updateTrainer({
  id,
  update,
}: {
  id: number;
  update: AdminTrainerUpdate;
}): Promise<TrainerFull> {
  return api<TrainerFull>(`/api/trainers/${id}`, { method: 'PUT', body: update });
}

/**
 * Scores are computed on the server, so every list, this trainer and the dashboard counts are refetched, and the
 * trainer's own checklist and editor, which read the same facts.
 */
export function useUpdateTrainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrainer,
    onSuccess: async (trainer) => {
      queryClient.setQueryData(adminKeys.trainerFull(trainer.id), trainer);
      await refetchProgressViews(queryClient, trainer.id);
    },
  });
}
