import { randomBytes } from 'node:crypto';
import {
  enrolmentMessages,
  PLANS,
  TEST_CARDS,
  type TestCard,
  type TestCheckoutView,
  type TestPaymentResult,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EnrolmentRow } from '../../db/schema-payments';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import type { ProviderEvent } from './events';
import { scheduledTestInstalments } from './ledger-repository';
import {
  checkoutItemName,
  checkoutReturnUrls,
  STRIPE_API_VERSION,
  signTestEvent,
  testWebhookSecret,
} from './providers';
import {
  findTestCheckout,
  getEnrolment,
  insertTestCheckout,
  markTestCheckoutPaid,
  updateEnrolment,
} from './repository';
import { assertEnrolmentPayable, enrolmentExpired } from './service';

/**
 * The offline test provider: a hosted checkout page served by the app and a biller for later instalments.
 * Whatever happens to a test card becomes a Stripe-shaped event, signed with Stripe's scheme and delivered to
 * the same webhook route real Stripe events take.
 */
export async function openTestCheckout(db: Db, enrolment: EnrolmentRow, instalment: number | null = null) {
  const id = `cs_test_${randomBytes(16).toString('base64url')}`;
  await insertTestCheckout(db, {
    id,
    enrolmentId: enrolment.id,
    instalment,
    amountCents: enrolment.amountCents,
  });
  return id;
}

async function loadCheckout(db: Db, id: string) {
  const row = await findTestCheckout(db, id);
  if (!row) throw notFound('This test checkout does not exist.');
  const enrolment = await getEnrolment(db, row.enrolmentId);
  return { checkout: row, enrolment };
}

/** Where the page goes after paying or cancelling: as Stripe's would (providers.ts), as paths of this app. */
function checkoutReturns(enrolment: EnrolmentRow, forInstalment: boolean) {
  if (forInstalment)
    return { returnUrl: '/trainer-portal/dashboard', cancelUrl: '/trainer-portal/dashboard' };
  const urls = checkoutReturnUrls('', enrolment);
  return { returnUrl: urls.success_url, cancelUrl: urls.cancel_url };
}

const firstPaymentDescription = (e: EnrolmentRow) =>
  e.plan === 'flex'
    ? `Soul Punch Trainer Certification (${PLANS.flex.label}: first of ${PLANS.flex.instalments} monthly payments)`
    : checkoutItemName(e);

export async function getTestCheckout(deps: AppDeps, id: string): Promise<TestCheckoutView> {
  const { checkout, enrolment } = await loadCheckout(deps.db, id);
  // A first-payment page is superseded by a newer checkout of the same enrolment, and closed once paid.
  // An unpaid enrolment past its lifetime closes its page too.
  const superseded =
    checkout.instalment === null &&
    (enrolment.checkoutId !== checkout.id ||
      enrolment.status === 'cancelled' ||
      enrolmentExpired(deps, enrolment));
  const forInstalment = checkout.instalment !== null;
  return {
    id: checkout.id,
    description: forInstalment
      ? `Soul Punch Trainer Certification: payment ${checkout.instalment} of ${PLANS.flex.instalments}`
      : firstPaymentDescription(enrolment),
    email: enrolment.email,
    amountCents: checkout.amountCents,
    plan: enrolment.plan,
    status: checkout.status === 'paid' ? 'paid' : superseded ? 'expired' : 'open',
    instalment: checkout.instalment,
    ...checkoutReturns(enrolment, forInstalment),
  };
}

const ids = (e: EnrolmentRow) => ({
  customer: `cus_test_${e.publicId}`,
  subscription: e.plan === 'flex' ? `sub_test_${e.publicId}` : null,
  invoice: (n: number) => `in_test_${e.publicId}_${n}`,
});

function buildEvent(type: string, object: Record<string, unknown>, nowMs: number): ProviderEvent {
  return {
    id: `evt_test_${randomBytes(16).toString('base64url')}`,
    type,
    created: Math.floor(nowMs / 1000),
    data: { object },
    ...{ object: 'event', livemode: false, api_version: STRIPE_API_VERSION },
  } as ProviderEvent;
}

/** Posts a signed event to our own webhook route, exactly as the provider would. */
async function deliver(app: FastifyInstance, deps: AppDeps, event: ProviderEvent): Promise<void> {
  const payload = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signTestEvent(payload, testWebhookSecret(deps.config), deps.clock.now().getTime()),
    },
    payload,
  });
  if (res.statusCode !== 200)
    throw new Error(`test provider webhook delivery failed: ${res.statusCode} ${res.body}`);
}

function invoiceObject(e: EnrolmentRow, instalment: number, extra: Record<string, unknown>) {
  const { customer, subscription, invoice } = ids(e);
  return {
    id: invoice(instalment),
    object: 'invoice',
    customer,
    subscription,
    currency: e.currency,
    amount_due: e.amountCents,
    billing_reason: instalment === 1 ? 'subscription_create' : 'subscription_cycle',
    metadata: { instalment: String(instalment) },
    subscription_details: { metadata: { enrolmentId: e.publicId } },
    ...extra,
  };
}

