import { type AccountingReport, EMPTY_TOTALS, type Insights, monthsOfYear } from '@soulpunch/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '@/features/admin/testing/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { MAP_SHADES, shadeOf } from './us-state-map';

const insights: Insights = {
  funnel: [
    { month: '2026-02', checkoutStarted: 5, paid: 3, documentsSigned: 2, certified: 1 },
    { month: '2026-03', checkoutStarted: 4, paid: 2, documentsSigned: 2, certified: 2 },
  ],
  revenue: [
    { month: '2026-02', paidCents: 123_456, refundedCents: 5, disputedCents: 0, outstandingCents: 40_001 },
    { month: '2026-03', paidCents: 0, refundedCents: 0, disputedCents: 0, outstandingCents: 0 },
  ],
  trainersByState: [
    { state: 'OK', name: 'Oklahoma', trainers: 9, certified: 7 },
    { state: 'other', name: 'Other or not given', trainers: 1, certified: 0 },
  ],
  registrations: [{ weekStart: '2026-03-09', registrations: 6, cancelled: 1 }],
};

const stats = {
  trainerCount: 0,
  byOnboardingStatus: {},
  byPaymentStatus: {},
  byBand: {},
  pendingDocuments: [],
  awaitingDocuments: [],
  awaitingDocumentsTotal: 0,
  pendingDocumentsElsewhere: 0,
};

describe('the Insights tab', () => {
  it('gives each chart its numbers as a table and a CSV download', async () => {
    mockApi({
      ...adminSession,
      'GET /api/dashboard/stats': json(stats),
      'GET /api/admin/insights': json(insights),
    });
    const { user } = renderApp('/admin?view=insights');

    // The charts' code loads with the tab (Recharts is large): the first time takes a while.
    const revenue = await screen.findByRole('region', { name: 'Revenue per month' }, { timeout: 15_000 });
    const table = within(revenue).getByRole('table', { name: 'Revenue per month' });
    expect(within(table).getByRole('row', { name: /Feb 2026/ })).toHaveTextContent(
      'Feb 2026$1,234.56$0.05$0.00$400.01',
    );
    expect(within(revenue).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/insights/revenue.csv',
    );
    await user.click(within(revenue).getByRole('button', { name: 'Show the numbers' }));
    expect(within(revenue).getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    for (const [title, row] of [
      ['Enrolment funnel', 'Mar 20264222'],
      ['Trainers per state', 'Oklahoma97'],
      ['Class registrations per week', 'Mar 961'],
    ]) {
      const region = screen.getByRole('region', { name: title });
      expect(within(region).getByRole('table')).toHaveTextContent(row as string);
      expect(within(region).getByRole('link', { name: 'Download CSV' })).toBeInTheDocument();
    }
  });

  it('shades the map from the lightest (none) to the darkest (the most trainers)', () => {
    expect(shadeOf(0, 9)).toBe(MAP_SHADES[0]);
    expect(shadeOf(1, 9)).toBe(MAP_SHADES[1]);
    expect(shadeOf(9, 9)).toBe(MAP_SHADES[MAP_SHADES.length - 1]);
  });
});

describe('the accounting report', () => {
  it('shows the year month by month with its total, and every year', async () => {
    const months = monthsOfYear(2026).map((month) => ({ month, ...EMPTY_TOTALS }));
    months[1] = {
      ...EMPTY_TOTALS,
      month: '2026-02',
      receivedCents: 200_002,
      refundedCents: 2,
      netCents: 200_000,
      payments: 2,
    };
    const total = {
      ...EMPTY_TOTALS,
      receivedCents: 200_002,
      refundedCents: 2,
      netCents: 200_000,
      payments: 2,
    };
    const report: AccountingReport = {
      year: 2026,
      months,
      total,
      years: [
        { year: 2026, ...total },
        { year: 2025, ...EMPTY_TOTALS, receivedCents: 99, netCents: 99, payments: 1 },
      ],
    };
    mockApi({ ...adminSession, 'GET /api/admin/accounting': json(report) });
    renderApp('/admin/inventory?tab=accounting');

    const byMonth = await screen.findByRole('table', { name: '2026 by month' });
    expect(within(byMonth).getByRole('row', { name: /Feb 2026/ })).toHaveTextContent(
      'Feb 2026$2,000.02$0.02$0.00$2,000.00$0.00$0.002',
    );
    expect(within(byMonth).getByRole('row', { name: /Total 2026/ })).toHaveTextContent('Total 2026$2,000.02');
    const byYear = screen.getByRole('table', { name: 'Every year with ledger activity' });
    expect(within(byYear).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: /Download 2026/ })).toHaveAttribute(
      'href',
      '/api/admin/accounting/months.csv?year=2026',
    );
  });
});
