import { PLANS, TEST_CARDS } from '@soulpunch/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../src/lib/clock';
import { signTestEvent, testWebhookSecret } from '../src/modules/payments/providers';
import { pauseLapsedAccess } from '../src/modules/payments/service';
import { startVerifiedEnrolment } from './enrolment-helper';
import {
  appDeps,
  buildTestApp,
  emptyTables,
  latestMailTo,
  nextTestIp,
  seedCast,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
beforeAll(async () => {
  clock = manualClock('2026-03-10T15:00:00Z');
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2026-03-10T15:00:00Z');
  await emptyTables(app.db, ['payment_events']);
  cast = await seedCast(app);
});
let cast: Awaited<ReturnType<typeof seedCast>>;

const details = (email: string, plan: 'full' | 'flex' = 'full') => ({
  fullName: 'Nora Quinn',
  email,
  phone: '(918) 555-0101',
  city: 'Boulder',
  state: 'CO',
  agreeTerms: true,
  plan,
});

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  if (!c) throw new Error(`no ${name} cookie`);
  return `${name}=${c.value}`;
};

/** Details, then the code e-mailed to the address (decision 0008), which opens the checkout. */
async function enrol(email: string, plan: 'full' | 'flex' = 'full') {
  const { started, verified, cookie, checkoutId } = await startVerifiedEnrolment(app, details(email, plan));
  expect(started.statusCode, started.body).toBe(201);
  expect(verified.statusCode, verified.body).toBe(200);
  return { cookie, checkoutId, body: verified.json() };
}

const pay = (checkoutId: string, cardNumber: string) =>
  app.inject({
    method: 'POST',
    url: `/api/test-provider/checkouts/${checkoutId}/pay`,
    payload: { cardNumber, expiry: '12 / 30', cvc: '123', name: 'Nora Quinn' },
  });

const current = (cookie: string) =>
  app.inject(withCookie(cookie, { method: 'GET', url: '/api/enrolments/current' }));

function signed(event: object, at = clock.now().getTime()) {
  const payload = JSON.stringify(event);
  return {
    method: 'POST' as const,
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signTestEvent(payload, testWebhookSecret(app.config), at),
    },
    payload,
  };
}

async function fullSessionEvent(email: string, overrides: Record<string, unknown> = {}) {
  const { body, checkoutId } = await enrol(email);
  return {
    enrolmentId: body.enrolment.id as string,
    event: {
      id: `evt_${Math.random().toString(36).slice(2)}`,
      type: 'checkout.session.completed',
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        object: {
          id: checkoutId,
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 199_700,
          currency: 'usd',
          customer: 'cus_1',
          metadata: { enrolmentId: body.enrolment.id },
          ...overrides,
        },
      },
    },
  };
}

const enrolmentStatus = (publicId: string) =>
  app.db
    .selectFrom('enrolments')
    .select(['status', 'trainerId'])
    .where('publicId', '=', publicId)
    .executeTakeFirstOrThrow();

