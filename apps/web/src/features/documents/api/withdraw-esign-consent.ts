import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDocumentQueries } from './query-keys';

/** Later signatures need a new consent; documents already signed stand. */
export function withdrawEsignConsent(): Promise<unknown> {
  return api('/api/esign-consent', { method: 'DELETE' });
}

export function useWithdrawEsignConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawEsignConsent,
    onSuccess: () => invalidateDocumentQueries(queryClient),
  });
}
