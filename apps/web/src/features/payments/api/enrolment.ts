import type {
  EnrolmentConfirm,
  EnrolmentCreated,
  EnrolmentRequest,
  EnrolmentView,
  PlanKey,
} from '@soulpunch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/features/auth';
import { api } from '@/lib/api-client';

export const enrolmentQueryKey = ['enrolment', 'current'] as const;

/** The enrolment behind the HttpOnly enrolment cookie; 404 means the session expired. */
export function getCurrentEnrolment(): Promise<EnrolmentView> {
  return api<EnrolmentView>('/api/enrolments/current');
}

export function currentEnrolmentQueryOptions() {
  return queryOptions({ queryKey: enrolmentQueryKey, queryFn: getCurrentEnrolment });
}

/** While waiting for the provider's confirmation, the enrolment is asked again every 2 s until it is paid. */
export function useCurrentEnrolment(options: { pollUntilPaid?: boolean } = {}) {
  return useQuery({
    ...currentEnrolmentQueryOptions(),
    refetchInterval: (query) =>
      options.pollUntilPaid && query.state.data && !query.state.data.paid ? 2000 : false,
  });
}

export function startEnrolment(request: EnrolmentRequest): Promise<EnrolmentCreated> {
  return api<EnrolmentCreated>('/api/enrolments', { method: 'POST', body: request });
}

export function useStartEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startEnrolment,
    onSuccess: (created) => queryClient.setQueryData(enrolmentQueryKey, created.enrolment),
  });
}

/** The code e-mailed to the address: it opens the provider's checkout (decision 0008). */
export function verifyEnrolmentEmail(code: string): Promise<EnrolmentCreated> {
  return api<EnrolmentCreated>('/api/enrolments/current/verify-email', { method: 'POST', body: { code } });
}

export function useVerifyEnrolmentEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEnrolmentEmail,
    onSuccess: (created) => queryClient.setQueryData(enrolmentQueryKey, created.enrolment),
  });
}

export function retryCheckout(plan?: PlanKey): Promise<EnrolmentCreated> {
  return api<EnrolmentCreated>('/api/enrolments/current/checkout', {
    method: 'POST',
    body: plan ? { plan } : {},
  });
}

export function useRetryCheckout() {
  return useMutation({ mutationFn: retryCheckout });
}

/** The spec's payment confirmation: the PUT, then trigger-onboarding. The server checks the payment itself. */
export async function confirmPayment(trainerId: number): Promise<void> {
  await api(`/api/trainers/${trainerId}`, {
    method: 'PUT',
    body: { paymentStatus: 'completed', onboardingStatus: 'documents_pending' },
  });
  await api(`/api/trainers/${trainerId}/trigger-onboarding`, { method: 'POST' });
}

export function useConfirmPayment() {
  return useMutation({ mutationFn: confirmPayment });
}

export function confirmEnrolment(
  details: EnrolmentConfirm,
): Promise<{ trainerId: number; redirectTo: string }> {
  return api('/api/enrolments/current/confirm', { method: 'POST', body: details });
}

export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEnrolment,
    // The confirmation signs the trainer in: the app must learn who is signed in now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
