import type { EsignDisclosure } from '@soulpunch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateDocumentQueries } from './query-keys';

/** Consents to the exact disclosure shown: its version and hash travel with the consent. */
export function giveEsignConsent(disclosure: EsignDisclosure): Promise<unknown> {
  return api('/api/esign-consent', {
    method: 'POST',
    body: { disclosureVersion: disclosure.version, disclosureSha256: disclosure.sha256 },
  });
}

export function useGiveEsignConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveEsignConsent,
    onSuccess: () => invalidateDocumentQueries(queryClient),
  });
}
