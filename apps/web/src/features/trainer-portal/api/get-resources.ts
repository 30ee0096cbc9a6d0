import type { ApiAnswer, portalResourceSchema, portalResourcesSchema } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PortalResource = ApiAnswer<typeof portalResourceSchema>;

export type ResourceCategory = PortalResources['categories'][number];

export type PortalResources = ApiAnswer<typeof portalResourcesSchema>;

export const resourcesQueryKey = ['resources'] as const;

export function getResources(): Promise<PortalResources> {
  return api<PortalResources>('/api/resources');
}

export function resourcesQueryOptions() {
  return queryOptions({ queryKey: resourcesQueryKey, queryFn: getResources });
}

/** `enabled: false` while no one is signed in: the catalogue is only for trainers. */
export function useResources({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...resourcesQueryOptions(), enabled });
}
