import type { BrandingAnswer, BrandingUpdate } from '@soulpunch/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setPageBrand } from '@/lib/brand';
import { adminKeys } from './query-keys';

// The brand's four calls (read, save, logo upload, logo removal) share one answer and one cache entry.

export function getBranding(): Promise<BrandingAnswer> {
  return api<BrandingAnswer>('/api/admin/branding');
}

export function useBranding() {
  return useQuery(queryOptions({ queryKey: adminKeys.branding, queryFn: getBranding }));
}

/** Every change answers the brand as saved: this page shows it at once, other pages from their next load. */
function useBrandingMutation<I>(mutationFn: (input: I) => Promise<BrandingAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(adminKeys.branding, answer);
      setPageBrand(answer.brand);
    },
  });
}

export const useSaveBranding = () =>
  useBrandingMutation((input: BrandingUpdate) =>
    api<BrandingAnswer>('/api/admin/branding', { method: 'PUT', body: input }),
  );

export const useUploadLogo = () =>
  useBrandingMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<BrandingAnswer>('/api/admin/branding/logo', { method: 'POST', body: form });
  });

export const useRemoveLogo = () =>
  useBrandingMutation((_: undefined) =>
    api<BrandingAnswer>('/api/admin/branding/logo', { method: 'DELETE' }),
  );
