import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CURRENCY,
  ENROLMENT_CODE_LENGTH,
  ENROLMENT_CODE_MAX_TRIES,
  ENROLMENT_CODE_TTL_MINUTES,
  ENROLMENT_TTL_HOURS,
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
import { noticeEmail, welcomeTrainerEmail } from '../mail/templates';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { grantRole, listUsersWithRole } from '../users/repository';
import { applyPaymentEvent, type EventOutcome, type ProviderEvent, RefusedEvent } from './events';
import { ledgerOf, refreshPaymentStanding } from './ledger';
import { failedInstalmentEmail, instalmentPaidEmail, pastDueAdminNotice, receiptEmail } from './mail';
import type { PaymentProvider } from './providers';

export const ENROLMENT_COOKIE = 'sp_enrolment';
export const ENROLMENT_COOKIE_DAYS = 7;
/** The enrolment cookie's attributes: set at checkout, cleared with the same ones at logout. */
export const enrolmentCookieOptions = (appUrl: string) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: appUrl.startsWith('https://'),
});

const HOUR_MS = 60 * 60 * 1000;
const ENROLMENT_TTL_MS = ENROLMENT_TTL_HOURS * HOUR_MS;
const CODE_TTL_MS = ENROLMENT_CODE_TTL_MINUTES * 60 * 1000;

type EnrolmentRequest = z.output<typeof enrolmentRequestSchema>;
type EnrolmentConfirm = z.output<typeof enrolmentConfirmSchema>;

const noEnrolment = () => new AppError(404, 'no_enrolment', enrolmentMessages.sessionExpired);
const notVerified = () => new AppError(409, 'payment_not_verified', enrolmentMessages.paymentNotVerified);
const alreadyEnrolled = () => new AppError(409, 'already_enrolled', enrolmentMessages.alreadyEnrolled);
const signInRequired = (message: string) => new AppError(409, 'sign_in_required', message);
const codeError = (code: string, message: string) => badRequest(code, message, { code: message });

export function toEnrolmentView(e: EnrolmentRow): EnrolmentView {
  const verified = e.emailVerifiedAt !== null;
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
    checkoutUrl: e.status === 'paid' || !verified ? null : e.checkoutUrl,
    lastError: e.lastError,
    trainerId: e.status === 'paid' ? e.trainerId : null,
    confirmed: e.confirmedAt !== null,
    emailVerified: verified,
  };
}

/** An unpaid enrolment ends ENROLMENT_TTL_HOURS after it started, on the app's clock; a paid one stays. */
export function enrolmentExpired(deps: AppDeps, e: EnrolmentRow): boolean {
  return e.status === 'checkout' && e.createdAt.getTime() + ENROLMENT_TTL_MS <= deps.clock.now().getTime();
}

/** The enrolment behind the HttpOnly cookie, or the spec's 'Session expired' answer. */
export async function enrolmentFromCookie(deps: AppDeps, token: string | undefined): Promise<EnrolmentRow> {
  if (!token) throw noEnrolment();
  const row = await deps.db
    .selectFrom('enrolments')
    .selectAll()
    .where('cookieHash', '=', hashToken(deps.config.sessionSecret, token))
    .executeTakeFirst();
  if (!row || row.status === 'cancelled' || enrolmentExpired(deps, row)) throw noEnrolment();
  return row;
}

/** Whether the address already has a trainer, an account or a paid enrolment: then it is not for a new enrolment. */
async function emailTaken(deps: AppDeps, email: string): Promise<boolean> {
  const [user, trainer, paid] = await Promise.all([
    deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    deps.db.selectFrom('trainers').select('id').where('email', '=', email).executeTakeFirst(),
    deps.db
      .selectFrom('enrolments')
      .select('id')
      .where('email', '=', email)
      .where('status', '=', 'paid')
      .executeTakeFirst(),
  ]);
  return Boolean(user || trainer || paid);
}

