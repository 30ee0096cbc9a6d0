import { z } from 'zod';
import { formatNumber } from './plain-format';

/**
 * The admin's insights and accounting report (issue 27 part 3, decision record 0017). Months and weeks are the
 * brand's (Central time); money is integer cents from the payment ledger, never a float.
 */

/** How far back the dashboard's charts look. */
export const INSIGHT_MONTHS = 12;
export const INSIGHT_WEEKS = 12;

export const INSIGHT_CHARTS = ['funnel', 'revenue', 'trainers-by-state', 'class-registrations'] as const;
export type InsightChart = (typeof INSIGHT_CHARTS)[number];

export const funnelMonthSchema = z.object({
  month: z.string(),
  checkoutStarted: z.number(),
  paid: z.number(),
  documentsSigned: z.number(),
  certified: z.number(),
});
export const revenueMonthSchema = z.object({
  month: z.string(),
  paidCents: z.number(),
  refundedCents: z.number(),
  disputedCents: z.number(),
  outstandingCents: z.number(),
});
export const trainersInStateSchema = z.object({
  /** The postal code, or 'other' for places that name no state. */
  state: z.string(),
  name: z.string(),
  trainers: z.number(),
  certified: z.number(),
});
export const registrationWeekSchema = z.object({
  /** The Monday the week starts on. */
  weekStart: z.string(),
  registrations: z.number(),
  cancelled: z.number(),
});

/** GET /api/admin/insights. */
export const insightsSchema = z.object({
  funnel: z.array(funnelMonthSchema),
  revenue: z.array(revenueMonthSchema),
  trainersByState: z.array(trainersInStateSchema),
  registrations: z.array(registrationWeekSchema),
});
export type Insights = z.output<typeof insightsSchema>;
export type FunnelMonth = z.output<typeof funnelMonthSchema>;
export type RevenueMonth = z.output<typeof revenueMonthSchema>;
export type TrainersInState = z.output<typeof trainersInStateSchema>;
export type RegistrationWeek = z.output<typeof registrationWeekSchema>;

export const accountingTotalsSchema = z.object({
  /** Money in: payments and instalments paid, offline payments recorded. */
  receivedCents: z.number(),
  /** Money back out, as positive amounts. */
  refundedCents: z.number(),
  disputedCents: z.number(),
  /** received - refunded - disputed: the ledger's sum over every row that moved money. */
  netCents: z.number(),
  /** Instalments due in the period and not paid yet (scheduled, failed or paused). */
  outstandingCents: z.number(),
  waivedCents: z.number(),
  /** Ledger rows that brought money in. */
  payments: z.number(),
});
export type AccountingTotals = z.output<typeof accountingTotalsSchema>;

export const accountingReportSchema = z.object({
  year: z.number(),
  months: z.array(accountingTotalsSchema.extend({ month: z.string() })),
  total: accountingTotalsSchema,
  /** Every year with ledger activity (and the one asked for), each with its totals. */
  years: z.array(accountingTotalsSchema.extend({ year: z.number() })),
});
export type AccountingReport = z.output<typeof accountingReportSchema>;

export const accountingQuerySchema = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const EMPTY_TOTALS: AccountingTotals = {
  receivedCents: 0,
  refundedCents: 0,
  disputedCents: 0,
  netCents: 0,
  outstandingCents: 0,
  waivedCents: 0,
  payments: 0,
};

/** Adds totals field by field (integers only, so the sum is exact). */
export function addTotals(a: AccountingTotals, b: AccountingTotals): AccountingTotals {
  return {
    receivedCents: a.receivedCents + b.receivedCents,
    refundedCents: a.refundedCents + b.refundedCents,
    disputedCents: a.disputedCents + b.disputedCents,
    netCents: a.netCents + b.netCents,
    outstandingCents: a.outstandingCents + b.outstandingCents,
    waivedCents: a.waivedCents + b.waivedCents,
    payments: a.payments + b.payments,
  };
}

/** 'YYYY-MM' `n` months after (or before, negative) `month`. */
export function addMonthsToMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The `count` months ending with `last`, oldest first. */
export const monthsEnding = (last: string, count: number) =>
  Array.from({ length: count }, (_, i) => addMonthsToMonth(last, i - count + 1));

/** The twelve months of a year. */
export const monthsOfYear = (year: number) => monthsEnding(`${year}-12`, 12);

/** The Monday of the week holding `day` ('YYYY-MM-DD'). */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** The `count` week starts (Mondays) ending with the week of `day`, oldest first. */
export function weeksEnding(day: string, count: number): string[] {
  const last = Date.parse(`${weekStartOf(day)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Mar 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
}
/** 'Mar 2' for the week starting that day. */
export function weekLabel(day: string): string {
  const [, m, d] = day.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${Number(d)}`;
}

/** '$1,234.56' from integer cents, exactly (no float division), '-$12.00' below zero. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = formatNumber(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
