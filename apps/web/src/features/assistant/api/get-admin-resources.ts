import type { AdminResourceList } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { assistantKeys } from './query-keys';

export function getAdminResources(): Promise<AdminResourceList> {
  return api<AdminResourceList>('/api/admin/resources');
}

export function adminResourcesQueryOptions() {
  return queryOptions({ queryKey: assistantKeys.resources, queryFn: getAdminResources });
}

export function useAdminResources() {
  return useQuery(adminResourcesQueryOptions());
}