const mailsTo = (email: string) =>
  app.db
    .selectFrom('outboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .orderBy('id')
    .execute();

/** What a self-enrolled trainer is told: the three documents in one e-mail, in words for someone who enrolled. */
function expectSelfEnrolmentMails(mails: Array<{ subject: string; textBody: string }>) {
  const documents = mails.find((m) => m.subject === 'Please sign your Soul Punch trainer documents');
  expect(documents?.textBody).toContain('Three documents are ready for you to sign.');
  expect(
    documents?.textBody.match(/- Review and sign the .+: http:\/\/\S+\/trainer-portal\/documents\/\d+/g),
  ).toHaveLength(3);
  const receipt = mails.find((m) => m.subject === 'Your Soul Punch payment receipt');
  expect(receipt?.textBody).toContain('on March 10, 2026 for the Soul Punch Trainer Certification');
  expect(mails.some((m) => /administrator/i.test(m.textBody))).toBe(false);
  expect(mails.some((m) => m.textBody.includes('/auth/confirm?token='))).toBe(false);
}

describe('enrolment through the test provider', () => {
  it('pays with 4242, confirms, signs in, sends the receipt and one e-mail listing the documents', async () => {
    const { cookie, checkoutId } = await enrol('nora@example.com');
    expect((await current(cookie)).json()).toMatchObject({ paid: false, plan: 'full', amountCents: 199_700 });

    const paid = await pay(checkoutId, '4242 4242 4242 4242');
    expect(paid.json()).toMatchObject({ outcome: 'paid', redirectTo: '/onboarding/payment-confirmation' });
    const view = (await current(cookie)).json();
    expect(view).toMatchObject({ paid: true, status: 'paid' });
    const trainerId = view.trainerId as number;

    const put = await app.inject(
      withCookie(cookie, {
        method: 'PUT',
        url: `/api/trainers/${trainerId}`,
        payload: { paymentStatus: 'completed', onboardingStatus: 'documents_pending' },
      }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ paymentStatus: 'completed', onboardingStatus: 'documents_pending' });
    const trigger = await app.inject(
      withCookie(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/trigger-onboarding` }),
    );
    expect(trigger.statusCode).toBe(200);

    const confirm = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments/current/confirm',
        payload: {
          fullName: 'Nora Quinn',
          email: 'nora@example.com',
          phone: '918 555 0101',
          city: 'Boulder',
          state: 'CO',
        },
      }),
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toEqual({ trainerId, redirectTo: '/onboarding/documents' });
    const session = cookieOf(confirm, 'sp_session');
    const me = await app.inject(withCookie(session, { method: 'GET', url: '/api/auth/session' }));
    expect(me.json().user).toMatchObject({ email: 'nora@example.com', trainerId, roles: ['trainer'] });

    // After the code that proved the address: one e-mail listing the documents (sent when onboarding was
    // triggered) and one receipt. No welcome with a sign-in link (this browser is signed in), no 'administrator'.
    const mails = await mailsTo('nora@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\d{6} is your Soul Punch enrolment code$/),
      'Please sign your Soul Punch trainer documents',
      'Your Soul Punch payment receipt',
    ]);
    expectSelfEnrolmentMails(mails);
    const summary = await app.inject(
      withCookie(session, { method: 'GET', url: `/api/trainers/${trainerId}/payments` }),
    );
    expect(summary.json()).toMatchObject({ plan: 'full', progressLabel: 'Paid in full', paidCount: 1 });

    // Confirming again signs in no more (the trainer signs in from the login) and sends nothing twice.
    const twice = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments/current/confirm',
        payload: { fullName: 'Nora Quinn', email: 'nora@example.com', phone: '918 555 0101' },
      }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('sign_in_required');
    expect(twice.cookies.find((c) => c.name === 'sp_session')).toBeUndefined();
    const again = await app.db
      .selectFrom('outboxMessages')
      .select('id')
      .where('toAddress', '=', 'nora@example.com')
      .execute();
    expect(again).toHaveLength(mails.length);
  });

  it('confirming without the onboarding trigger sends the same two e-mails: the receipt and one list of documents', async () => {
    const { cookie, checkoutId } = await enrol('nora@example.com');
    expect((await pay(checkoutId, '4242 4242 4242 4242')).json()).toMatchObject({ outcome: 'paid' });
    const confirm = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments/current/confirm',
        payload: { fullName: 'Nora Quinn', email: 'nora@example.com', phone: '918 555 0101' },
      }),
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const mails = await mailsTo('nora@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^\d{6} is your Soul Punch enrolment code$/),
      'Your Soul Punch payment receipt',
      'Please sign your Soul Punch trainer documents',
    ]);
    expectSelfEnrolmentMails(mails);
  });

  it("starts a self-enrolled trainer's change history with their enrolment, as an admin's adding does", async () => {
    const { cookie, checkoutId } = await enrol('nora@example.com');
    expect((await pay(checkoutId, '4242 4242 4242 4242')).json()).toMatchObject({ outcome: 'paid' });
    const trainerId = (await current(cookie)).json().trainerId as number;
    const history = () =>
      app.inject(withCookie(cast.admin, { method: 'GET', url: `/api/trainers/${trainerId}/changes` }));
    const enrolled = [
      {
        id: expect.any(Number),
        changedAt: expect.any(String),
        // No account existed when they paid: the entry's field, not a person, says who added them.
        changedBy: null,
        changes: [{ field: 'enrolled', from: null, to: 'Nora Quinn <nora@example.com>' }],
      },
    ];
    expect((await history()).json()).toEqual(enrolled);
    // Confirming their details adds no second creation.
    const confirm = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments/current/confirm',
        payload: { fullName: 'Nora Quinn', email: 'nora@example.com', phone: '918 555 0101' },
      }),
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await history()).json()).toEqual(enrolled);
    // The history is the admins' only: the trainer it is about cannot read it.
    const session = cookieOf(confirm, 'sp_session');
    const own = await app.inject(
      withCookie(session, { method: 'GET', url: `/api/trainers/${trainerId}/changes` }),
    );
    expect(own.statusCode).toBe(403);
  });

  it('a declined card leaves the enrolment unpaid with a clear message, and another card then pays', async () => {
    const { cookie, checkoutId } = await enrol('dana@example.com');
    const declined = await pay(checkoutId, TEST_CARDS.declined);
    expect(declined.json()).toMatchObject({ outcome: 'declined', redirectTo: null });
    expect((await current(cookie)).json()).toMatchObject({
      paid: false,
      lastError: expect.stringMatching(/declined/),
    });
    expect(
      await app.db.selectFrom('trainers').select('id').where('email', '=', 'dana@example.com').execute(),
    ).toEqual([]);
    expect((await pay(checkoutId, TEST_CARDS.pays)).json().outcome).toBe('paid');
    expect((await current(cookie)).json()).toMatchObject({ paid: true, lastError: null });
  });

  it('tells an enrolled trainer to sign in instead, and validates the details', async () => {
    const taken = await app.inject({
      method: 'POST',
      url: '/api/enrolments',
      payload: details('maria@example.com'),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(
      'This email already belongs to an enrolled trainer. Please sign in instead.',
    );
    const bad = await app.inject({
      method: 'POST',
      url: '/api/enrolments',
      payload: { ...details('x@example.com'), agreeTerms: false, phone: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await app.db.selectFrom('enrolments').select('id').execute()).toEqual([]);
  });

  it("reuses this browser's unpaid enrolment for its e-mail, and without the cookie the session has expired", async () => {
    const { cookie } = await enrol('same@example.com');
    // The same browser (its own cookie) asks again with another plan: its row, no second one.
    const again = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments',
        payload: details('same@example.com', 'flex'),
        remoteAddress: nextTestIp(),
      }),
    );
    expect(again.statusCode, again.body).toBe(201);
    const rows = await app.db
      .selectFrom('enrolments')
      .select(['plan'])
      .where('email', '=', 'same@example.com')
      .execute();
    expect(rows).toEqual([{ plan: 'flex' }]);
    const none = await app.inject({ method: 'GET', url: '/api/enrolments/current' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Session expired. Please restart the registration process.');
  });
});

describe('the payment-confirmation PUT and trigger-onboarding', () => {
  it('cannot mark an unpaid enrolment paid, and refuses other callers', async () => {
    const { cookie, body } = await enrol('unpaid@example.com');
    // The unpaid enrolment has no trainer: try the real trainers instead.
    expect(body.enrolment.trainerId).toBeNull();
    const asMaria = await app.inject(
      withCookie(cast.maria, {
        method: 'PUT',
        url: `/api/trainers/${cast.mariaId}`,
        payload: { paymentStatus: 'completed', onboardingStatus: 'documents_pending' },
      }),
    );
    expect(asMaria.statusCode).toBe(409);
    expect(asMaria.json().error.code).toBe('payment_not_verified');
    const row = await app.db
      .selectFrom('trainers')
      .select('paymentStatus')
      .where('id', '=', cast.mariaId)
      .executeTakeFirstOrThrow();
    expect(row.paymentStatus).toBe('pending');

    const withEnrolmentCookie = await app.inject(
      withCookie(cookie, {
        method: 'PUT',
        url: `/api/trainers/${cast.mariaId}`,
        payload: { paymentStatus: 'completed', onboardingStatus: 'documents_pending' },
      }),
    );
    expect(withEnrolmentCookie.statusCode).toBe(403);
    const signedOut = await app.inject({
      method: 'POST',
      url: `/api/trainers/${cast.mariaId}/trigger-onboarding`,
    });
    expect(signedOut.statusCode).toBe(401);
    const devonForMaria = await app.inject(
      withCookie(cast.devon, { method: 'POST', url: `/api/trainers/${cast.mariaId}/trigger-onboarding` }),
    );
    expect(devonForMaria.statusCode).toBe(403);
    // Only the two spec values are accepted; anything else is a 400 and changes nothing.
    const forged = await app.inject(
      withCookie(cast.admin, {
        method: 'PUT',
        url: `/api/trainers/${cast.mariaId}`,
        payload: { paymentStatus: 'completed', onboardingStatus: 'completed' },
      }),
    );
    expect(forged.statusCode).toBe(400);
    const confirmUnpaid = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments/current/confirm',
        payload: { fullName: 'Un Paid', email: 'unpaid@example.com', phone: '918 555 0101' },
      }),
    );
    expect(confirmUnpaid.statusCode).toBe(409);
  });

  it('keeps the admin edit for admins only', async () => {
    const edit = {
      name: 'Maria G',
      email: 'maria@example.com',
      phone: null,
      city: 'Tulsa',
      state: 'OK',
      profile: {
        displayName: null,
        trainingDate: null,
        hasInsurance: false,
        hasStripe: false,
        hasPaypal: false,
        hasPillar: false,
        hasAffiliateLink: false,
        hasCurriculum: true,
        hasMarketingResources: true,
        hasWorkbooks: true,
        hasVideoLibrary: false,
        hasTrainerDrive: false,
        inWhatsApp: false,
        inFacebook: false,
        instagram: null,
        website: null,
      },
    };
    const put = (cookie?: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/trainers/${cast.mariaId}`,
        payload: edit,
        headers: cookie ? { cookie, origin: TEST_APP_URL } : {},
      });
    expect((await put()).statusCode).toBe(401);
    expect((await put(cast.maria)).statusCode).toBe(403);
    expect((await put(cast.admin)).statusCode).toBe(200);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature or a stale timestamp with 400 and writes nothing', async () => {
    const { event } = await fullSessionEvent('sig@example.com');
    const bad = signed(event);
    bad.headers['stripe-signature'] = bad.headers['stripe-signature'].replace(/v1=[0-9a-f]{4}/, 'v1=0000');
    expect((await app.inject(bad)).statusCode).toBe(400);
    const stale = signed(event, clock.now().getTime() - 301_000);
    expect((await app.inject(stale)).statusCode).toBe(400);
    const unsigned = await app.inject({ ...signed(event), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect(await app.db.selectFrom('paymentEvents').select('id').execute()).toEqual([]);
    expect(await app.db.selectFrom('payments').select('id').execute()).toEqual([]);
  });

  it('fulfils the same event sent 10 times at once exactly once', async () => {
    const { event, enrolmentId } = await fullSessionEvent('ten@example.com');
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject(signed(event))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => !a.json().duplicate)).toHaveLength(1);
    const trainers = await app.db
      .selectFrom('trainers')
      .select('id')
      .where('email', '=', 'ten@example.com')
      .execute();
    expect(trainers).toHaveLength(1);
    // One creation in the trainer's history, however many deliveries.
    const history = await app.inject(
      withCookie(cast.admin, { method: 'GET', url: `/api/trainers/${trainers[0]?.id}/changes` }),
    );
    expect(history.json().map((entry: { changes: unknown }) => entry.changes)).toEqual([
      [{ field: 'enrolled', from: null, to: 'Nora Quinn <ten@example.com>' }],
    ]);
    const ledger = await app.db
      .selectFrom('payments')
      .innerJoin('enrolments', 'enrolments.id', 'payments.enrolmentId')
      .select(['payments.status'])
      .where('enrolments.publicId', '=', enrolmentId)
      .execute();
    expect(ledger).toEqual([{ status: 'paid' }]);
  });

  it('refuses and records a wrong amount or currency', async () => {
    for (const [email, overrides] of [
      ['amount@example.com', { amount_total: 100 }],
      ['currency@example.com', { currency: 'eur' }],
    ] as const) {
      const { event, enrolmentId } = await fullSessionEvent(email, overrides);
      const res = await app.inject(signed(event));
      expect(res.statusCode).toBe(200);
      expect(res.json().refused).toMatch(/amount_mismatch/);
      expect(await enrolmentStatus(enrolmentId)).toEqual({ status: 'checkout', trainerId: null });
      const stored = await app.db
        .selectFrom('paymentEvents')
        .select(['error', 'processedAt'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ error: expect.stringMatching(/amount_mismatch/), processedAt: null });
    }
  });

  it('answers 5xx when the handler fails, so the provider retries', async () => {
    const event = {
      id: 'evt_unknown',
      type: 'invoice.paid',
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object: { id: 'in_x', customer: 'cus_nobody', amount_paid: 49_900, currency: 'usd' } },
    };
    const res = await app.inject(signed(event));
    expect(res.statusCode).toBe(500);
    const stored = await app.db
      .selectFrom('paymentEvents')
      .select(['error'])
      .where('id', '=', 'evt_unknown')
      .executeTakeFirstOrThrow();
    expect(stored.error).toMatch(/no enrolment/);
  });
});

