import { isApiError } from '@/lib/api-client';

/**
 * Spec 7: directory and trainer calls are retried once. A 4xx answer (unknown place, trainer not listed)
 * will not change on a second try, so it is not retried.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Spec 9: directory data is fresh for 30 s (the server's Cache-Control max-age matches). */
export const DIRECTORY_STALE_TIME = 30_000;

/** Every directory query starts with this key, so one invalidation refreshes lists, states and profiles. */
export const publicTrainersKey = ['public-trainers'] as const;
