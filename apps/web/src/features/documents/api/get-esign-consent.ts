import type { EsignConsentState } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { documentKeys } from './query-keys';

export function getEsignConsent(signal?: AbortSignal): Promise<EsignConsentState> {
  return api<EsignConsentState>('/api/esign-consent', { signal });
}

export function esignConsentQueryOptions() {
  return queryOptions({ queryKey: documentKeys.consent(), queryFn: ({ signal }) => getEsignConsent(signal) });
}

export function useEsignConsent(enabled = true) {
  return useQuery({ ...esignConsentQueryOptions(), enabled });
}
