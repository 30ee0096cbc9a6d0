import type {
  ApiAnswer,
  paymentProviderAnswerSchema,
  TestCard,
  TestCheckoutView,
  TestPaymentResult,
} from '@soulpunch/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTestCheckout(id: string): Promise<TestCheckoutView> {
  return api<TestCheckoutView>(`/api/test-provider/checkouts/${encodeURIComponent(id)}`);
}

export function testCheckoutQueryOptions(id: string) {
  return queryOptions({ queryKey: ['test-checkout', id], queryFn: () => getTestCheckout(id) });
}

export function useTestCheckout(id: string) {
  return useQuery(testCheckoutQueryOptions(id));
}

export function payTestCheckout({ id, card }: { id: string; card: TestCard }): Promise<TestPaymentResult> {
  return api<TestPaymentResult>(`/api/test-provider/checkouts/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    body: card,
  });
}

export function usePayTestCheckout() {
  return useMutation({ mutationFn: payTestCheckout });
}

/** Which provider takes payments: the /test page only exists while the test provider is active. */
export function usePaymentProvider() {
  return useQuery({
    queryKey: ['payments', 'provider'],
    queryFn: () => api<ApiAnswer<typeof paymentProviderAnswerSchema>>('/api/payments/provider'),
  });
}
