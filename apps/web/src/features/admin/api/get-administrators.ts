import type { ApiAnswer, accountAnswerSchema } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type Administrator = ApiAnswer<typeof accountAnswerSchema>;

export function getAdministrators(): Promise<Administrator[]> {
  return api<Administrator[]>('/api/admin/administrators');
}

export function administratorsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.administrators, queryFn: getAdministrators });
}

export function useAdministrators() {
  return useQuery(administratorsQueryOptions());
}