/**
 * What every step before the payment asks (the code, a new checkout, the test card): the enrolment is unpaid, not
 * expired, its e-mail still free (another browser may have paid for it meanwhile) and, to pay, verified here.
 */
export async function assertEnrolmentPayable(
  deps: AppDeps,
  enrolment: EnrolmentRow,
  { verified }: { verified: boolean },
): Promise<void> {
  if (enrolment.status === 'paid') {
    throw new AppError(409, 'already_paid', 'This enrolment is already paid.');
  }
  if (enrolment.status === 'cancelled' || enrolmentExpired(deps, enrolment)) throw noEnrolment();
  if (await emailTaken(deps, enrolment.email)) throw alreadyEnrolled();
  if (verified && enrolment.emailVerifiedAt === null) {
    throw new AppError(409, 'email_not_verified', enrolmentMessages.emailNotVerified);
  }
}

const codeHash = (deps: AppDeps, enrolment: EnrolmentRow, code: string) =>
  // Bound to the enrolment: a code is worth nothing on another enrolment, even for the same address.
  hashToken(deps.config.sessionSecret, `enrolment-code:${enrolment.publicId}:${code}`);

const enrolmentCodeEmail = (e: EnrolmentRow, code: string) =>
  noticeEmail({
    to: e.email,
    name: e.fullName,
    subject: `${code} is your Soul Punch enrolment code`,
    paragraphs: [
      `Your code to continue your Soul Punch Trainer Certification enrolment is ${code}.`,
      `Enter it on the checkout page where you asked for it. It expires in ${ENROLMENT_CODE_TTL_MINUTES} minutes.`,
      'If you did not start an enrolment, you can ignore this email: nobody can continue without the code.',
    ],
  });

