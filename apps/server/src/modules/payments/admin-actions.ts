import type { PaymentSummary } from '@soulpunch/shared';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { refreshPaymentStanding } from './ledger';
import {
  paymentOf as findPayment,
  insertLedgerEntry,
  moveInstalments,
  oldestOwedRow,
  updatePayment,
} from './ledger-repository';
import {
  findPaidEnrolmentOfTrainer,
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

type Action =
  | { kind: 'offline'; amountCents: number; reason: string }
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
    const enrolment = await paidEnrolmentOf(trx, trainerId);
    switch (action.kind) {
      case 'offline': {
        // Pays the oldest instalment still owed, else records an extra payment.
        const owed = await oldestOwedRow(trx, enrolment.id);
        if (owed) {
          await updatePayment(trx, owed.id, {
            status: 'paid',
            paidAt: now,
            payNowUrl: null,
            note: `Offline payment: ${action.reason}`,
            updatedAt: now,
          });
        } else {
          await insertLedgerEntry(trx, {
            enrolmentId: enrolment.id,
            instalment: null,
            kind: 'offline',
            amountCents: action.amountCents,
            currency: enrolment.currency,
            dueOn: null,
            status: 'paid',
            paidAt: now,
            note: `Offline payment: ${action.reason}`,
          });
        }
        await recordChange(
          trx,
          trainerId,
          adminId,
          'payments',
          owed ? `instalment ${owed.instalment} ${owed.status}` : null,
          `Offline payment of ${action.amountCents} cents: ${action.reason}`,
        );
        break;
      }
      case 'refund': {
        const row = await paymentOf(trx, enrolment.id, action.paymentId);
        if (row.status !== 'paid' || row.kind === 'refund') {
          throw new AppError(409, 'not_refundable', 'Only a paid payment can be refunded.');
        }
        await updatePayment(trx, row.id, { status: 'refunded', updatedAt: now });
        await insertLedgerEntry(trx, {
          enrolmentId: enrolment.id,
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
        // Certification is suspended until an admin decides (spec: no refunds once access is granted).
        await suspendCertification(trx, trainerId, now, 'A payment was refunded.');
        await recordChange(
          trx,
          trainerId,
          adminId,
          'payments',
          `payment ${row.id} paid`,
          `Refunded: ${action.reason}`,
        );
        break;
      }
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
