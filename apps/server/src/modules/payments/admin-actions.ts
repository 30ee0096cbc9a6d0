import type { PaymentSummary } from '@soulpunch/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { refreshPaymentStanding } from './ledger';
import { getPaymentSummary } from './service';

type Trx = Kysely<Database>;

/** Every admin action on money is written to the trainer's audit history with its reason. */
async function recordChange(
  trx: Trx,
  trainerId: number,
  adminId: number,
  field: string,
  from: unknown,
  to: unknown,
) {
  await trx
    .insertInto('trainerChanges')
    .values({ trainerId, changedBy: adminId, changes: JSON.stringify([{ field, from, to }]) })
    .execute();
}

async function paidEnrolmentOf(trx: Trx, trainerId: number) {
  const enrolment = await trx
    .selectFrom('enrolments')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!enrolment) throw new AppError(409, 'no_payment_plan', 'This trainer has no payment plan to change.');
  return enrolment;
}

async function paymentOf(trx: Trx, enrolmentId: number, paymentId: number) {
  const row = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('enrolmentId', '=', enrolmentId)
    .executeTakeFirst();
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
      const t = await trx
        .selectFrom('trainers')
        .select(['certificationSuspendedAt', 'certificationSuspensionReason'])
        .where('id', '=', trainerId)
        .executeTakeFirstOrThrow();
      if (!t.certificationSuspendedAt)
        throw new AppError(409, 'not_suspended', 'This certification is not suspended.');
      await trx
        .updateTable('trainers')
        .set({ certificationSuspendedAt: null, certificationSuspensionReason: null, updatedAt: now })
        .where('id', '=', trainerId)
        .execute();
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
        const owed = await trx
          .selectFrom('payments')
          .selectAll()
          .where('enrolmentId', '=', enrolment.id)
          .where('status', 'in', ['failed', 'scheduled', 'paused'])
          .orderBy('instalment')
          .executeTakeFirst();
        if (owed) {
          await trx
            .updateTable('payments')
            .set({
              status: 'paid',
              paidAt: now,
              payNowUrl: null,
              note: `Offline payment: ${action.reason}`,
              updatedAt: now,
            })
            .where('id', '=', owed.id)
            .execute();
        } else {
          await trx
            .insertInto('payments')
            .values({
              enrolmentId: enrolment.id,
              instalment: null,
              kind: 'offline',
              amountCents: action.amountCents,
              currency: enrolment.currency,
              dueOn: null,
              status: 'paid',
              paidAt: now,
              note: `Offline payment: ${action.reason}`,
            })
            .execute();
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
        await trx
          .updateTable('payments')
          .set({ status: 'refunded', updatedAt: now })
          .where('id', '=', row.id)
          .execute();
        await trx
          .insertInto('payments')
          .values({
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
          })
          .execute();
        // Certification is suspended until an admin decides (spec: no refunds once access is granted).
        await trx
          .updateTable('trainers')
          .set({
            certificationSuspendedAt: now,
            certificationSuspensionReason: 'A payment was refunded.',
            updatedAt: now,
          })
          .where('id', '=', trainerId)
          .where('certificationSuspendedAt', 'is', null)
          .execute();
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
        await trx
          .updateTable('payments')
          .set({ status: 'waived', payNowUrl: null, note: `Waived: ${action.reason}`, updatedAt: now })
          .where('id', '=', row.id)
          .execute();
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
        const changed = await trx
          .updateTable('payments')
          .set({ status: to, updatedAt: now })
          .where('enrolmentId', '=', enrolment.id)
          .where('status', '=', from)
          .returning('id')
          .execute();
        if (!changed.length) {
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