describe('flex plan: failed instalment, grace, paused and restored access', () => {
  it('goes past due, pauses resources after the grace period, and restores them at once when paid', async () => {
    const { cookie, checkoutId } = await enrol('flex@example.com', 'flex');
    expect((await pay(checkoutId, TEST_CARDS.failsNextInstalment)).json().outcome).toBe('paid');
    const trainerId = (await current(cookie)).json().trainerId as number;
    const confirm = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments/current/confirm',
        payload: { fullName: 'Flex Trainer', email: 'flex@example.com', phone: '918 555 0101' },
      }),
    );
    const session = cookieOf(confirm, 'sp_session');
    const summary = async () =>
      (
        await app.inject(withCookie(session, { method: 'GET', url: `/api/trainers/${trainerId}/payments` }))
      ).json();
    expect(await summary()).toMatchObject({
      plan: 'flex',
      paidCount: 1,
      totalCount: 6,
      progressLabel: '1 of 6 paid · next $499 on Apr 10, 2026',
    });

    const bill = await app.inject(
      withCookie(cast.admin, {
        method: 'POST',
        url: '/api/test-provider/instalments/bill-now',
        payload: { trainerId },
      }),
    );
    expect(bill.json()).toEqual({ instalment: 2 });
    const pastDue = await summary();
    expect(pastDue).toMatchObject({ paymentStatus: 'past_due', pastDue: true, accessPaused: false });
    expect(pastDue.payNowUrl).toMatch(/\/test-checkout\/cs_test_/);
    expect((await latestMailTo(app, 'flex@example.com'))?.subject).toBe('Payment 2 of 6 did not go through');
    // The due date as people write it, never '2026-04-10'; the admins' notice the same.
    expect((await latestMailTo(app, 'flex@example.com'))?.textBody).toContain(
      ' due Friday, April 10, 2026 could not be taken.',
    );
    expect((await latestMailTo(app, 'boss@example.com'))?.textBody).toMatch(
      /^Payment 2 of 6 \(\$[\d,.]+, due Friday, April 10, 2026\) from /m,
    );
    expect((await latestMailTo(app, 'boss@example.com'))?.subject).toBe('Instalment failed: Flex Trainer');

    const resources = () => app.inject(withCookie(session, { method: 'GET', url: '/api/resources' }));
    expect((await resources()).statusCode).toBe(200);
    clock.advanceDays(6);
    expect(await pauseLapsedAccess(appDeps(app, clock), clock.now())).toBe(0);
    clock.advanceDays(1);
    expect(await pauseLapsedAccess(appDeps(app, clock), clock.now())).toBe(1);
    const paused = await resources();
    expect(paused.statusCode).toBe(403);
    expect(paused.json().error.code).toBe('access_paused');
    expect((await summary()).accessPaused).toBe(true);

    const payNowId = new URL(pastDue.payNowUrl).pathname.split('/').pop() as string;
    const payNow = await pay(payNowId, TEST_CARDS.pays);
    expect(payNow.json()).toMatchObject({ outcome: 'paid', redirectTo: '/trainer-portal/dashboard' });
    expect((await resources()).statusCode).toBe(200);
    expect(await summary()).toMatchObject({
      paymentStatus: 'completed',
      pastDue: false,
      accessPaused: false,
      paidCount: 2,
    });
  });

  it('lets a trainer read only their own payments, and admins act with a reason', async () => {
    expect(
      (await app.inject({ method: 'GET', url: `/api/trainers/${cast.mariaId}/payments` })).statusCode,
    ).toBe(401);
    const other = await app.inject(
      withCookie(cast.devon, { method: 'GET', url: `/api/trainers/${cast.mariaId}/payments` }),
    );
    expect(other.statusCode).toBe(403);
    const action = await app.inject(
      withCookie(cast.maria, {
        method: 'POST',
        url: `/api/trainers/${cast.mariaId}/payment-plan/pause`,
        payload: { reason: 'x' },
      }),
    );
    expect(action.statusCode).toBe(403);
    const noReason = await app.inject(
      withCookie(cast.admin, {
        method: 'POST',
        url: `/api/trainers/${cast.mariaId}/payment-plan/pause`,
        payload: {},
      }),
    );
    expect(noReason.statusCode).toBe(400);
    const events = await app.inject(withCookie(cast.maria, { method: 'GET', url: '/api/payment-events' }));
    expect(events.statusCode).toBe(403);
  });
});

