import { DOCUMENT_TYPES } from '@soulpunch/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/types';

/**
 * Reads for the admin's insights and the accounting report (decision record 0017): counts and sums grouped by the
 * brand's month or week in SQL, so the answer costs the same at 40 trainers or 100,000. A read-only report reads
 * other modules' tables here; no other module's rules are bypassed, since nothing is written.
 */

/** 'YYYY-MM' (or 'YYYY') of an instant in the brand's zone. */
const periodOf = (column: RawBuilder<unknown>, zone: string, format: 'YYYY-MM' | 'YYYY') =>
  sql<string>`to_char(${column} at time zone ${zone}, ${format})`;

/**
 * Grouped by the first column's position: the same expression written twice would carry its zone as two
 * parameters, which PostgreSQL does not see as one expression.
 */
const BY_FIRST_COLUMN = sql`1`;

export interface Range {
  from: Date;
  to: Date;
}

/** Enrolments whose checkout opened (a visitor's or a portal trainer's; an admin's offline record is no checkout). */
export async function countCheckoutsStarted(db: Executor, zone: string, range: Range) {
  const month = periodOf(sql.ref('createdAt'), zone, 'YYYY-MM');
  return db
    .selectFrom('enrolments')
    .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('origin', '!=', 'offline')
    .where('createdAt', '>=', range.from)
    .where('createdAt', '<', range.to)
    .groupBy(BY_FIRST_COLUMN)
    .execute();
}

export async function countEnrolmentsPaid(db: Executor, zone: string, range: Range) {
  const month = periodOf(sql.ref('paidAt'), zone, 'YYYY-MM');
  return db
    .selectFrom('enrolments')
    .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'paid')
    .where('paidAt', '>=', range.from)
    .where('paidAt', '<', range.to)
    .groupBy(BY_FIRST_COLUMN)
    .execute();
}

/** Trainers by the month their third required document was first signed (a later version signed again is no news). */
export async function countDocumentsCompleted(db: Executor, zone: string, range: Range) {
  const { rows } = await sql<{ month: string; n: number }>`
    select to_char(done_at at time zone ${zone}, 'YYYY-MM') as month, count(*) as n
    from (
      select trainer_id, max(first_signed) as done_at
      from (
        select trainer_id, type, min(signed_at) as first_signed from documents
        where signed_at is not null and type in (${sql.join(DOCUMENT_TYPES)})
        group by trainer_id, type
      ) firsts
      group by trainer_id
      having count(*) = ${DOCUMENT_TYPES.length}
    ) completed
    where done_at >= ${range.from} and done_at < ${range.to}
    group by 1`.execute(db);
  return rows;
}

export async function countCertificatesIssued(db: Executor, zone: string, range: Range) {
  const month = periodOf(sql.ref('at'), zone, 'YYYY-MM');
  return db
    .selectFrom('certificationHistory')
    .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('action', '=', 'issued')
    .where('at', '>=', range.from)
    .where('at', '<', range.to)
    .groupBy(BY_FIRST_COLUMN)
    .execute();
}

/**
 * Ledger rows that moved money (a paid day), summed by period, kind and status: payments and instalments paid
 * (refunded or disputed later or not), offline payments, and the refund and dispute rows (negative amounts).
 */
export async function sumMoneyMoved(db: Executor, zone: string, format: 'YYYY-MM' | 'YYYY', range?: Range) {
  const period = periodOf(sql.ref('paidAt'), zone, format);
  let q = db
    .selectFrom('payments')
    .select([
      period.as('period'),
      'kind',
      'status',
      (eb) => eb.fn.sum<number>('amountCents').as('cents'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('paidAt', 'is not', null);
  if (range) q = q.where('paidAt', '>=', range.from).where('paidAt', '<', range.to);
  return q.groupBy([BY_FIRST_COLUMN, 'kind', 'status']).execute();
}

/** Instalments not paid (owed: scheduled, failed, paused; or waived), summed by the period they fall due in. */
export async function sumUnpaidByDueDay(
  db: Executor,
  format: 'YYYY-MM' | 'YYYY',
  days?: { from: string; to: string },
) {
  const period = sql<string>`substr(cast(${sql.ref('dueOn')} as text), 1, ${format.length})`;
  let q = db
    .selectFrom('payments')
    .select([period.as('period'), 'status', (eb) => eb.fn.sum<number>('amountCents').as('cents')])
    .where('kind', '!=', 'refund')
    .where('status', 'in', ['scheduled', 'failed', 'paused', 'waived'])
    .where('dueOn', 'is not', null);
  if (days) q = q.where('dueOn', '>=', days.from).where('dueOn', '<', days.to);
  return q.groupBy([BY_FIRST_COLUMN, 'status']).execute();
}

/** Trainers by the place they typed, with how many of them are certified (listed statuses). */
export async function countTrainersByState(db: Executor) {
  return db
    .selectFrom('trainers as t')
    .leftJoin('certificationRecords as c', 'c.trainerId', 't.id')
    .select([
      't.state',
      (eb) => eb.fn.countAll<number>().as('trainers'),
      sql<number>`count(*) filter (where c.status in ('certified', 'renewal_due'))`.as('certified'),
    ])
    .groupBy('t.state')
    .execute();
}

/** Class registrations made each week (Monday to Sunday in the brand's zone), and how many were cancelled since. */
export async function countRegistrationsByWeek(db: Executor, zone: string, range: Range) {
  const week = sql<string>`to_char(date_trunc('week', ${sql.ref('createdAt')} at time zone ${zone}), 'YYYY-MM-DD')`;
  return db
    .selectFrom('classRegistrations')
    .select([
      week.as('weekStart'),
      (eb) => eb.fn.countAll<number>().as('registrations'),
      sql<number>`count(*) filter (where status = 'cancelled')`.as('cancelled'),
    ])
    .where('createdAt', '>=', range.from)
    .where('createdAt', '<', range.to)
    .groupBy(BY_FIRST_COLUMN)
    .execute();
}
