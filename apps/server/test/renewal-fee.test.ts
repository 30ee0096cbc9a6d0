import { addYears, RENEWAL_FEE, TEST_CARDS } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock, systemClock } from '../src/lib/clock';
import { runCertificationRound } from '../src/modules/certification/round';
import { signTestEvent, testWebhookSecret } from '../src/modules/payments/providers';
import {
  appDeps,
  buildTestApp,
  certifyForTest,
  inPublicDirectory,
  seedCast,
  type TestApp,
  withCookie,
} from './helper';
import {
  type StripeCall,
  type StripeStandIn,
  signedStripeEvent,
  startStripeStandIn,
} from './stripe-stand-in';

// The renewal fee (decision records 0002 and 0014): required by the administrators' setting, paid through the
// configured provider's checkout, recorded by the webhook in the ledger once, and the renewal completed from the
// old expiry; refunds recorded without undoing it.

const START = '2026-03-10T15:00:00Z';
/** 41 days after START: inside the 90-day reminder, so the round makes the certificate due. */
const EXPIRES = '2026-04-20';
const RENEWED = addYears(EXPIRES, 2);
const CARD = { expiry: '12 / 34', cvc: '123', name: 'Maria Garcia' };

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;

const as = (cookie: string, options: InjectOptions) => app.inject(withCookie(cookie, options));
const recordOf = async (trainerId: number) =>
  (await as(cast.admin, { method: 'GET', url: `/api/trainers/${trainerId}/certification-record` })).json();
const requireForRenewal = (renewalRequires: string[], cookie = cast.admin) =>
  as(cookie, { method: 'PUT', url: '/api/admin/certification-settings', payload: { renewalRequires } });
