import type { DashboardStats } from '@soulpunch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export function getDashboardStats(): Promise<DashboardStats> {
  return api<DashboardStats>('/api/dashboard/stats');
}

export function dashboardStatsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.dashboardStats, queryFn: getDashboardStats });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
