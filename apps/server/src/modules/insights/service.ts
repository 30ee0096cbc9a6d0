import {
  addMonthsToMonth,
  EMPTY_TOTALS,
  type FunnelMonth,
  INSIGHT_MONTHS,
  INSIGHT_WEEKS,
  type Insights,
  instantToZonedTime,
  monthsEnding,
  type RegistrationWeek,
  type RevenueMonth,
  stateCodeOf,
  type TrainersInState,
  US_STATE_NAMES,
  weeksEnding,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { Executor } from '../../db/types';
import { ledgerByMonth, monthsRange, REPORT_ZONE } from './accounting';
import {
  countCertificatesIssued,
  countCheckoutsStarted,
  countDocumentsCompleted,
  countEnrolmentsPaid,
  countRegistrationsByWeek,
  countTrainersByState,
} from './repository';

const OTHER_PLACE = { state: 'other', name: 'Other or not given' };

/** Counts by key as a lookup (the database answers only the periods that have any). */
const byKey = <K extends string>(rows: ReadonlyArray<Record<K, string> & { n: number }>, key: K) =>
  new Map(rows.map((row) => [row[key], Number(row.n)]));

/** The enrolment funnel per month: checkouts opened, enrolments paid, documents all signed, certificates issued. */
async function funnel(db: Executor, months: string[]): Promise<FunnelMonth[]> {
  const last = months[months.length - 1] as string;
  const range = monthsRange(months[0] as string, addMonthsToMonth(last, 1));
  const [started, paid, signed, certified] = await Promise.all([
    countCheckoutsStarted(db, REPORT_ZONE, range),
    countEnrolmentsPaid(db, REPORT_ZONE, range),
    countDocumentsCompleted(db, REPORT_ZONE, range),
    countCertificatesIssued(db, REPORT_ZONE, range),
  ]);
  const [s, p, d, c] = [started, paid, signed, certified].map((rows) => byKey(rows, 'month'));
  return months.map((month) => ({
    month,
    checkoutStarted: s?.get(month) ?? 0,
    paid: p?.get(month) ?? 0,
    documentsSigned: d?.get(month) ?? 0,
    certified: c?.get(month) ?? 0,
  }));
}

/** Revenue per month from the ledger (the accounting report's own sums). */
async function revenue(db: Executor, months: string[]): Promise<RevenueMonth[]> {
  const last = months[months.length - 1] as string;
  const totals = await ledgerByMonth(db, months[0] as string, addMonthsToMonth(last, 1));
  return months.map((month) => {
    const t = totals.get(month) ?? EMPTY_TOTALS;
    return {
      month,
      paidCents: t.receivedCents,
      refundedCents: t.refundedCents,
      disputedCents: t.disputedCents,
      outstandingCents: t.outstandingCents,
    };
  });
}

/** Trainers per state, the typed place read as a state ('ok', 'Oklahoma'), most trainers first. */
export async function trainersByState(db: Executor): Promise<TrainersInState[]> {
  const counts = new Map<string, TrainersInState>();
  for (const row of await countTrainersByState(db)) {
    const code = stateCodeOf(row.state);
    const place = code ? { state: code, name: US_STATE_NAMES[code] ?? code } : OTHER_PLACE;
    const found = counts.get(place.state) ?? { ...place, trainers: 0, certified: 0 };
    found.trainers += Number(row.trainers);
    found.certified += Number(row.certified);
    counts.set(place.state, found);
  }
  return [...counts.values()].sort(
    (a, b) =>
      Number(a.state === 'other') - Number(b.state === 'other') ||
      b.trainers - a.trainers ||
      a.name.localeCompare(b.name),
  );
}

async function registrations(db: Executor, today: string): Promise<RegistrationWeek[]> {
  const weeks = weeksEnding(today, INSIGHT_WEEKS);
  const first = weeks[0] as string;
  const afterLast = new Date(Date.parse(`${weeks[weeks.length - 1]}T00:00:00Z`) + 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const rows = await countRegistrationsByWeek(db, REPORT_ZONE, {
    from: zonedTimeToInstant(first, '00:00', REPORT_ZONE),
    to: zonedTimeToInstant(afterLast, '00:00', REPORT_ZONE),
  });
  const found = new Map(rows.map((r) => [r.weekStart, r]));
  return weeks.map((weekStart) => ({
    weekStart,
    registrations: Number(found.get(weekStart)?.registrations ?? 0),
    cancelled: Number(found.get(weekStart)?.cancelled ?? 0),
  }));
}

/** The dashboard's four charts, for the months and weeks up to now (the brand's calendar). */
export async function getInsights(db: Executor, now: Date): Promise<Insights> {
  const today = instantToZonedTime(now, REPORT_ZONE).date;
  const months = monthsEnding(today.slice(0, 7), INSIGHT_MONTHS);
  const [f, r, s, w] = await Promise.all([
    funnel(db, months),
    revenue(db, months),
    trainersByState(db),
    registrations(db, today),
  ]);
  return { funnel: f, revenue: r, trainersByState: s, registrations: w };
}
