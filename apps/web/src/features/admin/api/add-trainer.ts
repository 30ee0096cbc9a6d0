import type { ApiAnswer, accountAnswerSchema } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type AddedTrainer = ApiAnswer<typeof accountAnswerSchema>;

/** Creates the trainer and their account; the server e-mails them a sign-in link. */
export function addTrainer(input: { name: string; email: string }): Promise<AddedTrainer> {
  return api<AddedTrainer>('/api/admin/trainers', { method: 'POST', body: input });
}

export function useAddTrainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTrainer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.trainerLists }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboardStats }),
      ]),
  });
}
