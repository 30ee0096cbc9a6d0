import type { CertificationSettings, RenewalRequirement } from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const settingsKey = ['certification-settings'] as const;
const path = '/api/admin/certification-settings';

export function useCertificationSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api<CertificationSettings>(path) });
}

/** What renewal requires changes every trainer's renewal view: the certification queries refetch. */
export function useSaveCertificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (renewalRequires: RenewalRequirement[]) =>
      api<CertificationSettings>(path, { method: 'PUT', body: { renewalRequires } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['certification'] });
    },
  });
}
