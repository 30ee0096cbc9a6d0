import type { AccountingReport, AccountingTotals, InsightChart, Insights } from '@soulpunch/shared';
import { type CsvValue, centsToDecimal, toCsv } from '../../lib/csv';

export interface CsvFile {
  filename: string;
  body: string;
}

/** Each chart's numbers as the table under it shows them, money in dollars with cents. */
export function insightCsv(chart: InsightChart, insights: Insights, day: string): CsvFile {
  const file = (header: string[], rows: CsvValue[][]) => ({
    filename: `soul-punch-${chart}-${day}.csv`,
    body: toCsv(header, rows),
  });
  switch (chart) {
    case 'funnel':
      return file(
        ['Month', 'Checkout started', 'Paid', 'Documents signed', 'Certified'],
        insights.funnel.map((m) => [m.month, m.checkoutStarted, m.paid, m.documentsSigned, m.certified]),
      );
    case 'revenue':
      return file(
        ['Month', 'Paid (USD)', 'Refunded (USD)', 'Disputed (USD)', 'Instalments outstanding (USD)'],
        insights.revenue.map((m) => [
          m.month,
          centsToDecimal(m.paidCents),
          centsToDecimal(m.refundedCents),
          centsToDecimal(m.disputedCents),
          centsToDecimal(m.outstandingCents),
        ]),
      );
    case 'trainers-by-state':
      return file(
        ['State', 'Name', 'Trainers', 'Certified'],
        insights.trainersByState.map((s) => [s.state, s.name, s.trainers, s.certified]),
      );
    case 'class-registrations':
      return file(
        ['Week starting', 'Registrations', 'Cancelled since'],
        insights.registrations.map((w) => [w.weekStart, w.registrations, w.cancelled]),
      );
  }
}

const TOTAL_COLUMNS = [
  'Received (USD)',
  'Refunded (USD)',
  'Disputed (USD)',
  'Net (USD)',
  'Instalments outstanding (USD)',
  'Waived (USD)',
  'Payments',
];
const totalCells = (t: AccountingTotals): CsvValue[] => [
  centsToDecimal(t.receivedCents),
  centsToDecimal(t.refundedCents),
  centsToDecimal(t.disputedCents),
  centsToDecimal(t.netCents),
  centsToDecimal(t.outstandingCents),
  centsToDecimal(t.waivedCents),
  t.payments,
];

/** A year month by month, its total last. */
export function monthlyAccountingCsv(report: AccountingReport): CsvFile {
  return {
    filename: `soul-punch-accounting-${report.year}.csv`,
    body: toCsv(
      ['Month', ...TOTAL_COLUMNS],
      [
        ...report.months.map(({ month, ...t }) => [month, ...totalCells(t)]),
        [`Total ${report.year}`, ...totalCells(report.total)],
      ],
    ),
  };
}

/** Every year with ledger activity, newest first. */
export function yearlyAccountingCsv(years: AccountingReport['years'], day: string): CsvFile {
  return {
    filename: `soul-punch-accounting-by-year-${day}.csv`,
    body: toCsv(
      ['Year', ...TOTAL_COLUMNS],
      years.map(({ year, ...t }) => [year, ...totalCells(t)]),
    ),
  };
}
