import type {
  ApiAnswer,
  emailChangeConfirmedSchema,
  PendingEmailChange,
  pendingEmailChangeAnswerSchema,
  TrainerProfileData,
} from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/features/auth';
import { api } from '@/lib/api-client';
import { trainerProfileQueryKey } from './get-trainer-profile';

type PendingAnswer = ApiAnswer<typeof pendingEmailChangeAnswerSchema>;

function setCachedPending(
  queryClient: ReturnType<typeof useQueryClient>,
  trainerId: number,
  pendingEmailChange: PendingEmailChange | null,
) {
  queryClient.setQueryData<TrainerProfileData>(trainerProfileQueryKey(trainerId), (current) =>
    current ? { ...current, pendingEmailChange } : current,
  );
}

/** Sends the confirmation link again (a new link: the one before stops working). */
export function requestEmailChange(input: { trainerId: number; email: string }): Promise<PendingAnswer> {
  return api<PendingAnswer>(`/api/trainer-profile/${input.trainerId}/email-change`, {
    method: 'POST',
    body: { email: input.email },
  });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: ({ pendingEmailChange }, { trainerId }) =>
      setCachedPending(queryClient, trainerId, pendingEmailChange),
  });
}

export function cancelEmailChange(trainerId: number): Promise<PendingAnswer> {
  return api<PendingAnswer>(`/api/trainer-profile/${trainerId}/email-change`, { method: 'DELETE' });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (_answer, trainerId) => setCachedPending(queryClient, trainerId, null),
  });
}

/** The link from the new address: works without a session (it may be opened on another device). */
export function confirmEmailChange(input: { token: string }): Promise<{ email: string }> {
  return api<ApiAnswer<typeof emailChangeConfirmedSchema>>('/api/email-change/confirm', {
    method: 'POST',
    body: input,
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async () => {
      // A signed-in browser reads its new address; every cached profile is stale.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['trainer-profile'] }),
        queryClient.invalidateQueries({ queryKey: ['trainers', 'by-email'] }),
      ]);
    },
  });
}
