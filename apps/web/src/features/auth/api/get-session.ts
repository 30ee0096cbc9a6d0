import type { SessionResponse } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

export function getSession(): Promise<SessionResponse> {
  return api<SessionResponse>('/api/auth/session');
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession });
}

/** Who is signed in; `data.user` is null for a visitor. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}