const openCheckout = (cookie: string, trainerId = cast.mariaId) =>
  as(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/certification-record/renewal/checkout` });
const payTestCheckout = (checkoutUrl: string, cardNumber: string = TEST_CARDS.pays) =>
  app.inject({
    method: 'POST',
    url: `/api/test-provider/checkouts/${new URL(checkoutUrl).pathname.split('/').pop()}/pay`,
    headers: { origin: 'http://localhost:3000' },
    payload: { cardNumber, ...CARD },
  });
const summaryOf = async (trainerId: number) =>
  (await as(cast.admin, { method: 'GET', url: `/api/trainers/${trainerId}/payments` })).json();
const mailSubjects = async (email: string) =>
  (
    await app.db
      .selectFrom('outboxMessages')
      .select('subject')
      .where('toAddress', '=', email)
      .orderBy('id')
      .execute()
  ).map((m) => m.subject);

/** Maria's certificate expires on EXPIRES and the round has made it due. */
async function dueForRenewal(trainerId: number) {
  await app.db.deleteFrom('certificationRecords').where('trainerId', '=', trainerId).execute();
  await certifyForTest(app, trainerId, EXPIRES);
  await runCertificationRound(appDeps(app, clock), clock.now());
}

/** A refresher attended after renewal came due (the checklist's training step, marked lately). */
async function attendRefresher(trainerId: number) {
  await app.db.deleteFrom('trainerOnboardingSteps').where('trainerId', '=', trainerId).execute();
  await app.db
    .insertInto('trainerOnboardingSteps')
    .values({ trainerId, step: 'weekly_training_access', completedAt: new Date('2026-03-01T15:00:00Z') })
    .execute();
}

describe('the renewal fee through the test provider', () => {
  beforeAll(async () => {
    clock = manualClock(START);
    t = await buildTestApp({}, undefined, { clock });
    app = t.app;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set(START);
    cast = await seedCast(app);
    await dueForRenewal(cast.mariaId);
  });

  it('is an administrators’ setting over RENEWAL_REQUIRES: 401, 403 for trainers, 400 for an unknown requirement', async () => {
    const settings = await as(cast.admin, { method: 'GET', url: '/api/admin/certification-settings' });
    expect(settings.json()).toEqual({
      renewalRequires: ['refresher'],
      defaultRenewalRequires: ['refresher'],
      updatedBy: null,
      updatedAt: null,
    });
    expect((await requireForRenewal(['fee'], cast.maria)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/admin/certification-settings',
          headers: { origin: 'http://localhost:3000' },
          payload: { renewalRequires: ['fee'] },
        })
      ).statusCode,
    ).toBe(401);
    expect((await requireForRenewal(['deposit'])).statusCode).toBe(400);
    expect((await requireForRenewal(['fee', 'fee'])).statusCode).toBe(400);
    const saved = await requireForRenewal(['fee', 'refresher']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ renewalRequires: ['refresher', 'fee'], updatedBy: 'Bea Boss' });
    const none = await requireForRenewal([]);
    expect(none.json().renewalRequires).toEqual([]);
    expect((await recordOf(cast.mariaId)).renewal).toMatchObject({ requirements: [], canRenew: true });
  });

  it('opens the checkout only for the trainer, once due, the rest met; unpaid leaves the expiry alone', async () => {
    await requireForRenewal(['refresher', 'fee']);
    expect((await recordOf(cast.mariaId)).renewal).toMatchObject({
      requirements: [
        { key: 'refresher', met: false },
        { key: 'fee', met: false, label: expect.stringContaining('$') },
      ],
      feeCents: RENEWAL_FEE.amountCents,
      canPayFee: false,
      canRenew: false,
    });
    let res = await openCheckout(cast.maria);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'renewal_requirements_unmet' });
    expect(res.json().error.message).toMatch(/refresher/);
    await attendRefresher(cast.mariaId);
    expect((await recordOf(cast.mariaId)).renewal).toMatchObject({ canPayFee: true, canRenew: false });
    // Nobody pays another trainer's renewal, nor an admin from the portal; signed out is 401.
    expect((await openCheckout(cast.devon)).statusCode).toBe(403);
    expect((await openCheckout(cast.admin)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/trainers/${cast.mariaId}/certification-record/renewal/checkout`,
          headers: { origin: 'http://localhost:3000' },
        })
      ).statusCode,
    ).toBe(401);
    // Renew without the fee is refused.
    res = await as(cast.maria, {
      method: 'POST',
      url: `/api/trainers/${cast.mariaId}/certification-record/renewal`,
    });
    expect(res.json().error.code).toBe('renewal_requirements_unmet');

    res = await openCheckout(cast.maria);
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl } = res.json();
    const page = await app.inject({
      method: 'GET',
      url: `/api/test-provider/checkouts/${new URL(checkoutUrl).pathname.split('/').pop()}`,
    });
    expect(page.json()).toMatchObject({
      amountCents: RENEWAL_FEE.amountCents,
      plan: null,
      status: 'open',
      returnUrl: '/trainer-portal/dashboard',
      cancelUrl: '/trainer-portal/dashboard',
      description: expect.stringContaining(RENEWAL_FEE.label),
    });
    // A second press reuses the same unpaid renewal.
    expect((await openCheckout(cast.maria)).statusCode).toBe(200);
    expect(
      await app.db.selectFrom('enrolments').select('id').where('purpose', '=', 'renewal').execute(),
    ).toHaveLength(1);

    // A declined card: nothing paid, nothing renewed.
    const declined = await payTestCheckout(
      (await openCheckout(cast.maria)).json().checkoutUrl,
      TEST_CARDS.declined,
    );
    expect(declined.json()).toMatchObject({ outcome: 'declined' });
    expect(await recordOf(cast.mariaId)).toMatchObject({ status: 'renewal_due', expiresOn: EXPIRES });
    expect((await summaryOf(cast.mariaId)).entries).toEqual([]);
  });

  it('renews 2 years from the old expiry when paid, in the ledger once however often the event comes', async () => {
    await requireForRenewal(['fee']);
    const { checkoutUrl } = (await openCheckout(cast.maria)).json();
    const paid = await payTestCheckout(checkoutUrl);
    expect(paid.json()).toMatchObject({ outcome: 'paid', redirectTo: '/trainer-portal/dashboard' });

    const record = await recordOf(cast.mariaId);
    expect(record).toMatchObject({ status: 'certified', expiresOn: RENEWED });
    expect(record.history[0]).toMatchObject({ action: 'renewed', by: 'Maria Garcia', expiresOn: RENEWED });
    expect(await inPublicDirectory(app, cast.mariaId)).toBe(true);
    const summary = await summaryOf(cast.mariaId);
    expect(summary.entries).toEqual([
      expect.objectContaining({
        kind: 'renewal',
        purpose: 'renewal',
        renewsExpiresOn: EXPIRES,
        amountCents: RENEWAL_FEE.amountCents,
        status: 'paid',
      }),
    ]);
    // The program's standing is the program's: no plan, still as it was.
    expect(summary).toMatchObject({ plan: null, paymentStatus: 'pending', certificationSuspended: false });
    expect(await mailSubjects('maria@example.com')).toEqual(
      expect.arrayContaining([
        'Your Soul Punch renewal fee receipt',
        'Your Soul Punch certification is renewed',
      ]),
    );
    const events = (await as(cast.admin, { method: 'GET', url: '/api/payment-events' })).json();
    expect(events[0]).toMatchObject({
      type: 'checkout.session.completed',
      purpose: 'renewal',
      trainer: { id: cast.mariaId, name: 'Maria Garcia' },
      amountCents: RENEWAL_FEE.amountCents,
    });

    // The provider delivers the same event twice more: taken as duplicates, nothing recorded again.
    const stored = await app.db
      .selectFrom('paymentEvents')
      .select((eb) => eb.cast<string>('payload', 'text').as('payload'))
      .where('type', '=', 'checkout.session.completed')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signTestEvent(
            stored.payload,
            testWebhookSecret(app.config),
            clock.now().getTime(),
          ),
        },
        payload: stored.payload,
      });
      expect(res.json()).toEqual({ received: true, duplicate: true });
    }
    expect((await summaryOf(cast.mariaId)).entries).toHaveLength(1);
    const renewals = (await recordOf(cast.mariaId)).history.filter(
      (h: { action: string }) => h.action === 'renewed',
    );
    expect(renewals).toHaveLength(1);
    expect((await recordOf(cast.mariaId)).expiresOn).toBe(RENEWED);
    // Renewed: nothing more to pay.
    expect((await openCheckout(cast.maria)).json().error.code).toBe('not_certified');
  });

  it('keeps a fee paid while the rest came unmet, renews once it is met; a refund is recorded, the renewal stands', async () => {
    await requireForRenewal(['refresher', 'fee']);
    await attendRefresher(cast.mariaId);
    const { checkoutUrl } = (await openCheckout(cast.maria)).json();
    // The refresher mark is withdrawn between the checkout and the payment.
    await app.db.deleteFrom('trainerOnboardingSteps').where('trainerId', '=', cast.mariaId).execute();
    await payTestCheckout(checkoutUrl);
    let record = await recordOf(cast.mariaId);
    expect(record).toMatchObject({ status: 'renewal_due', expiresOn: EXPIRES });
    expect(record.renewal).toMatchObject({
      requirements: [
        { key: 'refresher', met: false },
        { key: 'fee', met: true },
      ],
      canPayFee: false,
      canRenew: false,
    });
    expect((await openCheckout(cast.maria)).json().error.code).toBe('renewal_fee_paid');
    await attendRefresher(cast.mariaId);
    const renewed = await as(cast.maria, {
      method: 'POST',
      url: `/api/trainers/${cast.mariaId}/certification-record/renewal`,
    });
    expect(renewed.json()).toMatchObject({ certification: { status: 'certified', expiresOn: RENEWED } });

    // An admin records a refund of the renewal fee: in the ledger as a renewal's refund; still renewed, not held.
    const fee = (await summaryOf(cast.mariaId)).entries[0];
    const refund = await as(cast.admin, {
      method: 'POST',
      url: `/api/trainers/${cast.mariaId}/payments/${fee.id}/refund`,
      payload: { reason: 'Goodwill after a late session' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().entries).toEqual([
      expect.objectContaining({ id: fee.id, kind: 'renewal', status: 'refunded' }),
      expect.objectContaining({ kind: 'refund', purpose: 'renewal', amountCents: -RENEWAL_FEE.amountCents }),
    ]);
    expect(refund.json()).toMatchObject({ certificationSuspended: false, paymentStatus: 'pending' });
    record = await recordOf(cast.mariaId);
    expect(record).toMatchObject({ status: 'certified', expiresOn: RENEWED });
    // Another trainer's payment is not theirs to refund through this trainer.
    const wrong = await as(cast.admin, {
      method: 'POST',
      url: `/api/trainers/${cast.devonId}/payments/${fee.id}/refund`,
      payload: { reason: 'Wrong trainer' },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('stops counting a fee refunded before it renewed', async () => {
    await requireForRenewal(['insurance', 'fee']);
    // Insurance accepted and current, then the fee paid while insurance lapsed meanwhile.
    await app.db
      .insertInto('insurancePolicies')
      .values({
        trainerId: cast.mariaId,
        provider: 'Next Insurance',
        policyNumber: 'NX-1',
        expiresOn: '2026-12-31',
        acceptedAt: new Date(START),
      })
      .execute();
    const { checkoutUrl } = (await openCheckout(cast.maria)).json();
    await app.db.deleteFrom('insurancePolicies').where('trainerId', '=', cast.mariaId).execute();
    await payTestCheckout(checkoutUrl);
    expect((await recordOf(cast.mariaId)).renewal.requirements).toContainEqual(
      expect.objectContaining({ key: 'fee', met: true }),
    );
    const fee = (await summaryOf(cast.mariaId)).entries[0];
    await as(cast.admin, {
      method: 'POST',
      url: `/api/trainers/${cast.mariaId}/payments/${fee.id}/refund`,
      payload: { reason: 'Trainer asked for it back' },
    });
    const record = await recordOf(cast.mariaId);
    expect(record).toMatchObject({ status: 'renewal_due', expiresOn: EXPIRES });
    expect(record.renewal.requirements).toContainEqual(expect.objectContaining({ key: 'fee', met: false }));
  });
});

describe('the renewal fee through Stripe (its library, against the stand-in)', () => {
  let standIn: StripeStandIn;
  /** Due in 40 days by the real clock: Stripe's signatures are checked against the time they were made. */
  const expires = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await buildTestApp(standIn.config);
    app = t.app;
    cast = await seedCast(app);
    await app.db.deleteFrom('certificationRecords').where('trainerId', '=', cast.mariaId).execute();
    await certifyForTest(app, cast.mariaId, expires);
    await runCertificationRound(appDeps(app, systemClock), new Date());
    await requireForRenewal(['fee']);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('opens a payment-mode checkout for the fee, renews once on the signed event, records a refund', async () => {
    const res = await openCheckout(cast.maria);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const create = standIn.calls.find((c) => c.path === '/v1/checkout/sessions') as StripeCall;
    expect(create.form.get('mode')).toBe('payment');
    expect(create.form.get('line_items[0][price_data][unit_amount]')).toBe(String(RENEWAL_FEE.amountCents));
    expect(create.form.get('line_items[0][price_data][product_data][name]')).toContain(RENEWAL_FEE.label);
    expect(create.form.get('success_url')).toBe('http://localhost:3000/trainer-portal/dashboard');
    expect(create.form.get('customer_email')).toBe('maria@example.com');
    const enrolmentId = create.form.get('metadata[enrolmentId]') as string;
    expect(create.form.get('payment_intent_data[metadata][enrolmentId]')).toBe(enrolmentId);
    expect(create.idempotencyKey).toMatch(/^checkout-enr_/);

    const completed = signedStripeEvent('checkout.session.completed', {
      id: 'cs_stand_in_1',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: RENEWAL_FEE.amountCents,
      currency: 'usd',
      payment_intent: 'pi_renewal_1',
      metadata: { enrolmentId },
    });
    for (let i = 0; i < 2; i++) {
      const delivered = await app.inject(completed);
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    const renewed = addYears(expires, 2);
    const record = await recordOf(cast.mariaId);
    expect(record).toMatchObject({ status: 'certified', expiresOn: renewed });
    expect(record.history.filter((h: { action: string }) => h.action === 'renewed')).toHaveLength(1);
    expect((await summaryOf(cast.mariaId)).entries).toEqual([
      expect.objectContaining({ kind: 'renewal', status: 'paid', amountCents: RENEWAL_FEE.amountCents }),
    ]);

    // A wrong amount for the fee is refused and recorded, never applied.
    const wrong = await app.inject(
      signedStripeEvent('checkout.session.completed', {
        id: 'cs_stand_in_1',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 1,
        currency: 'usd',
        metadata: { enrolmentId },
      }),
    );
    expect(wrong.json().refused).toMatch(/amount_mismatch/);

    // Stripe's refund names the charge and its payment intent (no metadata on the charge).
    const refunded = await app.inject(
      signedStripeEvent('charge.refunded', {
        id: 'ch_renewal_1',
        object: 'charge',
        payment_intent: 'pi_renewal_1',
        amount_refunded: RENEWAL_FEE.amountCents,
        currency: 'usd',
      }),
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({ received: true });
    const summary = await summaryOf(cast.mariaId);
    expect(summary.entries).toEqual([
      expect.objectContaining({ kind: 'renewal' }),
      expect.objectContaining({ kind: 'refund', purpose: 'renewal', amountCents: -RENEWAL_FEE.amountCents }),
    ]);
    expect(summary).toMatchObject({ certificationSuspended: false });
    expect(await recordOf(cast.mariaId)).toMatchObject({ status: 'certified', expiresOn: renewed });
  });
});
