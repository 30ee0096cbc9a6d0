import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEnrolmentCode, verifyEmail } from './enrolment-helper';
import { buildTestApp, nextTestIp, seedCast, type TestApp, withCookie } from './helper';
import {
  type StripeCall,
  type StripeStandIn,
  signedStripeEvent,
  startStripeStandIn,
  stripeSignature,
} from './stripe-stand-in';

/**
 * The Stripe path through the real `stripe` library: its calls go to a local stand-in of Stripe's API (the SDK's
 * host/port/protocol options), and events are signed by the SDK's own generateTestHeaderString.
 */
let standIn: StripeStandIn;
let calls: StripeCall[];
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  calls = standIn.calls;
  t = await buildTestApp(standIn.config);
  app = t.app;
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe('Stripe provider', () => {
  it('opens a subscription checkout for the flex plan, then schedules six payments that end by themselves', async () => {
    const cast = await seedCast(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/enrolments',
      remoteAddress: nextTestIp(),
      payload: {
        fullName: 'Stripe Flex',
        email: 'stripe.flex@example.com',
        phone: '918 555 0199',
        agreeTerms: true,
        plan: 'flex',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // No checkout at Stripe before the e-mailed code is entered in this browser (decision 0008).
    expect(res.json().checkoutUrl).toBeNull();
    expect(calls.filter((c) => c.path === '/v1/checkout/sessions')).toEqual([]);
    const cookie = `sp_enrolment=${res.cookies.find((c) => c.name === 'sp_enrolment')?.value}`;
    const verified = await verifyEmail(
      app,
      cookie,
      await latestEnrolmentCode(app, 'stripe.flex@example.com'),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const create = calls.find((c) => c.path === '/v1/checkout/sessions') as StripeCall;
    expect(create.form.get('mode')).toBe('subscription');
    expect(create.form.get('line_items[0][price_data][unit_amount]')).toBe('49900');
    expect(create.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(create.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(create.form.get('success_url')).toBe('http://localhost:3000/onboarding/payment-confirmation');
    expect(create.idempotencyKey).toMatch(/^checkout-enr_/);
    expect(create.version).toBe('2026-10-28.endive');
    const enrolmentId = res.json().enrolment.id as string;

    const completed = await app.inject(
      signedStripeEvent('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        amount_total: 49_900,
        currency: 'usd',
        customer: 'cus_stripe_1',
        subscription: 'sub_stripe_1',
        invoice: 'in_stripe_1',
        metadata: { enrolmentId },
      }),
    );
    expect(completed.statusCode, completed.body).toBe(200);
    const scheduleCreate = calls.find((c) => c.path === '/v1/subscription_schedules') as StripeCall;
    expect(scheduleCreate.form.get('from_subscription')).toBe('sub_stripe_1');
    expect(scheduleCreate.idempotencyKey).toBe(`schedule-${enrolmentId}`);
    const update = calls.find((c) => c.path === '/v1/subscription_schedules/sub_sched_1') as StripeCall;
    expect(update.form.get('end_behavior')).toBe('cancel');
    expect(update.form.get('phases[0][duration][interval]')).toBe('month');
    expect(update.form.get('phases[0][duration][interval_count]')).toBe('6');
    expect(update.form.get('phases[0][items][0][price]')).toBe('price_flex');
    expect(update.form.has('phases[0][iterations]')).toBe(false);
    expect(update.idempotencyKey).toBeTruthy();

    const view = await app.inject(withCookie(cookie, { method: 'GET', url: '/api/enrolments/current' }));
    expect(view.json()).toMatchObject({ paid: true });
    const trainerId = view.json().trainerId as number;

    // The second instalment fails: the trainer pays on Stripe's hosted invoice page.
    const failed = await app.inject(
      signedStripeEvent('invoice.payment_failed', {
        id: 'in_stripe_2',
        object: 'invoice',
        customer: 'cus_stripe_1',
        subscription: 'sub_stripe_1',
        amount_due: 49_900,
        amount_paid: 0,
        currency: 'usd',
        billing_reason: 'subscription_cycle',
        period_start: Math.floor(Date.now() / 1000) + 31 * 86_400,
        hosted_invoice_url: 'https://invoice.stripe.test/in_stripe_2',
      }),
    );
    expect(failed.statusCode, failed.body).toBe(200);
    const summary = await app.inject(
      withCookie(cast.admin, { method: 'GET', url: `/api/trainers/${trainerId}/payments` }),
    );
    expect(summary.json()).toMatchObject({
      paymentStatus: 'past_due',
      payNowUrl: 'https://invoice.stripe.test/in_stripe_2',
      paidCount: 1,
    });

    // A refund suspends certification until an admin decides.
    const refunded = await app.inject(
      signedStripeEvent('charge.refunded', {
        id: 'ch_stripe_1',
        object: 'charge',
        customer: 'cus_stripe_1',
        amount_refunded: 49_900,
        currency: 'usd',
        metadata: { enrolmentId },
      }),
    );
    expect(refunded.statusCode).toBe(200);
    const after = await app.inject(
      withCookie(cast.admin, { method: 'GET', url: `/api/trainers/${trainerId}/payments` }),
    );
    expect(after.json()).toMatchObject({ paymentStatus: 'refunded', certificationSuspended: true });
  });

  it('rejects an event signed with another secret', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, 'whsec_other'),
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(
      await app.db.selectFrom('paymentEvents').select('id').where('id', '=', 'evt_forged').execute(),
    ).toEqual([]);
  });
});
