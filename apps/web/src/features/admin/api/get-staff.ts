import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Administrator } from './get-administrators';
import { adminKeys } from './query-keys';

/** The read-only staff of the admin area. */
export function getStaff(): Promise<Administrator[]> {
  return api<Administrator[]>('/api/admin/staff');
}

export function staffQueryOptions() {
  return queryOptions({ queryKey: adminKeys.staff, queryFn: getStaff });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}
