import { CURRENCY, PLANS } from '@soulpunch/shared';
import type { EnrolmentRow } from '../../db/schema-payments';
import type { Trx } from '../../db/types';
import { documentsComplete } from '../documents/service';
import { recordTrainerChange, refreshTrainerCoordinates } from '../trainers/service';
import { insertLedgerRows, ledgerOf, setInstalmentFailed, setInstalmentPaid } from './ledger-repository';
import {
  completePaymentStep,
  findEnrolment,
  findOrCreateTrainer,
  markEnrolmentPaid,
  setPaymentStanding,
  updateEnrolment,
} from './repository';

export { ledgerOf };

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
  if (enrolment.purpose === 'renewal' || !enrolment.plan) {
    // A renewal fee is one payment, due the day its checkout opened.
    await insertLedgerRows(trx, [
      {
        enrolmentId: enrolment.id,
        instalment: 1,
        kind: 'renewal',
        amountCents: enrolment.amountCents,
        currency: enrolment.currency,
        dueOn: addMonths(enrolment.createdAt, 0),
        status: 'scheduled',
      },
    ]);
    return;
  }
  const plan = PLANS[enrolment.plan];
  await insertLedgerRows(
    trx,
    Array.from({ length: plan.instalments }, (_, i) => ({
      enrolmentId: enrolment.id,
      instalment: i + 1,
      kind: enrolment.plan === 'full' ? ('payment' as const) : ('instalment' as const),
      amountCents: enrolment.amountCents,
      currency: enrolment.currency,
      dueOn: addMonths(enrolment.createdAt, i),
      status: 'scheduled' as const,
    })),
  );
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
  await setInstalmentPaid(trx, enrolment.id, instalment, at, ref, receiptUrl);
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
  await setInstalmentFailed(trx, enrolment.id, instalment, at, ref, payNowUrl);
}

/**
 * The first verified payment: the enrolment is paid and the trainer record exists, 'completed' and
 * 'documents_pending'. The account (sign-in) comes later, when they confirm their details.
 */
export async function fulfilFirstPayment(trx: Trx, enrolment: EnrolmentRow, at: Date): Promise<number> {
  await markEnrolmentPaid(trx, enrolment.id, at);
  if (enrolment.trainerId) {
    // A trainer an admin added, paying from the portal: onboarding moves on to (or past) their documents.
    if (enrolment.origin === 'portal') {
      await completePaymentStep(trx, enrolment.trainerId, await documentsComplete(trx, enrolment.trainerId));
    }
    return enrolment.trainerId;
  }
  const { trainerId, created } = await findOrCreateTrainer(trx, enrolment);
  if (created) {
    await refreshTrainerCoordinates(trx, trainerId);
    // Their history starts as an admin-added trainer's does, with who they enrolled as. No account exists yet to
    // name as its author: the 'enrolled' field says it was the trainer, through the checkout.
    await recordTrainerChange(trx, trainerId, null, [
      { field: 'enrolled', from: null, to: `${enrolment.fullName} <${enrolment.email}>` },
    ]);
  }
  await updateEnrolment(trx, enrolment.id, { trainerId, updatedAt: new Date() });
  return trainerId;
}

/**
 * The trainer's payment standing, derived from the ledger alone so every order of events ends the same:
 * a dispute or refund first, then any failed instalment (past due since the earliest failure), else completed.
 */
export async function refreshPaymentStanding(trx: Trx, enrolmentId: number): Promise<void> {
  const enrolment = await findEnrolment(trx, enrolmentId);
  // Standing follows the program's plan; a renewal fee (or its refund) leaves it as it is (decision record 0002).
  if (!enrolment?.trainerId || enrolment.status !== 'paid' || enrolment.purpose !== 'program') return;
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
  await setPaymentStanding(trx, enrolment.trainerId, paymentStatus, pastDueSince);
}

export const expectedCurrency = CURRENCY;
