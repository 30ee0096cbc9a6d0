import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface PortalResource {
  id: number;
  name: string;
  description: string;
  badge: string | null;
  /** A short line under the name, e.g. the place and dates of a training. */
  details: string | null;
  url: string;
  /** Whether this trainer has opened it before (kept on the server). */
  visited: boolean;
  /** An upcoming training's first and last day ('YYYY-MM-DD'); past ones never reach the dashboard. */
  startsOn: string | null;
  endsOn: string | null;
}

export interface ResourceCategory {
  id: number;
  name: string;
  comingSoon: boolean;
  resources: PortalResource[];
}

export interface PortalResources {
  categories: ResourceCategory[];
  upcomingTraining: PortalResource[];
  trainingSchedule: PortalResource[];
}

export const resourcesQueryKey = ['resources'] as const;

export function getResources(): Promise<PortalResources> {
  return api<PortalResources>('/api/resources');
}

export function resourcesQueryOptions() {
  return queryOptions({ queryKey: resourcesQueryKey, queryFn: getResources });
}

export function useResources() {
  return useQuery(resourcesQueryOptions());
}
