import type { PublicCertificate } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** ['certificates', ...]: public answers, fetched for the verify page by the server's renderer (entry-server.tsx). */
export const publicCertificateKey = (typed: string) => ['certificates', 'public', typed] as const;

/** GET /api/certificates/{number}: the certificate, or null when there is none with this number. */
export function publicCertificateQueryOptions(typed: string) {
  return queryOptions({
    queryKey: publicCertificateKey(typed),
    queryFn: async (): Promise<PublicCertificate | null> => {
      try {
        return await api<PublicCertificate>(`/api/certificates/${encodeURIComponent(typed)}`);
      } catch (error) {
        // 'No certificate with this number' is an answer, not a failure: the page says so.
        if (isApiError(error, 404) && error.code === 'certificate_not_found') return null;
        throw error;
      }
    },
  });
}

export function usePublicCertificate(typed: string) {
  return useQuery(publicCertificateQueryOptions(typed));
}
