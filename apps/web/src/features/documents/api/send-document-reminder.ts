import type { DocumentSummary } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDocumentQueries } from './query-keys';

/** Admin: e-mails the trainer a reminder; the server refuses unless canSendReminder holds. */
export function sendDocumentReminder(id: number): Promise<DocumentSummary> {
  return api<DocumentSummary>(`/api/documents/${id}/send-reminder`, { method: 'POST' });
}

export function useSendDocumentReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDocumentReminder,
    onSuccess: () => invalidateDocumentQueries(queryClient),
  });
}