describe("the admins' list of payment events", () => {
  it('names the trainer and the amount of each event, and no trainer for an event naming none', async () => {
    const { cookie, checkoutId } = await enrol('events@example.com');
    expect((await pay(checkoutId, TEST_CARDS.pays)).json().outcome).toBe('paid');
    const trainerId = (await current(cookie)).json().trainerId as number;
    const stray = {
      id: 'evt_stray',
      type: 'invoice.paid',
      created: Math.floor(clock.now().getTime() / 1000),
      data: { object: { id: 'in_stray', customer: 'cus_nobody', amount_paid: 100, currency: 'usd' } },
    };
    await app.inject(signed(stray));

    const events = (
      await app.inject(withCookie(cast.admin, { method: 'GET', url: '/api/payment-events' }))
    ).json();
    expect(events.find((e: { type: string }) => e.type === 'checkout.session.completed')).toMatchObject({
      trainer: { id: trainerId, name: 'Nora Quinn' },
      amountCents: PLANS.full.amountCents,
      currency: 'usd',
    });
    expect(events.find((e: { id: string }) => e.id === 'evt_stray')).toMatchObject({
      trainer: null,
      amountCents: 100,
      processedAt: null,
    });
  });
});

describe('replaying an event that did not go through', () => {
  it("applies it with the provider's own field names, once", async () => {
    const { enrolmentId, event } = await fullSessionEvent('replay@example.com');
    // As an earlier delivery left it: stored with its error, not processed.
    await app.db
      .insertInto('paymentEvents')
      .values({
        id: event.id,
        provider: 'test',
        type: event.type,
        payload: JSON.stringify(event),
        error: 'boom',
      })
      .execute();
    const replay = () =>
      app.inject(
        withCookie(cast.admin, {
          method: 'POST',
          url: `/api/payment-events/${encodeURIComponent(event.id)}/replay`,
        }),
      );
    const res = await replay();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ error: null, amountCents: PLANS.full.amountCents });
    expect(res.json().processedAt).not.toBeNull();
    expect((await enrolmentStatus(enrolmentId)).status).toBe('paid');
    expect((await replay()).statusCode).toBe(409);
  });
});
