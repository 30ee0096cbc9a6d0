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
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { EnrolmentRow, PaymentRow } from '../../db/schema-payments';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { DAY_MS } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { startSession } from '../auth/service';
import { applyRenewalFeePaid, withdrawRenewalFee } from '../certification/paid-renewal';
import { createRequiredDocuments } from '../documents/service';
import { deliverMail, queueMail, sendQueuedMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { notifyStaff } from '../notifications/service';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { grantRole } from '../users/service';
import {
  applyPaymentEvent,
  describeEvent,
  type EventOutcome,
  type ProviderEvent,
  RefusedEvent,
} from './events';
import { ledgerOf, refreshPaymentStanding } from './ledger';
import { instalmentRow, renewalLedgerOf, verifiedFirstPayment } from './ledger-repository';
import {
  disputeNotice,
  failedInstalmentEmail,
  instalmentPaidEmail,
  newEnrolmentNotice,
  pastDueNotice,
  receiptEmail,
  renewalReceiptEmail,
} from './mail';
import type { PaymentProvider } from './providers';
import {
  addressInUse,
  bumpCheckoutAttempt,
  cancelUnpaidEnrolments,
  codeState,
  countEventAttempt,
  enrolmentsAwaitingSchedule,
  enrolmentsNamedBy,
  findEnrolment,
  findEnrolmentByCookieHash,
  findEvent,
  findPaidEnrolmentOfTrainer,
  findRenewalEnrolment,
  getEnrolment,
  insertEnrolment,
  insertEventIfNew,
  insertUserIfNew,
  linkTrainerAccount,
  listEvents,
  lockEvent,
  markEmailVerified,
  markEnrolmentConfirmed,
  markEventProcessed,
  markEventReplayed,
  markScheduled,
  markScheduleWanted,
  pauseAccessPastDueSince,
  recordEventError,
  setEventError,
  spendCodeTry,
  trainerPaymentState,
  updateEnrolment,
} from './repository';

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
const codeError = (code: Parameters<typeof badRequest>[0], message: string) =>
  badRequest(code, message, { code: message });

export function toEnrolmentView(e: EnrolmentRow): EnrolmentView {
  // Only the program's enrolments have a browser cookie (a renewal fee is paid signed in, from the portal).
  if (!e.plan) throw noEnrolment();
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
  const row = await findEnrolmentByCookieHash(deps.db, hashToken(deps.config.sessionSecret, token));
  if (!row || row.status === 'cancelled' || enrolmentExpired(deps, row)) throw noEnrolment();
  return row;
}

/** Whether the address already has a trainer, an account or a paid enrolment: then it is not for a new enrolment. */
async function emailTaken(deps: AppDeps, email: string): Promise<boolean> {
  return addressInUse(deps.db, email);
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
  if (enrolment.purpose === 'renewal') {
    // Another checkout of this trainer's paid for the same expiry meanwhile.
    const { trainerId, renewsExpiresOn } = enrolment;
    if (
      trainerId &&
      renewsExpiresOn &&
      (await findRenewalEnrolment(deps.db, trainerId, renewsExpiresOn, 'paid'))
    ) {
      throw new AppError(409, 'renewal_fee_paid', 'This renewal fee is already paid.');
    }
  } else if (enrolment.origin === 'portal') {
    // The trainer record is theirs already (that is why the address is in use): only a payment made meanwhile
    // (an offline one an admin recorded) stops it.
    if (enrolment.trainerId && (await findPaidEnrolmentOfTrainer(deps.db, enrolment.trainerId))) {
      throw new AppError(409, 'already_paid', 'This enrolment is already paid.');
    }
  } else if (await emailTaken(deps, enrolment.email)) throw alreadyEnrolled();
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
  const updated = await updateEnrolment(deps.db, enrolment.id, {
    emailCodeHash: codeHash(deps, enrolment, code),
    emailCodeExpiresAt: new Date(deps.clock.now().getTime() + CODE_TTL_MS),
    emailCodeAttempts: 0,
    updatedAt: new Date(),
  });
  // Sent directly, not queued: the code is a key and is kept nowhere in clear (a refusal asks for a new code).
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
    const enrolment = await updateEnrolment(deps.db, own.id, values);
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
  const enrolment = await insertEnrolment(deps.db, {
    ...values,
    cookieHash: hashToken(deps.config.sessionSecret, newCookie),
    createdAt: deps.clock.now(),
    publicId: `enr_${randomBytes(12).toString('base64url')}`,
  });
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
  const spent = await spendCodeTry(deps.db, enrolment.id, now, ENROLMENT_CODE_MAX_TRIES);
  if (!spent?.emailCodeHash) {
    // Why no try was left, read after the statement (tries sent at the same time may have spent the last ones).
    const state = await codeState(deps.db, enrolment.id);
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
  const verified = await markEmailVerified(deps.db, enrolment.id, spent.emailCodeHash, now);
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
  if (plan && enrolment.plan && plan !== enrolment.plan) {
    current = await updateEnrolment(deps.db, enrolment.id, {
      plan,
      amountCents: PLANS[plan].amountCents,
      totalCents: planTotalCents(plan),
    });
  }
  return openProviderCheckout(deps, provider, current.id);
}

/**
 * Opens the provider's checkout for an enrolment ready to pay (the public one and the portal's) and keeps its
 * address. The attempt is counted first and names the provider's idempotency key: a retry never opens two
 * sessions. No transaction is open while the provider answers (PGlite has one connection the others wait for).
 */
export async function openProviderCheckout(
  deps: AppDeps,
  provider: PaymentProvider,
  enrolmentId: number,
): Promise<EnrolmentRow & { checkoutUrl: string }> {
  const attempt = await bumpCheckoutAttempt(deps.db, enrolmentId);
  const checkout = await provider.createCheckout(attempt);
  const updated = await updateEnrolment(deps.db, enrolmentId, {
    checkoutId: checkout.checkoutId,
    checkoutUrl: checkout.url,
    updatedAt: new Date(),
  });
  return { ...updated, checkoutUrl: checkout.url };
}

/**
 * The post-payment screen: only a verified payment gets here, in the browser that entered the e-mailed code.
 * It signs in once: it creates the account (never takes over one that exists: that owner signs in), saves the
 * details, starts a session, sends the receipt, and creates the documents to sign (one e-mail lists them). Any
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
    const userId = await insertUserIfNew(trx, enrolment.email, input.fullName);
    if (userId === null) throw refuseExisting();
    const linked = await linkTrainerAccount(trx, trainerId, userId, {
      name: input.fullName,
      phone: input.phone,
      city: input.city,
      state: input.state,
    });
    if (!linked) throw refuseExisting();
    await grantRole(trx, userId, 'trainer');
    if (!(await markEnrolmentConfirmed(trx, enrolment.id, input.fullName, deps.clock.now()))) {
      throw signInRequired(enrolmentMessages.alreadyConfirmed);
    }
    return userId;
  });
  const first = await instalmentRow(deps.db, enrolment.id, 1);
  // The receipt goes through the mail queue: a refusing mail server does not undo the confirm.
  await sendQueuedMail(deps, receiptEmail(enrolment, first?.paidAt ?? deps.clock.now()));
  // No welcome with a sign-in link: this browser is signed in below. The documents go in one e-mail (none when
  // the onboarding trigger already sent them).
  await createRequiredDocuments(deps, trainerId);
  const { sessionToken, expiresAt } = await startSession(deps, userId);
  return { trainerId, sessionToken, expiresAt };
}

/**
 * Unpaid enrolments past ENROLMENT_TTL_HOURS end: their cookie answers 'Session expired' and their code stops
 * working. A payment that still arrives for one is recorded all the same (the money was taken).
 */
export async function expireUnpaidEnrolments(deps: AppDeps, now: Date): Promise<number> {
  return cancelUnpaidEnrolments(deps.db, new Date(now.getTime() - ENROLMENT_TTL_MS));
}

/** trigger-onboarding and the payment-confirmation PUT: both need a payment the provider confirmed. */
export async function assertPaymentVerified(deps: AppDeps, trainerId: number) {
  const trainer = await trainerPaymentState(deps.db, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  if (!(await verifiedFirstPayment(deps.db, trainerId))) throw notVerified();
  const { id, name, email, paymentStatus, onboardingStatus } = trainer;
  return { id, name, email, paymentStatus, onboardingStatus };
}

export async function triggerOnboarding(deps: AppDeps, trainerId: number) {
  await assertPaymentVerified(deps, trainerId);
  await createRequiredDocuments(deps, trainerId);
  const t = await trainerPaymentState(deps.db, trainerId);
  if (!t) throw notFound(TRAINER_NOT_FOUND);
  return { trainerId, onboardingStatus: t.onboardingStatus };
}

type WebhookAnswer = { status: number; body: { received: boolean; duplicate?: boolean; refused?: string } };

/**
 * One webhook delivery. The signature is checked before anything is written; the event id is stored in the
 * same transaction as its effect, so a repeat (even ten at once) changes nothing. The e-mails it causes are queued
 * in that transaction and sent after commit; the provider is called after commit too (no transaction waits on the
 * network). Neither can fail the event once its effect committed: both are retried by the scheduled jobs.
 */
export async function receivePaymentEvent(
  deps: AppDeps,
  provider: PaymentProvider,
  raw: Buffer,
  signature: string | undefined,
  log?: Log,
): Promise<WebhookAnswer> {
  const event = provider.verifyEvent(raw, signature, deps.clock.now().getTime());
  return processPaymentEvent(deps, provider, event, log);
}

/**
 * A verified event (the webhook's, after its signature; the demo data's history, from the test provider): stored,
 * applied and answered as the webhook answers it.
 */
export async function processPaymentEvent(
  deps: AppDeps,
  provider: PaymentProvider,
  event: ProviderEvent,
  log?: Log,
): Promise<WebhookAnswer> {
  const stored = { id: event.id, provider: provider.name, type: event.type, payload: JSON.stringify(event) };
  let result: { duplicate: true } | { outcome: EventOutcome; mail: number[] };
  try {
    result = await deps.db.transaction().execute(async (trx) => {
      if (!(await insertEventIfNew(trx, stored))) {
        // Waits for a concurrent delivery of the same event to finish, then sees it processed.
        if ((await lockEvent(trx, event.id)).processedAt) return { duplicate: true as const };
        await countEventAttempt(trx, event.id);
      }
      const outcome = await applyPaymentEvent(trx, event);
      if (outcome.scheduleSubscription && outcome.enrolmentId) {
        await markScheduleWanted(trx, outcome.enrolmentId, outcome.scheduleSubscription);
      }
      const mail = [
        ...(await queueEventMail(deps, trx, outcome)),
        ...(await applyRenewalFee(deps, trx, outcome)),
      ];
      await markEventProcessed(trx, event.id, deps.clock.now());
      return { outcome, mail };
    });
  } catch (error) {
    const refused = error instanceof RefusedEvent;
    const message = error instanceof Error ? error.message : String(error);
    await recordEventError(deps.db, stored, message);
    // A refusal is final (answered 200 so it is not retried); anything else asks the provider to retry.
    if (refused) return { status: 200, body: { received: true, refused: message } };
    return { status: 500, body: { received: false } };
  }
  if ('duplicate' in result) return { status: 200, body: { received: true, duplicate: true } };
  // Committed: from here on nothing answers 500 (a retry of the event would only be a duplicate).
  await deliverMail(deps, result.mail, log);
  if (result.outcome.scheduleSubscription && result.outcome.enrolmentId) {
    await scheduleInstalmentsAtProvider(deps, provider, result.outcome.enrolmentId, log);
  }
  return { status: 200, body: { received: true } };
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * A flex enrolment's six-month schedule at the provider, asked for outside any transaction: read the wanted
 * subscription, call the provider (idempotent: its keys name the enrolment), then record it. A failure stays
 * wanted and is retried by the payments job.
 */
async function scheduleInstalmentsAtProvider(
  deps: AppDeps,
  provider: PaymentProvider,
  enrolmentId: number,
  log?: Log,
): Promise<boolean> {
  const enrolment = await findEnrolment(deps.db, enrolmentId);
  const subscriptionId = enrolment?.instalmentScheduleFor;
  if (!enrolment || !subscriptionId) return false;
  try {
    await provider.scheduleInstalments(enrolment, subscriptionId);
  } catch (err) {
    log?.warn({ err, enrolmentId }, 'instalment schedule not created at the provider: will retry');
    return false;
  }
  await markScheduled(deps.db, enrolmentId, subscriptionId, deps.clock.now());
  return true;
}

/** The payments job's part: every flex subscription still waiting for its schedule at the provider. */
export async function scheduleWaitingSubscriptions(deps: AppDeps, provider: PaymentProvider, log?: Log) {
  let scheduled = 0;
  for (const id of await enrolmentsAwaitingSchedule(deps.db)) {
    if (await scheduleInstalmentsAtProvider(deps, provider, id, log)) scheduled += 1;
  }
  return scheduled;
}

/**
 * A renewal fee paid, refunded or disputed, told to the certification module in the event's transaction: a paid
 * fee renews (once: a repeat of the event is a duplicate, a second payment finds the expiry moved), with its
 * receipt and the certification's e-mail queued here.
 */
async function applyRenewalFee(deps: AppDeps, trx: Trx, outcome: EventOutcome): Promise<number[]> {
  if (outcome.renewalFeeWithdrawn) {
    await withdrawRenewalFee(trx, deps.clock.now(), outcome.renewalFeeWithdrawn);
  }
  if (!outcome.renewalFeePaid || !outcome.enrolmentId) return [];
  const enrolment = await getEnrolment(trx, outcome.enrolmentId);
  const row = await instalmentRow(trx, enrolment.id, 1);
  const receipt = await queueMail(
    trx,
    deps.clock.now(),
    renewalReceiptEmail(enrolment, row?.paidAt ?? deps.clock.now()),
  );
  return [...receipt, ...(await applyRenewalFeePaid(trx, deps, outcome.renewalFeePaid))];
}

/**
 * The e-mails an event causes, queued in its transaction: a failed instalment to the trainer, a receipt for a
 * later instalment paid; and the admin area's notices (new enrolment, failed instalment, dispute), each person's
 * as they chose (modules/notifications).
 */
async function queueEventMail(deps: AppDeps, trx: Trx, outcome: EventOutcome): Promise<number[]> {
  const { failedInstalment, paidInstalment, firstPayment, dispute } = outcome;
  if (!outcome.enrolmentId || !(failedInstalment || paidInstalment || firstPayment || dispute)) return [];
  const enrolment = await getEnrolment(trx, outcome.enrolmentId);
  const now = deps.clock.now();
  const trainerId = firstPayment?.trainerId ?? enrolment.trainerId;
  const trainerUrl = trainerId
    ? `${deps.config.appUrl}/admin/trainers/${trainerId}`
    : `${deps.config.appUrl}/admin/payment-events`;
  const ids: number[] = [];
  if (firstPayment) {
    // A portal enrolment has no confirmation page to send its receipt: the payment itself does.
    if (enrolment.origin === 'portal') {
      const first = await instalmentRow(trx, enrolment.id, 1);
      ids.push(...(await queueMail(trx, now, receiptEmail(enrolment, first?.paidAt ?? now))));
    }
    ids.push(...(await notifyStaff(trx, now, 'new_enrolment', newEnrolmentNotice(enrolment, trainerUrl))));
  }
  if (paidInstalment) {
    const row = await instalmentRow(trx, enrolment.id, paidInstalment);
    if (row) ids.push(...(await queueMail(trx, now, instalmentPaidEmail(enrolment, row))));
  }
  if (dispute) {
    ids.push(...(await notifyStaff(trx, now, 'dispute', disputeNotice(enrolment, dispute, trainerUrl))));
  }
  if (failedInstalment) {
    const row = await instalmentRow(trx, enrolment.id, failedInstalment.instalment);
    if (row?.status !== 'failed') return ids;
    const payNowUrl = row.payNowUrl ?? `${deps.config.appUrl}/trainer-portal/dashboard`;
    ids.push(
      ...(await queueMail(
        trx,
        now,
        failedInstalmentEmail(enrolment, row, payNowUrl, deps.config.paymentGraceDays),
      )),
      ...(await notifyStaff(trx, now, 'failed_instalment', pastDueNotice(enrolment, row, trainerUrl))),
    );
  }
  return ids;
}

const isoDate = (d: Date | null) => (d ? d.toISOString() : null);

function toLedgerEntry(r: PaymentRow, renewsExpiresOn: string | null = null): LedgerEntry {
  return {
    id: r.id,
    instalment: r.instalment,
    kind: r.kind,
    purpose: renewsExpiresOn ? 'renewal' : 'program',
    renewsExpiresOn,
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

/**
 * What a trainer and the admins see of the plan: '3 of 6 paid · next {instalment} on {date}', and the ledger: the
 * program's rows, then each renewal fee paid (and any refund of it).
 */
export async function getPaymentSummary(deps: AppDeps, trainerId: number): Promise<PaymentSummary> {
  const trainer = await trainerPaymentState(deps.db, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const enrolment = await findPaidEnrolmentOfTrainer(deps.db, trainerId);
  const rows = enrolment ? await ledgerOf(deps.db, enrolment.id) : [];
  const renewals = await renewalLedgerOf(deps.db, trainerId);
  const plan = enrolment?.plan ?? null;
  const instalments = rows.filter((r) => r.instalment !== null);
  const settled = (r: PaymentRow) => r.status === 'paid' || r.status === 'waived';
  const paidCount = instalments.filter(settled).length;
  const next = instalments.find((r) => !settled(r) && r.status !== 'refunded' && r.status !== 'disputed');
  const failed = instalments.find((r) => r.status === 'failed');
  const totalCount = instalments.length;
  let progressLabel = 'No payment recorded';
  if (plan === 'full') {
    progressLabel =
      instalments[0]?.status === 'waived' ? 'Fee waived' : paidCount ? 'Paid in full' : 'Payment pending';
  } else if (plan === 'flex') {
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
    entries: [
      ...rows.map((r) => toLedgerEntry(r)),
      ...renewals.map((r) => toLedgerEntry(r, r.renewsExpiresOn ?? '')),
    ],
  };
}

/**
 * The grace rule: a trainer past due for PAYMENT_GRACE_DAYS has portal resources paused (never deleted).
 * Safe to repeat: it only pauses those not paused yet. Paying clears it at once (refreshPaymentStanding).
 */
export async function pauseLapsedAccess(deps: AppDeps, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.paymentGraceDays * DAY_MS);
  return pauseAccessPastDueSince(deps.db, cutoff, now);
}

/**
 * The provider's events as received, each with the trainer and the amount it is about. The trainer is found as the
 * webhook finds it (any id the event names; a paid enrolment first, then the newest), for the whole page at once.
 */
export async function listPaymentEvents(deps: AppDeps): Promise<PaymentEventView[]> {
  const rows = await listEvents(deps.db, 200);
  const described = rows.map((r) => describeEvent(JSON.parse(r.payload) as ProviderEvent));
  const pick = (key: 'subscription' | 'checkout' | 'ref' | 'customer') => [
    ...new Set(described.map((d) => d.ids[key]).filter((v): v is string => v !== null)),
  ];
  const { enrolments, charges } = await enrolmentsNamedBy(deps.db, {
    subscriptions: pick('subscription'),
    checkouts: pick('checkout'),
    refs: pick('ref'),
    customers: pick('customer'),
    charges: [...new Set(described.map((d) => d.charge).filter((v): v is string => v !== null))],
  });
  const trainerOf = ({ ids, charge }: (typeof described)[number]) => {
    const chargeEnrolment = charges.find((c) => c.providerRef === charge)?.enrolmentId;
    const [match] = enrolments
      .filter(
        (e) =>
          (ids.subscription !== null && e.subscriptionId === ids.subscription) ||
          (ids.checkout !== null && e.checkoutId === ids.checkout) ||
          (ids.ref !== null && e.publicId === ids.ref) ||
          (ids.customer !== null && e.customerId === ids.customer) ||
          e.id === chargeEnrolment,
      )
      .sort((a, b) => Number(b.status === 'paid') - Number(a.status === 'paid') || b.id - a.id);
    return match;
  };
  return rows.map((r, i) => {
    const d = described[i] as (typeof described)[number];
    const match = trainerOf(d);
    return {
      id: r.id,
      provider: r.provider,
      type: r.type,
      receivedAt: r.receivedAt.toISOString(),
      processedAt: isoDate(r.processedAt),
      error: r.error,
      trainer:
        match?.trainerId && match.trainerName ? { id: match.trainerId, name: match.trainerName } : null,
      purpose: match?.purpose ?? null,
      amountCents: d.amountCents,
      currency: d.currency,
    };
  });
}

/** Re-runs a stored event through the same handler (after a fix, or to retry one that failed). */
export async function replayPaymentEvent(deps: AppDeps, id: string): Promise<PaymentEventView> {
  const row = await findEvent(deps.db, id);
  if (!row) throw notFound('Payment event not found.');
  // Applying a processed event again would count a failure twice: only events that did not go through replay.
  if (row.processedAt) throw new AppError(409, 'already_processed', 'This event was already processed.');
  const event = JSON.parse(row.payload) as ProviderEvent;
  try {
    const mail = await deps.db.transaction().execute(async (trx) => {
      const outcome = await applyPaymentEvent(trx, event);
      // The provider's schedule is asked for by the payments job, after commit.
      if (outcome.scheduleSubscription && outcome.enrolmentId) {
        await markScheduleWanted(trx, outcome.enrolmentId, outcome.scheduleSubscription);
      }
      const queued = [
        ...(await queueEventMail(deps, trx, outcome)),
        ...(await applyRenewalFee(deps, trx, outcome)),
      ];
      await markEventReplayed(trx, id, deps.clock.now());
      return queued;
    });
    await deliverMail(deps, mail);
  } catch (error) {
    await setEventError(deps.db, id, error instanceof Error ? error.message : String(error));
  }
  const [view] = (await listPaymentEvents(deps)).filter((e) => e.id === id);
  if (!view) throw notFound('Payment event not found.');
  return view;
}

export { refreshPaymentStanding };
