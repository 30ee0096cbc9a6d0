import {
  type AccountingReport,
  type AccountingTotals,
  addTotals,
  DEFAULT_TIME_ZONE,
  EMPTY_TOTALS,
  instantToZonedTime,
  monthsOfYear,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { Executor } from '../../db/types';
import { type Range, sumMoneyMoved, sumUnpaidByDueDay } from './repository';

/** The brand's zone: a payment at 11 PM on 31 January in Tulsa is January's, whatever the server's clock says. */
export const REPORT_ZONE = DEFAULT_TIME_ZONE;

type MovedRow = Awaited<ReturnType<typeof sumMoneyMoved>>[number];
type UnpaidRow = Awaited<ReturnType<typeof sumUnpaidByDueDay>>[number];

/**
 * The ledger's rows folded into totals per period, in integer cents: money in is every non-refund row with a paid
 * day (one refunded or disputed later stays money that came in, on its day); refund and dispute rows are money
 * out on theirs; net is the sum of every row that moved money, so it equals the ledger's own sum.
 */
export function foldLedger(moved: readonly MovedRow[], unpaid: readonly UnpaidRow[]) {
  const byPeriod = new Map<string, AccountingTotals>();
  const totalsOf = (period: string) => {
    const found = byPeriod.get(period) ?? { ...EMPTY_TOTALS };
    byPeriod.set(period, found);
    return found;
  };
  for (const row of moved) {
    const t = totalsOf(row.period);
    const cents = Number(row.cents);
    t.netCents += cents;
    if (row.kind !== 'refund') {
      t.receivedCents += cents;
      t.payments += Number(row.n);
    } else if (row.status === 'disputed') t.disputedCents -= cents;
    else t.refundedCents -= cents;
  }
  for (const row of unpaid) {
    const t = totalsOf(row.period);
    if (row.status === 'waived') t.waivedCents += Number(row.cents);
    else t.outstandingCents += Number(row.cents);
  }
  return byPeriod;
}

/** From the first instant of `firstMonth` (in the brand's zone) to the first instant after `lastMonth`. */
export function monthsRange(firstMonth: string, monthAfterLast: string): Range {
  return {
    from: zonedTimeToInstant(`${firstMonth}-01`, '00:00', REPORT_ZONE),
    to: zonedTimeToInstant(`${monthAfterLast}-01`, '00:00', REPORT_ZONE),
  };
}

/** Totals per month between two months ('YYYY-MM', the second excluded), from the ledger. */
export async function ledgerByMonth(db: Executor, firstMonth: string, monthAfterLast: string) {
  const [moved, unpaid] = await Promise.all([
    sumMoneyMoved(db, REPORT_ZONE, 'YYYY-MM', monthsRange(firstMonth, monthAfterLast)),
    sumUnpaidByDueDay(db, 'YYYY-MM', { from: `${firstMonth}-01`, to: `${monthAfterLast}-01` }),
  ]);
  return foldLedger(moved, unpaid);
}

export const brandYear = (at: Date) => Number(instantToZonedTime(at, REPORT_ZONE).date.slice(0, 4));

/**
 * The accounting report of a year: each month, the year's total (the months' sum), and every year with ledger
 * activity with its own totals, newest first.
 */
export async function accountingReport(db: Executor, year: number): Promise<AccountingReport> {
  const [months, years] = await Promise.all([
    ledgerByMonth(db, `${year}-01`, `${year + 1}-01`),
    accountingByYear(db),
  ]);
  const monthRows = monthsOfYear(year).map((month) => ({ month, ...(months.get(month) ?? EMPTY_TOTALS) }));
  if (!years.some((y) => y.year === year)) {
    years.push({ year, ...EMPTY_TOTALS });
    years.sort((a, b) => b.year - a.year);
  }
  return {
    year,
    months: monthRows,
    total: monthRows.reduce<AccountingTotals>((sum, { month: _, ...t }) => addTotals(sum, t), {
      ...EMPTY_TOTALS,
    }),
    years,
  };
}

/** Every year with ledger activity and its totals, newest first. */
export async function accountingByYear(db: Executor): Promise<AccountingReport['years']> {
  const [moved, unpaid] = await Promise.all([
    sumMoneyMoved(db, REPORT_ZONE, 'YYYY'),
    sumUnpaidByDueDay(db, 'YYYY'),
  ]);
  return [...foldLedger(moved, unpaid)]
    .map(([y, totals]) => ({ year: Number(y), ...totals }))
    .sort((a, b) => b.year - a.year);
}
