import { randomBytes } from 'node:crypto';
import {
  CURRENCY,
  formatUsd,
  type OfflinePaymentMethod,
  offlinePaymentAmountCents,
  offlinePaymentMethodLabels,
  type offlinePaymentSchema,
  type PaymentSummary,
  PLANS,
  planInSentence,
  planTotalCents,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { EnrolmentRow } from '../../db/schema-payments';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { withdrawRenewalFee } from '../certification/paid-renewal';
import { documentsComplete } from '../documents/service';
import { ensureLedgerRows, refreshPaymentStanding } from './ledger';
import {
  paymentOf as findPayment,
  insertLedgerEntry,
  instalmentRow,
  moveInstalments,
  oldestOwedRow,
  paymentOfTrainer,
  updatePayment,
} from './ledger-repository';
import {
  claimPaymentRequest,
  completePaymentStep,
  findPaidEnrolmentOfTrainer,
  insertEnrolment,
  recordTrainerChange,
  reinstateCertification,
  suspendCertification,
  trainerPaymentState,
} from './repository';
import { getPaymentSummary } from './service';

/** Every admin action on money is written to the trainer's audit history with its reason. */
const recordChange = (
  trx: Trx,
  trainerId: number,
  adminId: number,
  field: string,
  from: unknown,
  to: unknown,
) => recordTrainerChange(trx, trainerId, adminId, { field, from, to });

async function paidEnrolmentOf(trx: Trx, trainerId: number) {
  const enrolment = await findPaidEnrolmentOfTrainer(trx, trainerId);
  if (!enrolment) throw new AppError(409, 'no_payment_plan', 'This trainer has no payment plan to change.');
  return enrolment;
}

async function paymentOf(trx: Trx, enrolmentId: number, paymentId: number) {
  const row = await findPayment(trx, enrolmentId, paymentId);
  if (!row) throw notFound('Payment not found.');
  return row;
}

/** 'Cheque', 'Bank transfer'...: how the ledger note and the history name the way it was paid. */
const offlineNote = (method: OfflinePaymentMethod, reason: string) =>
  method === 'waived'
    ? `Waived: ${reason}`
    : `Offline payment (${offlinePaymentMethodLabels[method]}): ${reason}`;

const amountError = (message: string) => badRequest('validation_error', message, { amountCents: message });

/**
 * The first payment of a trainer with no plan (an admin added them): an enrolment recorded by the admin, its plan's
 * rows in the ledger as for any enrolment, the first one paid (or waived). A stated amount is one payment in full.
 */
async function recordFirstOfflinePayment(
  trx: Trx,
  trainerId: number,
  adminId: number,
  action: OfflineAction,
  now: Date,
): Promise<number> {
  const t = await trainerPaymentState(trx, trainerId);
  if (!t) throw notFound('Trainer not found');
  const plan = action.plan ?? 'full';
  const amountCents = offlinePaymentAmountCents(action);
  let enrolment: EnrolmentRow;
  try {
    enrolment = await insertEnrolment(trx, {
      publicId: `enr_${randomBytes(12).toString('base64url')}`,
      // No browser holds an offline enrolment: a random value no cookie hashes to.
      cookieHash: `offline_${randomBytes(24).toString('base64url')}`,
      fullName: t.name,
      email: t.email,
      termsAgreedAt: null,
      plan,
      amountCents,
      totalCents: action.plan ? planTotalCents(action.plan) : amountCents,
      currency: CURRENCY,
      status: 'paid',
      provider: 'offline',
      origin: 'offline',
      trainerId,
      paidAt: now,
      confirmedAt: now,
      createdAt: now,
    });
  } catch (error) {
    // The one-paid-enrolment-per-address index: a checkout paid for this address meanwhile.
    if ((error as { code?: string }).code === '23505') {
      throw new AppError(409, 'already_paid', 'A paid enrolment already exists for this email.');
    }
    throw error;
  }
  await ensureLedgerRows(trx, enrolment);
  const first = await instalmentRow(trx, enrolment.id, 1);
  if (!first) throw new Error('the plan has no first payment row');
  const waived = action.method === 'waived';
  await updatePayment(trx, first.id, {
    status: waived ? 'waived' : 'paid',
    paidAt: waived ? null : now,
    note: offlineNote(action.method, action.reason),
    updatedAt: now,
  });
  await completePaymentStep(trx, trainerId, await documentsComplete(trx, trainerId));
  await recordChange(
    trx,
    trainerId,
    adminId,
    'payments',
    'No payment plan',
    `${offlineNote(action.method, action.reason)} · ${formatUsd(amountCents)}, ${action.plan ? PLANS[action.plan].label : 'a stated amount'}`,
  );
  return enrolment.id;
}

/**
 * An offline payment on a plan: it settles the oldest payment still owed (its amount must match), else it is an
 * extra payment of its own row. Waiving needs something owed.
 */
async function recordOfflinePayment(
  trx: Trx,
  enrolment: EnrolmentRow,
  trainerId: number,
  adminId: number,
  action: OfflineAction,
  now: Date,
) {
  if (action.plan && enrolment.plan && action.plan !== enrolment.plan) {
    throw amountError(`This trainer is on ${planInSentence(enrolment.plan)}: choose it or give the amount.`);
  }
  const amountCents = action.plan ? enrolment.amountCents : offlinePaymentAmountCents(action);
  const note = offlineNote(action.method, action.reason);
  const waived = action.method === 'waived';
  const owed = await oldestOwedRow(trx, enrolment.id);
  if (owed) {
    if (amountCents !== owed.amountCents) {
      throw amountError(`The payment owed is ${formatUsd(owed.amountCents)}: record that amount.`);
    }
    await updatePayment(trx, owed.id, {
      status: waived ? 'waived' : 'paid',
      paidAt: waived ? null : now,
      payNowUrl: null,
      note,
      updatedAt: now,
    });
  } else {
    if (waived) throw new AppError(409, 'nothing_owed', 'Nothing is owed: there is no payment to waive.');
    await insertLedgerEntry(trx, {
      enrolmentId: enrolment.id,
      instalment: null,
      kind: 'offline',
      amountCents,
      currency: enrolment.currency,
      dueOn: null,
      status: 'paid',
      providerRef: `offline-${action.requestId}`,
      paidAt: now,
      note,
    });
  }
  await recordChange(
    trx,
    trainerId,
    adminId,
    'payments',
    owed ? `payment ${owed.instalment} ${owed.status}` : null,
    `${note} · ${formatUsd(amountCents)}`,
  );
}

/**
 * A refund an admin records, of any paid row of the trainer's: the program's (certification is suspended until an
 * admin decides, as the spec has no refunds once access is granted) or a renewal fee's (recorded like any refund;
 * it does not undo a renewal it completed, and stops counting toward one it has not: decision record 0014).
 */
async function recordRefund(
  trx: Trx,
  trainerId: number,
  adminId: number,
  action: { paymentId: number; reason: string },
  now: Date,
) {
  const row = await paymentOfTrainer(trx, trainerId, action.paymentId);
  if (!row) throw notFound('Payment not found.');
  if (row.status !== 'paid' || row.kind === 'refund') {
    throw new AppError(409, 'not_refundable', 'Only a paid payment can be refunded.');
  }
  await updatePayment(trx, row.id, { status: 'refunded', updatedAt: now });
  await insertLedgerEntry(trx, {
    enrolmentId: row.enrolmentId,
    instalment: null,
    kind: 'refund',
    amountCents: -row.amountCents,
    currency: row.currency,
    dueOn: null,
    status: 'refunded',
    providerRef: `admin-refund-${row.id}`,
    paidAt: now,
    note: `Refund recorded by an admin: ${action.reason}`,
  });
  if (row.purpose === 'renewal' && row.renewsExpiresOn) {
    await withdrawRenewalFee(trx, now, { trainerId, renewsExpiresOn: row.renewsExpiresOn });
  } else {
    await suspendCertification(trx, trainerId, now, 'A payment was refunded.');
  }
  const what = row.purpose === 'renewal' ? `renewal fee ${row.id}` : `payment ${row.id}`;
  await recordChange(trx, trainerId, adminId, 'payments', `${what} paid`, `Refunded: ${action.reason}`);
  await refreshPaymentStanding(trx, row.enrolmentId);
}

type OfflineAction = { kind: 'offline' } & z.output<typeof offlinePaymentSchema>;
type Action =
  | OfflineAction
  | { kind: 'refund'; paymentId: number; reason: string }
  | { kind: 'waive'; paymentId: number; reason: string }
  | { kind: 'pause'; reason: string }
  | { kind: 'resume'; reason: string }
  | { kind: 'reinstate'; reason: string };

export async function applyAdminPaymentAction(
  deps: AppDeps,
  trainerId: number,
  adminId: number,
  action: Action,
): Promise<PaymentSummary> {
  await getPaymentSummary(deps, trainerId); // 404 for an unknown trainer
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (action.kind === 'reinstate') {
      const t = await trainerPaymentState(trx, trainerId);
      if (!t) throw notFound('Trainer not found');
      if (!t.certificationSuspendedAt)
        throw new AppError(409, 'not_suspended', 'This certification is not suspended.');
      await reinstateCertification(trx, trainerId, now);
      await recordChange(
        trx,
        trainerId,
        adminId,
        'certification',
        t.certificationSuspensionReason,
        `Reinstated: ${action.reason}`,
      );
      return;
    }
    if (action.kind === 'offline') {
      const claim = await claimPaymentRequest(trx, action.requestId, trainerId, adminId);
      if (claim.trainerId !== trainerId) {
        throw new AppError(
          409,
          'request_used',
          'This form was already used for another trainer. Please reload.',
        );
      }
      // The same form sent again (a double click, a retry after a lost answer): applied once already.
      if (!claim.claimed) return;
      // A trainer an admin added has no plan yet: this payment starts their enrolment in the same ledger.
      const existing = await findPaidEnrolmentOfTrainer(trx, trainerId);
      if (!existing) {
        const enrolmentId = await recordFirstOfflinePayment(trx, trainerId, adminId, action, now);
        await refreshPaymentStanding(trx, enrolmentId);
        return;
      }
    }
    if (action.kind === 'refund') {
      await recordRefund(trx, trainerId, adminId, action, now);
      return;
    }
    const enrolment = await paidEnrolmentOf(trx, trainerId);
    switch (action.kind) {
      case 'offline':
        await recordOfflinePayment(trx, enrolment, trainerId, adminId, action, now);
        break;
      case 'waive': {
        const row = await paymentOf(trx, enrolment.id, action.paymentId);
        if (!['scheduled', 'failed', 'paused'].includes(row.status)) {
          throw new AppError(409, 'not_waivable', 'Only an unpaid instalment can be waived.');
        }
        await updatePayment(trx, row.id, {
          status: 'waived',
          payNowUrl: null,
          note: `Waived: ${action.reason}`,
          updatedAt: now,
        });
        await recordChange(
          trx,
          trainerId,
          adminId,
          'payments',
          `instalment ${row.instalment} ${row.status}`,
          `Waived: ${action.reason}`,
        );
        break;
      }
      case 'pause':
      case 'resume': {
        const [from, to] =
          action.kind === 'pause' ? (['scheduled', 'paused'] as const) : (['paused', 'scheduled'] as const);
        const changed = await moveInstalments(trx, enrolment.id, from, to, now);
        if (!changed) {
          throw new AppError(
            409,
            'nothing_to_change',
            action.kind === 'pause'
              ? 'There is no scheduled instalment to pause.'
              : 'The plan is not paused.',
          );
        }
        await recordChange(
          trx,
          trainerId,
          adminId,
          'payment plan',
          from,
          `${action.kind === 'pause' ? 'Paused' : 'Resumed'}: ${action.reason}`,
        );
        break;
      }
    }
    await refreshPaymentStanding(trx, enrolment.id);
  });
  return getPaymentSummary(deps, trainerId);
}
