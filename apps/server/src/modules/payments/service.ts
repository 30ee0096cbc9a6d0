import { randomBytes } from 'node:crypto';
import {
  CURRENCY,
  type EnrolmentView,
  type enrolmentConfirmSchema,
  enrolmentMessages,
  type enrolmentRequestSchema,
  formatUsd,
  type LedgerEntry,
  type PaymentEventView,
  type PaymentSummary,
  PLANS,
  type PlanKey,
  planTotalCents,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { EnrolmentRow, PaymentRow } from '../../db/schema-payments';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { DAY_MS } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { sendSignInLink, startSession } from '../auth/service';
import { createRequiredDocuments } from '../documents/service';
import { welcomeTrainerEmail } from '../mail/templates';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { ensureUser, grantRole, listUsersWithRole } from '../users/repository';
import { applyPaymentEvent, type EventOutcome, type ProviderEvent, RefusedEvent } from './events';
import { ledgerOf, refreshPaymentStanding } from './ledger';
import { failedInstalmentEmail, instalmentPaidEmail, pastDueAdminNotice, receiptEmail } from './mail';
import type { PaymentProvider } from './providers';

export const ENROLMENT_COOKIE = 'sp_enrolment';
export const ENROLMENT_COOKIE_DAYS = 7;

type EnrolmentRequest = z.output<typeof enrolmentRequestSchema>;
type EnrolmentConfirm = z.output<typeof enrolmentConfirmSchema>;

const noEnrolment = () => new AppError(404, 'no_enrolment', enrolmentMessages.sessionExpired);
const notVerified = () => new AppError(409, 'payment_not_verified', enrolmentMessages.paymentNotVerified);

export function toEnrolmentView(e: EnrolmentRow): EnrolmentView {
  return {
    id: e.publicId,
    fullName: e.fullName,
    email: e.email,
    phone: e.phone,
    city: e.city,
    state: e.state,
    plan: e.plan,
    amountCents: e.amountCents,
    totalCents: e.totalCents,
    status: e.status,
    paid: e.status === 'paid',
    checkoutUrl: e.status === 'paid' ? null : e.checkoutUrl,
    lastError: e.lastError,
    trainerId: e.status === 'paid' ? e.trainerId : null,
    confirmed: e.confirmedAt !== null,
  };
}

/** The enrolment behind the HttpOnly cookie, or the spec's 'Session expired' answer. */
export async function enrolmentFromCookie(deps: AppDeps, token: string | undefined): Promise<EnrolmentRow> {
  if (!token) throw noEnrolment();
  const row = await deps.db
    .selectFrom('enrolments')
    .selectAll()
    .where('cookieHash', '=', hashToken(deps.config.sessionSecret, token))
    .executeTakeFirst();
  if (!row || row.status === 'cancelled') throw noEnrolment();
  return row;
}

/**
 * Checkout: an e-mail that already belongs to a trainer or an account is told to sign in; one unpaid enrolment
 * per e-mail is reused (never two); then a checkout is opened with the provider.
 */
export async function startEnrolment(
  deps: AppDeps,
  provider: PaymentProvider,
  input: EnrolmentRequest,
  ip: string,
): Promise<{ enrolment: EnrolmentRow; cookieToken: string }> {
  await enforceRateLimits(deps.db, [{ key: `enrol:ip:${ip}`, limit: 20, windowSeconds: 600 }]);
  const [user, trainer, paid] = await Promise.all([
    deps.db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst(),
    deps.db.selectFrom('trainers').select('id').where('email', '=', input.email).executeTakeFirst(),
    deps.db
      .selectFrom('enrolments')
      .select('id')
      .where('email', '=', input.email)
      .where('status', '=', 'paid')
      .executeTakeFirst(),
  ]);
  if (user || trainer || paid) throw new AppError(409, 'already_enrolled', enrolmentMessages.alreadyEnrolled);

  const cookieToken = newToken();
  const plan = PLANS[input.plan];
  const values = {
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    city: input.city,
    state: input.state,
    termsAgreedAt: deps.clock.now(),
    plan: input.plan,
    amountCents: plan.amountCents,
    totalCents: planTotalCents(input.plan),
    currency: CURRENCY,
    provider: provider.name,
    cookieHash: hashToken(deps.config.sessionSecret, cookieToken),
    lastError: null,
    updatedAt: new Date(),
  };
  const open = await deps.db
    .selectFrom('enrolments')
    .select('id')
    .where('email', '=', input.email)
    .where('status', '=', 'checkout')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const enrolment = open
    ? await deps.db
        .updateTable('enrolments')
        .set((eb) => ({ ...values, checkoutAttempt: eb('checkoutAttempt', '+', 1) }))
        .where('id', '=', open.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await deps.db
        .insertInto('enrolments')
        .values({
          ...values,
          createdAt: deps.clock.now(),
          publicId: `enr_${randomBytes(12).toString('base64url')}`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
  return { enrolment: await openCheckout(deps, provider, enrolment), cookieToken };
}

/** A (new) checkout for an unpaid enrolment: after a decline, or to switch plan. */
export async function openCheckout(
  deps: AppDeps,
  provider: PaymentProvider,
  enrolment: EnrolmentRow,
  plan?: PlanKey,
): Promise<EnrolmentRow> {
  if (enrolment.status === 'paid') {
    throw new AppError(409, 'already_paid', 'This enrolment is already paid.');
  }
  let current = enrolment;
  if (plan && plan !== enrolment.plan) {
    current = await deps.db
      .updateTable('enrolments')
      .set({ plan, amountCents: PLANS[plan].amountCents, totalCents: planTotalCents(plan) })
      .where('id', '=', enrolment.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  current = await deps.db
    .updateTable('enrolments')
    .set((eb) => ({ checkoutAttempt: eb('checkoutAttempt', '+', 1) }))
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const checkout = await provider.createCheckout(current);
  return deps.db
    .updateTable('enrolments')
    .set({ checkoutId: checkout.checkoutId, checkoutUrl: checkout.url, updatedAt: new Date() })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The post-payment screen: only a verified payment gets here. Saves the details, creates the account, starts a
 * session, sends the receipt and the welcome e-mail once, and creates the documents to sign.
 */
export async function confirmEnrolment(
  deps: AppDeps,
  enrolment: EnrolmentRow,
  input: EnrolmentConfirm,
): Promise<{ trainerId: number; sessionToken: string; expiresAt: Date }> {
  if (enrolment.status !== 'paid' || !enrolment.trainerId) throw notVerified();
  if (input.email !== enrolment.email) {
    const message =
      'Please keep the e-mail address you paid with; you can change it later from your profile.';
    throw badRequest('validation_error', message, { email: message });
  }
  const trainerId = enrolment.trainerId;
  const firstTime = enrolment.confirmedAt === null;
  const userId = await deps.db.transaction().execute(async (trx) => {
    const user = await ensureUser(trx, enrolment.email, input.fullName);
    await grantRole(trx, user.id, 'trainer');
    await trx
      .updateTable('trainers')
      .set({
        userId: user.id,
        name: input.fullName,
        phone: input.phone,
        city: input.city,
        state: input.state,
      })
      .where('id', '=', trainerId)
      .execute();
    await trx
      .updateTable('enrolments')
      .set({ confirmedAt: enrolment.confirmedAt ?? deps.clock.now(), fullName: input.fullName })
      .where('id', '=', enrolment.id)
      .execute();
    return user.id;
  });
  if (firstTime) {
    const ledger = await ledgerOf(deps.db, enrolment.id);
    const first = ledger.find((r) => r.instalment === 1);
    await deps.mailer.send(receiptEmail(enrolment, first?.paidAt ?? deps.clock.now()));
    await sendSignInLink(
      deps,
      { id: userId, email: enrolment.email, name: input.fullName },
      welcomeTrainerEmail,
    );
  }
  await createRequiredDocuments(deps, trainerId);
  const { sessionToken, expiresAt } = await startSession(deps, userId);
  return { trainerId, sessionToken, expiresAt };
}

/** trigger-onboarding and the payment-confirmation PUT: both need a payment the provider confirmed. */
export async function assertPaymentVerified(deps: AppDeps, trainerId: number) {
  const trainer = await deps.db
    .selectFrom('trainers')
    .select(['id', 'name', 'email', 'paymentStatus', 'onboardingStatus'])
    .where('id', '=', trainerId)
    .executeTakeFirst();
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const paid = await deps.db
    .selectFrom('payments')
    .innerJoin('enrolments', 'enrolments.id', 'payments.enrolmentId')
    .select('payments.id')
    .where('enrolments.trainerId', '=', trainerId)
    .where('enrolments.status', '=', 'paid')
    .where('payments.instalment', '=', 1)
    .where('payments.paidAt', 'is not', null)
    .executeTakeFirst();
  if (!paid) throw notVerified();
  return trainer;
}

export async function triggerOnboarding(deps: AppDeps, trainerId: number) {
  await assertPaymentVerified(deps, trainerId);
  await createRequiredDocuments(deps, trainerId);
  const t = await deps.db
    .selectFrom('trainers')
    .select(['onboardingStatus'])
    .where('id', '=', trainerId)
    .executeTakeFirstOrThrow();
  return { trainerId, onboardingStatus: t.onboardingStatus };
}

/**
 * One webhook delivery. The signature is checked before anything is written; the event id is stored in the
 * same transaction as its effect, so a repeat (even ten at once) changes nothing.
 */
export async function receivePaymentEvent(
  deps: AppDeps,
  provider: PaymentProvider,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ status: number; body: { received: boolean; duplicate?: boolean; refused?: string } }> {
  const event = provider.verifyEvent(raw, signature, deps.clock.now().getTime());
  const payload = JSON.stringify(event);
  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('paymentEvents')
        .values({ id: event.id, provider: provider.name, type: event.type, payload })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        // Waits for a concurrent delivery of the same event to finish, then sees it processed.
        const existing = await trx
          .selectFrom('paymentEvents')
          .select(['processedAt'])
          .where('id', '=', event.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (existing.processedAt) return { duplicate: true as const };
        await trx
          .updateTable('paymentEvents')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', event.id)
          .execute();
      }
      const outcome = await applyPaymentEvent(trx, event);
      if (outcome.scheduleSubscription && outcome.enrolmentId) {
        const enrolment = await trx
          .selectFrom('enrolments')
          .selectAll()
          .where('id', '=', outcome.enrolmentId)
          .executeTakeFirstOrThrow();
        await provider.scheduleInstalments(enrolment, outcome.scheduleSubscription);
      }
      await trx
        .updateTable('paymentEvents')
        .set({ processedAt: deps.clock.now(), error: null })
        .where('id', '=', event.id)
        .execute();
      return { outcome };
    });
    if ('duplicate' in result) return { status: 200, body: { received: true, duplicate: true } };
    await notifyAfterEvent(deps, result.outcome);
    return { status: 200, body: { received: true } };
  } catch (error) {
    const refused = error instanceof RefusedEvent;
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .insertInto('paymentEvents')
      .values({ id: event.id, provider: provider.name, type: event.type, payload, error: message })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({ error: message, attempts: eb('paymentEvents.attempts', '+', 0) })),
      )
      .execute();
    // A refusal is final (answered 200 so it is not retried); anything else asks the provider to retry.
    if (refused) return { status: 200, body: { received: true, refused: message } };
    return { status: 500, body: { received: false } };
  }
}

/** E-mails after the effect committed: a failed instalment to the trainer and the admins, a receipt for a paid one. */
async function notifyAfterEvent(deps: AppDeps, outcome: EventOutcome): Promise<void> {
  if (!outcome.enrolmentId) return;
  const enrolment = await deps.db
    .selectFrom('enrolments')
    .selectAll()
    .where('id', '=', outcome.enrolmentId)
    .executeTakeFirstOrThrow();
  if (outcome.failedInstalment) {
    const row = (await ledgerOf(deps.db, enrolment.id)).find(
      (r) => r.instalment === outcome.failedInstalment?.instalment,
    );
    if (row?.status !== 'failed') return;
    const payNowUrl = row.payNowUrl ?? `${deps.config.appUrl}/trainer-portal/dashboard`;
    await deps.mailer.send(failedInstalmentEmail(enrolment, row, payNowUrl, deps.config.paymentGraceDays));
    const admins = await listUsersWithRole(deps.db, 'admin');
    for (const admin of admins) {
      await deps.mailer.send(
        pastDueAdminNotice(
          admin,
          enrolment,
          row,
          `${deps.config.appUrl}/admin/trainers/${enrolment.trainerId}`,
        ),
      );
    }
  }
}

export async function sendInstalmentReceipt(deps: AppDeps, enrolment: EnrolmentRow, row: PaymentRow) {
  await deps.mailer.send(instalmentPaidEmail(enrolment, row));
}

const isoDate = (d: Date | null) => (d ? d.toISOString() : null);

function toLedgerEntry(r: PaymentRow): LedgerEntry {
  return {
    id: r.id,
    instalment: r.instalment,
    kind: r.kind,
    amountCents: r.amountCents,
    currency: r.currency,
    dueOn: r.dueOn,
    status: r.status,
    attempts: r.attempts,
    paidAt: isoDate(r.paidAt),
    failedAt: isoDate(r.failedAt),
    receiptUrl: r.receiptUrl,
    note: r.note,
  };
}

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What a trainer and the admins see of the plan: '3 of 6 paid · next $499 on Jan 5, 2027'. */
export async function getPaymentSummary(deps: AppDeps, trainerId: number): Promise<PaymentSummary> {
  const trainer = await deps.db
    .selectFrom('trainers')
    .select([
      'paymentStatus',
      'pastDueSince',
      'accessPausedAt',
      'certificationSuspendedAt',
      'certificationSuspensionReason',
    ])
    .where('id', '=', trainerId)
    .executeTakeFirst();
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const enrolment = await deps.db
    .selectFrom('enrolments')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  const rows = enrolment ? await ledgerOf(deps.db, enrolment.id) : [];
  const plan = enrolment?.plan ?? null;
  const instalments = rows.filter((r) => r.instalment !== null);
  const settled = (r: PaymentRow) => r.status === 'paid' || r.status === 'waived';
  const paidCount = instalments.filter(settled).length;
  const next = instalments.find((r) => !settled(r) && r.status !== 'refunded' && r.status !== 'disputed');
  const failed = instalments.find((r) => r.status === 'failed');
  const totalCount = instalments.length;
  let progressLabel = 'No payment recorded';
  if (plan === 'full') progressLabel = paidCount ? 'Paid in full' : 'Payment pending';
  else if (plan === 'flex') {
    progressLabel =
      paidCount === totalCount
        ? `${paidCount} of ${totalCount} paid · plan complete`
        : `${paidCount} of ${totalCount} paid${next?.dueOn ? ` · next ${formatUsd(next.amountCents)} on ${longDate(next.dueOn)}` : ''}`;
  }
  return {
    plan,
    paymentStatus: trainer.paymentStatus,
    paidCount,
    totalCount,
    progressLabel,
    nextDue: next?.dueOn ? { amountCents: next.amountCents, dueOn: next.dueOn } : null,
    pastDue: trainer.paymentStatus === 'past_due',
    graceEndsAt: trainer.pastDueSince
      ? new Date(trainer.pastDueSince.getTime() + deps.config.paymentGraceDays * DAY_MS).toISOString()
      : null,
    accessPaused: trainer.accessPausedAt !== null,
    certificationSuspended: trainer.certificationSuspendedAt !== null,
    suspensionReason: trainer.certificationSuspensionReason,
    payNowUrl: failed?.payNowUrl ?? null,
    entries: rows.map(toLedgerEntry),
  };
}

/**
 * The grace rule: a trainer past due for PAYMENT_GRACE_DAYS has portal resources paused (never deleted).
 * Safe to repeat: it only pauses those not paused yet. Paying clears it at once (refreshPaymentStanding).
 */
export async function pauseLapsedAccess(deps: AppDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.paymentGraceDays * DAY_MS);
  const paused = await deps.db
    .updateTable('trainers')
    .set({ accessPausedAt: now, updatedAt: now })
    .where('paymentStatus', '=', 'past_due')
    .where('pastDueSince', '<=', cutoff)
    .where('accessPausedAt', 'is', null)
    .returning('id')
    .execute();
  return paused.length;
}

export async function listPaymentEvents(deps: AppDeps): Promise<PaymentEventView[]> {
  const rows = await deps.db
    .selectFrom('paymentEvents')
    .select(['id', 'provider', 'type', 'receivedAt', 'processedAt', 'error'])
    .orderBy('receivedAt', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    type: r.type,
    receivedAt: r.receivedAt.toISOString(),
    processedAt: isoDate(r.processedAt),
    error: r.error,
  }));
}

/** Re-runs a stored event through the same handler (after a fix, or to retry one that failed). */
export async function replayPaymentEvent(deps: AppDeps, id: string): Promise<PaymentEventView> {
  const row = await deps.db.selectFrom('paymentEvents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payment event not found.');
  // Applying a processed event again would count a failure twice: only events that did not go through replay.
  if (row.processedAt) throw new AppError(409, 'already_processed', 'This event was already processed.');
  const event = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as ProviderEvent;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await applyPaymentEvent(trx, event);
      await trx
        .updateTable('paymentEvents')
        .set((eb) => ({ processedAt: deps.clock.now(), error: null, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    });
  } catch (error) {
    await deps.db
      .updateTable('paymentEvents')
      .set({ error: error instanceof Error ? error.message : String(error) })
      .where('id', '=', id)
      .execute();
  }
  const [view] = (await listPaymentEvents(deps)).filter((e) => e.id === id);
  if (!view) throw notFound('Payment event not found.');
  return view;
}

export { refreshPaymentStanding };
