import type { DocumentTemplateView, DocumentType, TemplateDraft } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDocumentQueries } from './query-keys';

/** Admin: publishes version n+1; every trainer who signed an older one is asked to sign again. */
export function publishTemplateVersion({
  type,
  draft,
}: {
  type: DocumentType;
  draft: TemplateDraft;
}): Promise<DocumentTemplateView> {
  return api<DocumentTemplateView>(`/api/document-templates/${type}/versions`, {
    method: 'POST',
    body: draft,
  });
}

export function usePublishTemplateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishTemplateVersion,
    onSuccess: () => invalidateDocumentQueries(queryClient),
  });
}
