import type { ApiAnswer, AuditEventType, verifyFactsSchema } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** The public facts of a signed document: what the QR code on its certificate points at. */
export type VerifyFacts = ApiAnswer<typeof verifyFactsSchema>;

export function getVerifyFacts(id: number, signal?: AbortSignal): Promise<VerifyFacts> {
  return api<VerifyFacts>(`/api/verify/${id}`, { signal });
}

export function verifyFactsQueryOptions(id: number) {
  return queryOptions({
    queryKey: documentKeys.verifyFacts(id),
    queryFn: ({ signal }) => getVerifyFacts(id, signal),
    retry: false,
  });
}

export function useVerifyFacts(id: number | null) {
  return useQuery({ ...verifyFactsQueryOptions(id ?? 0), enabled: id !== null });
}
