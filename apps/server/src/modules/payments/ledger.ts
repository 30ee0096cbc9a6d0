import { CURRENCY, PLANS } from '@soulpunch/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { EnrolmentRow, PaymentRow } from '../../db/schema-payments';
import { refreshTrainerCoordinates } from '../trainers/repository';

type Trx = Kysely<Database>;

/** 'YYYY-MM-DD' of the day `months` months after `from` (the 31st becomes the month's last day). */
export function addMonths(from: Date, months: number): string {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(from.getUTCDate(), last))).toISOString().slice(0, 10);
}

/**
 * The plan's rows, created once: one payment in full, or six monthly instalments due from the enrolment's day.
 * Due dates come from the enrolment, not from when an event arrived, so any order of events gives the same rows.
 */
export async function ensureLedgerRows(trx: Trx, enrolment: EnrolmentRow): Promise<void> {
  const plan = PLANS[enrolment.plan];
  const rows = Array.from({ length: plan.instalments }, (_, i) => ({
    enrolmentId: enrolment.id,
    trainerId: enrolment.trainerId,
    instalment: i + 1,
    kind: enrolment.plan === 'full' ? ('payment' as const) : ('instalment' as const),
    amountCents: enrolment.amountCents,
    currency: enrolment.currency,
    dueOn: addMonths(enrolment.createdAt, i),
    status: 'scheduled' as const,
  }));
  await trx
    .insertInto('payments')
    .values(rows.map(({ trainerId: _t, ...r }) => r))
    .onConflict((oc) => oc.columns(['enrolmentId', 'instalment']).doNothing())
    .execute();
}

export async function ledgerOf(trx: Trx, enrolmentId: number): Promise<PaymentRow[]> {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('enrolmentId', '=', enrolmentId)
    .orderBy('instalment', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Marks an instalment paid. Paid wins over a failure whatever order they arrive in; times keep the earliest. */
export async function markInstalmentPaid(
  trx: Trx,
  enrolment: EnrolmentRow,
  instalment: number,
  at: Date,
  ref: string | null,
  receiptUrl: string | null,
): Promise<void> {
  await ensureLedgerRows(trx, enrolment);
  await trx
    .updateTable('payments')
    .set({
      status: sql`case when status in ('refunded', 'disputed') then status else 'paid' end`,
      paidAt: sql`least(coalesce(paid_at, ${at}), ${at})`,
      providerRef: sql`coalesce(provider_ref, ${ref})`,
      receiptUrl: sql`coalesce(${receiptUrl}, receipt_url)`,
      payNowUrl: null,
      updatedAt: new Date(),
    })
    .where('enrolmentId', '=', enrolment.id)
    .where('instalment', '=', instalment)
    .execute();
}

/** Records a failed attempt: each failure counts once (events are deduplicated), and never undoes a payment. */
export async function markInstalmentFailed(
  trx: Trx,
  enrolment: EnrolmentRow,
  instalment: number,
  at: Date,
  ref: string | null,
  payNowUrl: string | null,
): Promise<void> {
  await ensureLedgerRows(trx, enrolment);
  await trx
    .updateTable('payments')
    .set({
      attempts: sql`attempts + 1`,
      status: sql`case when status in ('scheduled', 'failed') then 'failed' else status end`,
      failedAt: sql`least(coalesce(failed_at, ${at}), ${at})`,
      providerRef: sql`coalesce(provider_ref, ${ref})`,
      payNowUrl: sql`case when status in ('scheduled', 'failed') then coalesce(${payNowUrl}, pay_now_url) else pay_now_url end`,
      updatedAt: new Date(),
    })
    .where('enrolmentId', '=', enrolment.id)
    .where('instalment', '=', instalment)
    .execute();
}

/**
 * The first verified payment: the enrolment is paid and the trainer record exists, 'completed' and
 * 'documents_pending'. The account (sign-in) comes later, when they confirm their details.
 */
export async function fulfilFirstPayment(trx: Trx, enrolment: EnrolmentRow, at: Date): Promise<number> {
  await trx
    .updateTable('enrolments')
    .set({
      status: 'paid',
      paidAt: sql`least(coalesce(paid_at, ${at}), ${at})`,
      lastError: null,
      updatedAt: new Date(),
    })
    .where('id', '=', enrolment.id)
    .execute();
  if (enrolment.trainerId) return enrolment.trainerId;

  const existing = await trx
    .selectFrom('trainers')
    .select(['id'])
    .where('email', '=', enrolment.email)
    .executeTakeFirst();
  let trainerId = existing?.id;
  if (trainerId === undefined) {
    const created = await trx
      .insertInto('trainers')
      .values({
        name: enrolment.fullName,
        email: enrolment.email,
        phone: enrolment.phone,
        city: enrolment.city,
        state: enrolment.state,
        paymentStatus: 'completed',
        onboardingStatus: 'documents_pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    trainerId = created.id;
    await trx.insertInto('trainerProfiles').values({ trainerId }).execute();
    await refreshTrainerCoordinates(trx, trainerId);
  }
  await trx
    .updateTable('enrolments')
    .set({ trainerId, updatedAt: new Date() })
    .where('id', '=', enrolment.id)
    .execute();
  return trainerId;
}

/**
 * The trainer's payment standing, derived from the ledger alone so every order of events ends the same:
 * a dispute or refund first, then any failed instalment (past due since the earliest failure), else completed.
 */
export async function refreshPaymentStanding(trx: Trx, enrolmentId: number): Promise<void> {
  const enrolment = await trx
    .selectFrom('enrolments')
    .select(['trainerId', 'status'])
    .where('id', '=', enrolmentId)
    .executeTakeFirst();
  if (!enrolment?.trainerId || enrolment.status !== 'paid') return;
  const rows = await ledgerOf(trx, enrolmentId);
  const failed = rows.filter((r) => r.status === 'failed' && r.failedAt);
  const paymentStatus = rows.some((r) => r.status === 'disputed')
    ? 'disputed'
    : rows.some((r) => r.kind === 'refund' && r.status === 'refunded')
      ? 'refunded'
      : failed.length
        ? 'past_due'
        : 'completed';
  const pastDueSince = failed.length
    ? new Date(Math.min(...failed.map((r) => (r.failedAt as Date).getTime())))
    : null;
  await trx
    .updateTable('trainers')
    .set({
      paymentStatus,
      pastDueSince,
      // Paying what was overdue restores access at once.
      ...(pastDueSince ? {} : { accessPausedAt: null }),
      updatedAt: new Date(),
    })
    .where('id', '=', enrolment.trainerId)
    .execute();
}

export const expectedCurrency = CURRENCY;
