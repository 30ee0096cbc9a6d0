import type { OfflinePayment, PaymentEventView, PaymentSummary } from '@soulpunch/shared';
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
  | ({ kind: 'offline' } & OfflinePayment)
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
  let body: object = { reason: action.reason };
  if (action.kind === 'offline') {
    const { kind: _kind, ...payment } = action;
    body = payment;
  }
  return api<PaymentSummary>(`/api/trainers/${trainerId}/${path}`, { method: 'POST', body });
}

export function usePaymentAction(trainerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction) => applyPaymentAction(trainerId, action),
    onSuccess: (summary) => {
      queryClient.setQueryData(paymentSummaryKey(trainerId), summary);
      // The trainer's status badge (detail and list), the dashboard's counts and the audit history change.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['trainers'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
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
