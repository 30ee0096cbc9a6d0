import type { AccountingReport, InsightChart, Insights } from '@soulpunch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const insightKeys = {
  insights: ['insights'] as const,
  accounting: (year: number | null) => ['insights', 'accounting', year] as const,
};

export function useInsights() {
  return useQuery({ queryKey: insightKeys.insights, queryFn: () => api<Insights>('/api/admin/insights') });
}

/** A year's report (this year when null); the last year shown stays while the next loads. */
export function useAccounting(year: number | null) {
  return useQuery({
    queryKey: insightKeys.accounting(year),
    queryFn: () =>
      api<AccountingReport>(year ? `/api/admin/accounting?year=${year}` : '/api/admin/accounting'),
    placeholderData: keepPreviousData,
  });
}

export const chartCsvUrl = (chart: InsightChart) => `/api/admin/insights/${chart}.csv`;
export const monthsCsvUrl = (year: number) => `/api/admin/accounting/months.csv?year=${year}`;
export const YEARS_CSV_URL = '/api/admin/accounting/years.csv';
