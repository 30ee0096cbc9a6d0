import type { ApiAnswer, verifyFactsSchema } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

/** The public facts of a signed document: what the QR code on its certificate points at. */
export type VerifyFacts = ApiAnswer<typeof verifyFactsSchema>;

/** `code` is the check code printed with the document's address: with it, the answer names the signer. */
export function getVerifyFacts(id: number, code: string | null, signal?: AbortSignal): Promise<VerifyFacts> {
  const query = code ? `?code=${encodeURIComponent(code)}` : '';
  return api<VerifyFacts>(`/api/verify/${id}${query}`, { signal });
}

export function verifyFactsQueryOptions(id: number, code: string | null) {
  return queryOptions({
    queryKey: documentKeys.verifyFacts(id, code),
    queryFn: ({ signal }) => getVerifyFacts(id, code, signal),
    retry: false,
  });
}

export function useVerifyFacts(id: number | null, code: string | null) {
  return useQuery({ ...verifyFactsQueryOptions(id ?? 0, code), enabled: id !== null });
}
