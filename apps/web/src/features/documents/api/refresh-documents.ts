import type { ApiAnswer, documentRoundSchema } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDocumentQueries } from './query-keys';

export type RefreshResult = ApiAnswer<typeof documentRoundSchema>;

/** Admin: re-checks every unsigned document (expiry, reminders, unsent). */
export function refreshDocuments(): Promise<RefreshResult> {
  return api<RefreshResult>('/api/documents/refresh', { method: 'POST' });
}

export function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshDocuments,
    onSuccess: () => invalidateDocumentQueries(queryClient),
  });
}
