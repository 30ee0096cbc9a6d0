import type { EnrolmentLinkSent, PortalCheckout } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Admin: e-mails a trainer they added the link to choose a plan and pay from the portal. */
export function emailEnrolmentLink(trainerId: number): Promise<EnrolmentLinkSent> {
  return api<EnrolmentLinkSent>(`/api/trainers/${trainerId}/enrolment-link`, { method: 'POST' });
}

export function useEmailEnrolmentLink(trainerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => emailEnrolmentLink(trainerId),
    // The trainer's history records the link.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trainers', 'detail', trainerId] }),
  });
}

/** The trainer: opens the provider's checkout for the plan they chose (the page then goes there). */
export function openPortalCheckout(
  trainerId: number,
  body: PortalCheckout,
): Promise<{ checkoutUrl: string }> {
  return api<{ checkoutUrl: string }>(`/api/trainers/${trainerId}/enrolment/checkout`, {
    method: 'POST',
    body,
  });
}

export function usePortalCheckout(trainerId: number) {
  return useMutation({ mutationFn: (body: PortalCheckout) => openPortalCheckout(trainerId, body) });
}
