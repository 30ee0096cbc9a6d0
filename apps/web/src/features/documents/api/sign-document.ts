import type { DocumentSummary, SignDocumentRequest } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDocumentQueries } from './query-keys';

export function signDocument({
  id,
  body,
}: {
  id: number;
  body: SignDocumentRequest;
}): Promise<DocumentSummary> {
  return api<DocumentSummary>(`/api/documents/${id}/sign`, { method: 'POST', body });
}

export function useSignDocument() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signDocument, onSuccess: () => invalidateDocumentQueries(queryClient) });
}
