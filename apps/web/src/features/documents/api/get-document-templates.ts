import type { DocumentTemplateView } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

export function getDocumentTemplates(signal?: AbortSignal): Promise<DocumentTemplateView[]> {
  return api<DocumentTemplateView[]>('/api/document-templates', { signal });
}

export function documentTemplatesQueryOptions() {
  return queryOptions({
    queryKey: documentKeys.templates(),
    queryFn: ({ signal }) => getDocumentTemplates(signal),
  });
}

export function useDocumentTemplates() {
  return useQuery(documentTemplatesQueryOptions());
}
