import type { QueryClient } from '@tanstack/react-query';

/** Every document query starts with this key, so one invalidation refreshes lists, details and notices. */
export const documentsKey = ['documents'] as const;

export const documentKeys = {
  all: () => [...documentsKey, 'all'] as const,
  detail: (id: number) => [...documentsKey, 'detail', id] as const,
  trainer: (trainerId: number) => [...documentsKey, 'trainer', trainerId] as const,
  audit: (id: number) => [...documentsKey, 'audit', id] as const,
  consent: () => [...documentsKey, 'esign-consent'] as const,
  standing: (trainerId: number) => [...documentsKey, 'standing', trainerId] as const,
  templates: () => [...documentsKey, 'templates'] as const,
  campaign: (type: string) => [...documentsKey, 'campaign', type] as const,
  verifyFacts: (id: number, code: string | null) => [...documentsKey, 'verify', id, code] as const,
};

export function invalidateDocumentQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentsKey }),
    // The admin dashboard's pendingDocuments count follows the documents.
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'stats'] }),
  ]);
}
