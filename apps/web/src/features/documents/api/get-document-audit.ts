import type { AuditEvent } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** Admin: the document's append-only audit trail. */
export function getDocumentAudit(id: number, signal?: AbortSignal): Promise<AuditEvent[]> {
  return api<AuditEvent[]>(`/api/documents/${id}/audit`, { signal });
}

export function documentAuditQueryOptions(id: number) {
  return queryOptions({
    queryKey: documentKeys.audit(id),
    queryFn: ({ signal }) => getDocumentAudit(id, signal),
  });
}

export function useDocumentAudit(id: number, enabled = true) {
  return useQuery({ ...documentAuditQueryOptions(id), enabled });
}
