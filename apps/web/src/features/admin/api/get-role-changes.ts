import type { RoleChange } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** Every grant and removal of an admin-area role, newest first. */
export function getRoleChanges(): Promise<RoleChange[]> {
  return api<RoleChange[]>('/api/admin/role-changes');
}

export function roleChangesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.roleChanges, queryFn: getRoleChanges });
}

export function useRoleChanges() {
  return useQuery(roleChangesQueryOptions());
}
