import type { DocumentSummary } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** Admin: every document, newest first. */
export function getDocuments(signal?: AbortSignal): Promise<DocumentSummary[]> {
  return api<DocumentSummary[]>('/api/documents', { signal });
}

export function documentsQueryOptions() {
  return queryOptions({ queryKey: documentKeys.all(), queryFn: ({ signal }) => getDocuments(signal) });
}

export function useDocuments() {
  return useQuery(documentsQueryOptions());
}