/** A new code for this enrolment's address (the previous one stops working), e-mailed; only its hash is kept. */
async function sendEnrolmentCode(deps: AppDeps, enrolment: EnrolmentRow): Promise<EnrolmentRow> {
  // Enough for a lost e-mail or two; short, so nobody can keep an address from enrolling for long.
  await enforceRateLimits(deps.db, [
    { key: `enrol-code:email:${enrolment.email}`, limit: 5, windowSeconds: 900 },
  ]);
  const code = String(randomInt(0, 10 ** ENROLMENT_CODE_LENGTH)).padStart(ENROLMENT_CODE_LENGTH, '0');
  const updated = await deps.db
    .updateTable('enrolments')
    .set({
      emailCodeHash: codeHash(deps, enrolment, code),
      emailCodeExpiresAt: new Date(deps.clock.now().getTime() + CODE_TTL_MS),
      emailCodeAttempts: 0,
      updatedAt: new Date(),
    })
    .where('id', '=', enrolment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await deps.mailer.send(enrolmentCodeEmail(updated, code));
  return updated;
}

/**
 * Checkout: an e-mail that already belongs to a trainer or an account is told to sign in. Each browser has its
 * own enrolment: only the row behind this browser's own cookie is reused (same address), never another browser's.
 * A new or changed address gets a code by e-mail, and no checkout opens until this browser enters it.
 */
export async function startEnrolment(
  deps: AppDeps,
  provider: PaymentProvider,
  input: EnrolmentRequest,
  ip: string,
  cookieToken?: string,
): Promise<{ enrolment: EnrolmentRow; cookieToken: string }> {
  await enforceRateLimits(deps.db, [{ key: `enrol:ip:${ip}`, limit: 20, windowSeconds: 600 }]);
  if (await emailTaken(deps, input.email)) throw alreadyEnrolled();

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
    lastError: null,
    updatedAt: new Date(),
  };
  const own = cookieToken ? await enrolmentFromCookie(deps, cookieToken).catch(() => null) : null;
  if (own && own.status === 'checkout' && own.email === input.email) {
    const enrolment = await deps.db
      .updateTable('enrolments')
      .set(values)
      .where('id', '=', own.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      enrolment: enrolment.emailVerifiedAt
        ? await openCheckout(deps, provider, enrolment)
        : await sendEnrolmentCode(deps, enrolment),
      cookieToken: cookieToken as string,
    };
  }
  // A new address (or no enrolment of this browser's): a new row with its own cookie and its own publicId, so
  // nothing paid or opened for the old address can ever count for this one.
  const newCookie = newToken();
  const enrolment = await deps.db
    .insertInto('enrolments')
    .values({
      ...values,
      cookieHash: hashToken(deps.config.sessionSecret, newCookie),
      createdAt: deps.clock.now(),
      publicId: `enr_${randomBytes(12).toString('base64url')}`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { enrolment: await sendEnrolmentCode(deps, enrolment), cookieToken: newCookie };
}

/**
 * The code this browser received by e-mail. Each try is counted before it is compared (one statement, so tries
 * sent at once cannot pass the limit); the code works once, for ENROLMENT_CODE_TTL_MINUTES, and after
 * ENROLMENT_CODE_MAX_TRIES wrong tries a new code is needed. Then the provider's checkout opens.
 */
export async function verifyEnrolmentEmail(
  deps: AppDeps,
  provider: PaymentProvider,
  enrolment: EnrolmentRow,
  code: string,
  ip: string,
): Promise<EnrolmentRow> {
  await enforceRateLimits(deps.db, [{ key: `enrol-verify:ip:${ip}`, limit: 30, windowSeconds: 600 }]);
  await assertEnrolmentPayable(deps, enrolment, { verified: false });
  if (enrolment.emailVerifiedAt) return openCheckout(deps, provider, enrolment);
  const now = deps.clock.now();
  const spent = await deps.db
    .updateTable('enrolments')
    .set((eb) => ({ emailCodeAttempts: eb('emailCodeAttempts', '+', 1) }))
    .where('id', '=', enrolment.id)
    .where('emailCodeHash', 'is not', null)
    .where('emailCodeExpiresAt', '>', now)
    .where('emailCodeAttempts', '<', ENROLMENT_CODE_MAX_TRIES)
    .returning(['emailCodeHash', 'emailCodeAttempts'])
    .executeTakeFirst();
  if (!spent?.emailCodeHash) {
    // Why no try was left, read after the statement (tries sent at the same time may have spent the last ones).
    const state = await deps.db
      .selectFrom('enrolments')
      .select(['emailCodeHash', 'emailCodeAttempts'])
      .where('id', '=', enrolment.id)
      .executeTakeFirstOrThrow();
    if (!state.emailCodeHash) throw codeError('code_required', enrolmentMessages.codeRequired);
    if (state.emailCodeAttempts >= ENROLMENT_CODE_MAX_TRIES) {
      throw codeError('too_many_tries', enrolmentMessages.codeTooManyTries);
    }
    throw codeError('code_expired', enrolmentMessages.codeExpired);
  }
  const expected = Buffer.from(spent.emailCodeHash);
  const given = Buffer.from(codeHash(deps, enrolment, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw spent.emailCodeAttempts >= ENROLMENT_CODE_MAX_TRIES
      ? codeError('too_many_tries', enrolmentMessages.codeTooManyTries)
      : codeError('invalid_code', enrolmentMessages.codeWrong);
  }
  const verified = await deps.db
    .updateTable('enrolments')
    .set({
      emailVerifiedAt: now,
      emailCodeHash: null,
      emailCodeExpiresAt: null,
      emailCodeAttempts: 0,
      updatedAt: new Date(),
    })
    .where('id', '=', enrolment.id)
    .where('emailCodeHash', '=', spent.emailCodeHash)
    .returningAll()
    .executeTakeFirst();
  // A code spent by a concurrent request (or replaced by a new one) in between.
  if (!verified) throw codeError('code_required', enrolmentMessages.codeRequired);
  return openCheckout(deps, provider, verified);
}

/** A (new) checkout for an unpaid, verified enrolment: after a decline, or to switch plan. */
export async function openCheckout(
  deps: AppDeps,
  provider: PaymentProvider,
  enrolment: EnrolmentRow,
  plan?: PlanKey,
): Promise<EnrolmentRow> {
  await assertEnrolmentPayable(deps, enrolment, { verified: true });
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
 * The post-payment screen: only a verified payment gets here, in the browser that entered the e-mailed code.
 * It signs in once: it creates the account (never takes over one that exists: that owner signs in), saves the
 * details, starts a session, sends the receipt and the welcome e-mail, and creates the documents to sign. Any
 * later confirm with the same cookie changes nothing and says to sign in.
 */
export async function confirmEnrolment(
  deps: AppDeps,
  enrolment: EnrolmentRow,
  input: EnrolmentConfirm,
): Promise<{ trainerId: number; sessionToken: string; expiresAt: Date }> {
  if (enrolment.status !== 'paid' || !enrolment.trainerId) {
    // Another browser paid for this address meanwhile: the address is taken.
    if (await emailTaken(deps, enrolment.email)) throw alreadyEnrolled();
    throw notVerified();
  }
  if (enrolment.confirmedAt !== null) throw signInRequired(enrolmentMessages.alreadyConfirmed);
  // Paid through a checkout opened before codes existed: this browser never showed the address is its own.
  if (enrolment.emailVerifiedAt === null) throw signInRequired(enrolmentMessages.accountExists);
  if (input.email !== enrolment.email) {
    const message =
      'Please keep the e-mail address you paid with; you can change it later from your profile.';
    throw badRequest('validation_error', message, { email: message });
  }
  const trainerId = enrolment.trainerId;
  const refuseExisting = () => signInRequired(enrolmentMessages.accountExists);
  const userId = await deps.db.transaction().execute(async (trx) => {
    // Only an account this confirm creates gets a session: an existing one (made by an admin after the
    // enrolment started, any role) is its owner's, who signs in. Nothing of it changes here.
    const user = await trx
      .insertInto('users')
      .values({ email: enrolment.email, name: input.fullName })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) throw refuseExisting();
    const linked = await trx
      .updateTable('trainers')
      .set({
        userId: user.id,
        name: input.fullName,
        phone: input.phone,
        city: input.city,
        state: input.state,
      })
      .where('id', '=', trainerId)
      .where('userId', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!linked) throw refuseExisting();
    await grantRole(trx, user.id, 'trainer');
    const confirmed = await trx
      .updateTable('enrolments')
      .set({ confirmedAt: deps.clock.now(), fullName: input.fullName })
      .where('id', '=', enrolment.id)
      .where('confirmedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!confirmed) throw signInRequired(enrolmentMessages.alreadyConfirmed);
    return user.id;
  });
  const ledger = await ledgerOf(deps.db, enrolment.id);
  const first = ledger.find((r) => r.instalment === 1);
  await deps.mailer.send(receiptEmail(enrolment, first?.paidAt ?? deps.clock.now()));
  await sendSignInLink(
    deps,
    { id: userId, email: enrolment.email, name: input.fullName },
    welcomeTrainerEmail,
  );
  await createRequiredDocuments(deps, trainerId);
  const { sessionToken, expiresAt } = await startSession(deps, userId);
  return { trainerId, sessionToken, expiresAt };
}

/**
 * Unpaid enrolments past ENROLMENT_TTL_HOURS end: their cookie answers 'Session expired' and their code stops
 * working. A payment that still arrives for one is recorded all the same (the money was taken).
 */
export async function expireUnpaidEnrolments(deps: AppDeps, now: Date): Promise<number> {
  const expired = await deps.db
    .updateTable('enrolments')
    .set({ status: 'cancelled', emailCodeHash: null, emailCodeExpiresAt: null, updatedAt: new Date() })
    .where('status', '=', 'checkout')
    .where('createdAt', '<=', new Date(now.getTime() - ENROLMENT_TTL_MS))
    .returning('id')
    .execute();
  return expired.length;
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
