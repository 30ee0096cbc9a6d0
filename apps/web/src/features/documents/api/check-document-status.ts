import type { DocumentSummary } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDocumentQueries } from './query-keys';

/** Admin: re-evaluates one document (expiry, reminder due, not yet sent). */
export function checkDocumentStatus(id: number): Promise<DocumentSummary> {
  return api<DocumentSummary>(`/api/documents/${id}/check-status`, { method: 'POST' });
}

export function useCheckDocumentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkDocumentStatus,
    onSuccess: () => invalidateDocumentQueries(queryClient),
  });
}
