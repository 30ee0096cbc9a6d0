import { QueryClient } from '@tanstack/react-query';

/** Spec 7: data is never stale, is not refetched on focus and failed calls are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
