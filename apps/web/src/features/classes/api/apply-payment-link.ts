import type { ApiAnswer, paymentLinkAppliedSchema } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateClassQueries } from './query-keys';

export interface ApplyPaymentLinkRequest {
  trainerId: number;
  /** The link the trainer replaced: upcoming classes still on it take the profile's new one. */
  previousLink: string | null;
}

export type ApplyPaymentLinkResult = ApiAnswer<typeof paymentLinkAppliedSchema>;

export function applyPaymentLinkToUpcomingClasses({
  trainerId,
  previousLink,
}: ApplyPaymentLinkRequest): Promise<ApplyPaymentLinkResult> {
  return api<ApplyPaymentLinkResult>(`/api/trainers/${trainerId}/classes/payment-link`, {
    method: 'POST',
    body: { previousLink },
  });
}

export function useApplyPaymentLinkToUpcomingClasses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPaymentLinkToUpcomingClasses,
    onSuccess: () => invalidateClassQueries(queryClient),
  });
}
