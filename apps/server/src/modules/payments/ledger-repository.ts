import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PaymentRow, PaymentsTable } from '../../db/schema-payments';
import type { Trx } from '../../db/types';

/** The plan's rows, once: a row that exists already is left as it is. */
export async function insertLedgerRows(trx: Trx, rows: Insertable<PaymentsTable>[]): Promise<void> {
  await trx
    .insertInto('payments')
    .values(rows)
    .onConflict((oc) => oc.columns(['enrolmentId', 'instalment']).doNothing())
    .execute();
}

export async function ledgerOf(db: Db, enrolmentId: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('enrolmentId', '=', enrolmentId)
    .orderBy('instalment', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function instalmentRow(db: Db, enrolmentId: number, instalment: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('enrolmentId', '=', enrolmentId)
    .where('instalment', '=', instalment)
    .executeTakeFirst();
}

/** Paid wins over a failure whatever order they arrive in; times keep the earliest. */
export async function setInstalmentPaid(
  trx: Trx,
  enrolmentId: number,
  instalment: number,
  at: Date,
  ref: string | null,
  receiptUrl: string | null,
): Promise<void> {
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
    .where('enrolmentId', '=', enrolmentId)
    .where('instalment', '=', instalment)
    .execute();
}

/** Each failure counts once (events are deduplicated), and never undoes a payment. */
export async function setInstalmentFailed(
  trx: Trx,
  enrolmentId: number,
  instalment: number,
  at: Date,
  ref: string | null,
  payNowUrl: string | null,
): Promise<void> {
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
    .where('enrolmentId', '=', enrolmentId)
    .where('instalment', '=', instalment)
    .execute();
}

/** The instalment an invoice already paid or failed, if we have seen that invoice. */
export async function instalmentOfInvoice(db: Db, enrolmentId: number, invoiceId: string) {
  const known = await db
    .selectFrom('payments')
    .select('instalment')
    .where('enrolmentId', '=', enrolmentId)
    .where('providerRef', '=', invoiceId)
    .executeTakeFirst();
  return known?.instalment ?? null;
}

/** The enrolment a charge's payment or refund row belongs to. */
export async function enrolmentIdOfCharge(db: Db, charge: string): Promise<number | null> {
  const row = await db
    .selectFrom('payments')
    .select('enrolmentId')
    .where('providerRef', '=', charge)
    .executeTakeFirst();
  return row?.enrolmentId ?? null;
}

/** The earliest refund or dispute row of an enrolment (one may arrive before the payment itself). */
export async function earliestRefund(db: Db, enrolmentId: number) {
  return db
    .selectFrom('payments')
    .select(['paidAt', 'status'])
    .where('enrolmentId', '=', enrolmentId)
    .where('kind', '=', 'refund')
    .orderBy('paidAt')
    .executeTakeFirst();
}

/** A refund, dispute or offline payment row; a provider reference already recorded is not recorded twice. */
export async function insertLedgerEntry(trx: Trx, row: Insertable<PaymentsTable>): Promise<void> {
  await trx
    .insertInto('payments')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function oldestOwedRow(trx: Trx, enrolmentId: number) {
  return trx
    .selectFrom('payments')
    .selectAll()
    .where('enrolmentId', '=', enrolmentId)
    .where('status', 'in', ['failed', 'scheduled', 'paused'])
    .orderBy('instalment')
    .executeTakeFirst();
}

export async function paymentOf(db: Db, enrolmentId: number, paymentId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('enrolmentId', '=', enrolmentId)
    .executeTakeFirst();
}

export async function updatePayment(
  trx: Trx,
  id: number,
  values: Partial<Pick<PaymentRow, 'status' | 'paidAt' | 'payNowUrl' | 'note' | 'updatedAt'>>,
): Promise<void> {
  await trx.updateTable('payments').set(values).where('id', '=', id).execute();
}

/** Pauses or resumes every instalment in `from`; returns how many changed. */
export async function moveInstalments(
  trx: Trx,
  enrolmentId: number,
  from: 'scheduled' | 'paused',
  to: 'scheduled' | 'paused',
  at: Date,
): Promise<number> {
  const changed = await trx
    .updateTable('payments')
    .set({ status: to, updatedAt: at })
    .where('enrolmentId', '=', enrolmentId)
    .where('status', '=', from)
    .returning('id')
    .execute();
  return changed.length;
}

/** The renewal fees a trainer paid (and any refund of them), each with the expiry it renewed, oldest first. */
export async function renewalLedgerOf(db: Db, trainerId: number) {
  return db
    .selectFrom('payments')
    .innerJoin('enrolments', 'enrolments.id', 'payments.enrolmentId')
    .selectAll('payments')
    .select('enrolments.renewsExpiresOn')
    .where('enrolments.trainerId', '=', trainerId)
    .where('enrolments.purpose', '=', 'renewal')
    .where('enrolments.status', '=', 'paid')
    .orderBy('payments.id')
    .execute();
}

/** One ledger row of any of the trainer's paid enrolments (the program's or a renewal's), with what it is for. */
export async function paymentOfTrainer(db: Db, trainerId: number, paymentId: number) {
  return db
    .selectFrom('payments')
    .innerJoin('enrolments', 'enrolments.id', 'payments.enrolmentId')
    .selectAll('payments')
    .select(['enrolments.purpose', 'enrolments.renewsExpiresOn'])
    .where('payments.id', '=', paymentId)
    .where('enrolments.trainerId', '=', trainerId)
    .where('enrolments.status', '=', 'paid')
    .executeTakeFirst();
}

/** A trainer's paid first instalment: the provider confirmed the payment. */
export async function verifiedFirstPayment(db: Db, trainerId: number) {
  return db
    .selectFrom('payments')
    .innerJoin('enrolments', 'enrolments.id', 'payments.enrolmentId')
    .select('payments.id')
    .where('enrolments.trainerId', '=', trainerId)
    .where('enrolments.status', '=', 'paid')
    .where('enrolments.purpose', '=', 'program')
    .where('payments.instalment', '=', 1)
    .where('payments.paidAt', 'is not', null)
    .executeTakeFirst();
}

/** Scheduled test-mode instalments (the test provider bills them), of one trainer or due by `today`. */
export async function scheduledTestInstalments(db: Db, filter: { trainerId?: number; dueBy?: string }) {
  let q = db
    .selectFrom('payments')
    .innerJoin('enrolments', 'enrolments.id', 'payments.enrolmentId')
    .select(['payments.instalment', 'enrolments.id as enrolmentId'])
    .where('enrolments.status', '=', 'paid')
    .where('enrolments.provider', '=', 'test')
    .where('payments.status', '=', 'scheduled');
  if (filter.trainerId !== undefined) q = q.where('enrolments.trainerId', '=', filter.trainerId);
  if (filter.dueBy !== undefined) q = q.where('payments.dueOn', '<=', filter.dueBy);
  return q.orderBy('payments.instalment').execute();
}
