import type { DocumentDetail } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** The full text to read and sign; opening it as the signer records 'viewed' on the server. */
export function getDocument(id: number, signal?: AbortSignal): Promise<DocumentDetail> {
  return api<DocumentDetail>(`/api/documents/${id}`, { signal });
}

export function documentQueryOptions(id: number) {
  return queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => getDocument(id, signal),
  });
}

export function useDocument(id: number | null, enabled = true) {
  return useQuery({ ...documentQueryOptions(id ?? 0), enabled: id !== null && enabled });
}