/** What the provider sends when the first payment goes through: the checkout, and a flex plan's first invoice. */
export function firstPaymentEvents(
  enrolment: EnrolmentRow,
  checkoutId: string,
  nowMs: number,
): ProviderEvent[] {
  const { customer, subscription } = ids(enrolment);
  const checkout = buildEvent(
    'checkout.session.completed',
    {
      id: checkoutId,
      object: 'checkout.session',
      mode: enrolment.plan === 'flex' ? 'subscription' : 'payment',
      payment_status: 'paid',
      amount_total: enrolment.amountCents,
      currency: enrolment.currency,
      customer,
      subscription,
      payment_intent: enrolment.plan === 'flex' ? null : `pi_test_${enrolment.publicId}`,
      client_reference_id: enrolment.publicId,
      metadata: { enrolmentId: enrolment.publicId },
    },
    nowMs,
  );
  if (enrolment.plan !== 'flex') return [checkout];
  return [checkout, instalmentEvent(enrolment, 1, null, nowMs)];
}

/** One instalment charged: paid, or failed with the page where it can be paid now (`payNowUrl`). */
export function instalmentEvent(
  enrolment: EnrolmentRow,
  instalment: number,
  payNowUrl: string | null,
  nowMs: number,
): ProviderEvent {
  return payNowUrl
    ? buildEvent(
        'invoice.payment_failed',
        invoiceObject(enrolment, instalment, { amount_paid: 0, hosted_invoice_url: payNowUrl }),
        nowMs,
      )
    : buildEvent(
        'invoice.paid',
        invoiceObject(enrolment, instalment, { amount_paid: enrolment.amountCents }),
        nowMs,
      );
}

const cardOutcome = (number: string) =>
  number === TEST_CARDS.pays ? 'pays' : number === TEST_CARDS.failsNextInstalment ? 'fails_next' : 'declined';

export async function payTestCheckout(
  deps: AppDeps,
  app: FastifyInstance,
  id: string,
  card: TestCard & { cardNumber: string },
): Promise<TestPaymentResult> {
  const view = await getTestCheckout(deps, id);
  if (view.status !== 'open') {
    throw new AppError(
      409,
      'checkout_closed',
      'This checkout is closed. Please start again from the checkout page.',
    );
  }
  const { enrolment } = await loadCheckout(deps.db, id);
  // The first payment, as at Stripe's door: a verified address that no other browser has paid for meanwhile.
  if (view.instalment === null) await assertEnrolmentPayable(deps, enrolment, { verified: true });
  const outcome = cardOutcome(card.cardNumber);
  if (outcome === 'declined') {
    const message =
      card.cardNumber === TEST_CARDS.declined
        ? enrolmentMessages.declined
        : 'This is a test checkout: please use one of the test cards shown on this page.';
    if (view.instalment === null) {
      await updateEnrolment(deps.db, enrolment.id, { lastError: message });
    }
    return { outcome: 'declined', message, redirectTo: null };
  }

  // The card is kept for later instalments: 0341 pays now and fails the next one.
  await updateEnrolment(deps.db, enrolment.id, { testCard: outcome === 'fails_next' ? 'fails' : 'pays' });
  await markTestCheckoutPaid(deps.db, id);
  const now = deps.clock.now().getTime();
  const events =
    view.instalment === null
      ? firstPaymentEvents(enrolment, id, now)
      : [instalmentEvent(enrolment, view.instalment, null, now)];
  for (const event of events) await deliver(app, deps, event);
  return { outcome: 'paid', message: 'Payment successful.', redirectTo: view.returnUrl };
}

/** Charges one instalment with the saved test card: paid, or failed with a page to pay now. */
async function billInstalment(
  deps: AppDeps,
  app: FastifyInstance,
  enrolment: EnrolmentRow,
  instalment: number,
) {
  const now = deps.clock.now().getTime();
  const payNowUrl =
    enrolment.testCard === 'fails'
      ? `${deps.config.appUrl}/test-checkout/${await openTestCheckout(deps.db, enrolment, instalment)}`
      : null;
  await deliver(app, deps, instalmentEvent(enrolment, instalment, payNowUrl, now));
}

async function nextScheduled(db: Db, trainerId: number) {
  return (await scheduledTestInstalments(db, { trainerId }))[0];
}

/** Bills a trainer's next scheduled instalment now (an admin's test-mode shortcut for "a month later"). */
export async function billNextInstalment(deps: AppDeps, app: FastifyInstance, trainerId: number) {
  const next = await nextScheduled(deps.db, trainerId);
  if (!next?.instalment) {
    throw new AppError(409, 'nothing_to_bill', 'This trainer has no scheduled test-mode instalment to bill.');
  }
  const enrolment = await getEnrolment(deps.db, next.enrolmentId);
  await billInstalment(deps, app, enrolment, next.instalment);
  return { instalment: next.instalment };
}

/** The test provider's monthly billing: every scheduled instalment due by `now`. */
export async function billDueTestInstalments(
  deps: AppDeps,
  app: FastifyInstance,
  now: Date,
): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const due = await scheduledTestInstalments(deps.db, { dueBy: today });
  for (const row of due) {
    const enrolment = await getEnrolment(deps.db, row.enrolmentId);
    await billInstalment(deps, app, enrolment, row.instalment as number);
  }
  return due.length;
}
