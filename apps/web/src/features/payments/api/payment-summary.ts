import type { PaymentEventView, PaymentSummary } from '@soulpunch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const paymentSummaryKey = (trainerId: number) => ['payments', 'summary', trainerId] as const;

export function getPaymentSummary(trainerId: number): Promise<PaymentSummary> {
  return api<PaymentSummary>(`/api/trainers/${trainerId}/payments`);
}

export function paymentSummaryQueryOptions(trainerId: number) {
  return queryOptions({
    queryKey: paymentSummaryKey(trainerId),
    queryFn: () => getPaymentSummary(trainerId),
  });
}

export function usePaymentSummary(trainerId: number) {
  return useQuery(paymentSummaryQueryOptions(trainerId));
}

export type PaymentAction =
  | { kind: 'offline'; amountCents: number; reason: string }
  | { kind: 'refund' | 'waive'; paymentId: number; reason: string }
  | { kind: 'pause' | 'resume' | 'reinstate'; reason: string };

const actionPath: Record<PaymentAction['kind'], string> = {
  offline: 'payments/offline',
  refund: 'payments/{p}/refund',
  waive: 'payments/{p}/waive',
  pause: 'payment-plan/pause',
  resume: 'payment-plan/resume',
  reinstate: 'certification/reinstate',
};

export function applyPaymentAction(trainerId: number, action: PaymentAction): Promise<PaymentSummary> {
  const path = actionPath[action.kind].replace('{p}', 'paymentId' in action ? String(action.paymentId) : '');
  const body =
    action.kind === 'offline'
      ? { amountCents: action.amountCents, reason: action.reason }
      : { reason: action.reason };
  return api<PaymentSummary>(`/api/trainers/${trainerId}/${path}`, { method: 'POST', body });
}

export function usePaymentAction(trainerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction) => applyPaymentAction(trainerId, action),
    onSuccess: (summary) => {
      queryClient.setQueryData(paymentSummaryKey(trainerId), summary);
      // The trainer's status badge and audit history change with the action and its reason.
      return queryClient.invalidateQueries({ queryKey: ['trainers', 'detail', trainerId] });
    },
  });
}

export const paymentEventsKey = ['payments', 'events'] as const;

export function usePaymentEvents() {
  return useQuery({
    queryKey: paymentEventsKey,
    queryFn: () => api<PaymentEventView[]>('/api/payment-events'),
  });
}

export function useReplayPaymentEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<PaymentEventView>(`/api/payment-events/${encodeURIComponent(id)}/replay`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentEventsKey }),
  });
}
