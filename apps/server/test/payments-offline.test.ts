import { randomUUID } from 'node:crypto';
import { PLANS, planTotalCents, TEST_CARDS } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../src/lib/clock';
import {
  buildTestApp,
  latestMailTo,
  seedCast,
  signIn,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;
beforeAll(async () => {
  clock = manualClock('2026-03-10T15:00:00Z');
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2026-03-10T15:00:00Z');
  cast = await seedCast(app);
});

const as = (cookie: string, options: InjectOptions) => app.inject(withCookie(cookie, options));

/** A trainer an admin adds (someone who enrolled outside the checkout): no plan, payment pending. */
async function addTrainer(email = 'walk.in@example.com') {
  const res = await as(cast.admin, {
    method: 'POST',
    url: '/api/admin/trainers',
    payload: { name: 'Wally Walkin', email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, session: await signIn(app, email) };
}

const offline = (trainerId: number, payload: Record<string, unknown>, cookie = cast.admin) =>
  as(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/payments/offline`, payload });

const paymentBody = (extra: Record<string, unknown> = {}) => ({
  method: 'cheque',
  plan: 'full',
  reason: 'Cheque 1042 received at the Tulsa office',
  requestId: randomUUID(),
  ...extra,
});

const summaryOf = async (trainerId: number, cookie = cast.admin) =>
  (await as(cookie, { method: 'GET', url: `/api/trainers/${trainerId}/payments` })).json();

describe('an offline payment for a trainer an admin added', () => {
  it('goes into the ledger: paid in full, status completed for the trainer, the admin list and the history', async () => {
    const trainer = await addTrainer();
    expect(await summaryOf(trainer.id)).toMatchObject({ plan: null, paymentStatus: 'pending', entries: [] });

    const res = await offline(trainer.id, paymentBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      plan: 'full',
      paymentStatus: 'completed',
      progressLabel: 'Paid in full',
      paidCount: 1,
      totalCount: 1,
      entries: [
        {
          instalment: 1,
          kind: 'payment',
          amountCents: PLANS.full.amountCents,
          status: 'paid',
          paidAt: '2026-03-10T15:00:00.000Z',
          note: 'Offline payment (Cheque): Cheque 1042 received at the Tulsa office',
        },
      ],
    });

    // The trainer reads the same ledger; the portal's checklist no longer asks for payment.
    expect((await summaryOf(trainer.id, trainer.session)).paymentStatus).toBe('completed');
    const checklist = await as(trainer.session, {
      method: 'GET',
      url: `/api/trainers/${trainer.id}/onboarding`,
    });
    expect(checklist.json().steps.find((s: { key: string }) => s.key === 'payment_completed')).toMatchObject({
      completed: true,
    });

    const detail = (await as(cast.admin, { method: 'GET', url: `/api/trainers/${trainer.id}/full` })).json();
    expect(detail).toMatchObject({ paymentStatus: 'completed', onboardingStatus: 'documents_pending' });
    const list = (await as(cast.admin, { method: 'GET', url: '/api/trainers?q=walkin' })).json();
    const row = (Array.isArray(list) ? list : list.trainers).find((r: { id: number }) => r.id === trainer.id);
    expect(row.paymentStatus).toBe('completed');

    const changes = (
      await as(cast.admin, { method: 'GET', url: `/api/trainers/${trainer.id}/changes` })
    ).json();
    expect(JSON.stringify(changes)).toContain(
      'Offline payment (Cheque): Cheque 1042 received at the Tulsa office',
    );
    expect(JSON.stringify(changes)).toContain('Bea Boss');
  });

  it('applies a double submit once, and refuses the same form for another trainer', async () => {
    const trainer = await addTrainer();
    const body = paymentBody({ method: 'bank_transfer' });
    const [first, second] = await Promise.all([offline(trainer.id, body), offline(trainer.id, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const summary = await summaryOf(trainer.id);
    expect(summary.entries).toHaveLength(1);
    expect(summary.paidCount).toBe(1);
    // A third send of the same form after it went through: still one payment.
    expect((await offline(trainer.id, body)).json().entries).toHaveLength(1);

    const other = await offline(cast.devonId, body);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('request_used');
    expect((await summaryOf(cast.devonId)).entries).toEqual([]);
  });

  it('records the flex plan as six instalments with the first paid, then later ones must match', async () => {
    const trainer = await addTrainer();
    const res = await offline(trainer.id, paymentBody({ plan: 'flex', method: 'cash' }));
    expect(res.json()).toMatchObject({
      plan: 'flex',
      paymentStatus: 'completed',
      paidCount: 1,
      totalCount: PLANS.flex.instalments,
      progressLabel: `1 of ${PLANS.flex.instalments} paid · next $${PLANS.flex.amountCents / 100} on Apr 10, 2026`,
    });
    expect(res.json().entries.map((e: { status: string }) => e.status)).toEqual([
      'paid',
      ...Array(PLANS.flex.instalments - 1).fill('scheduled'),
    ]);

    const wrong = await offline(trainer.id, paymentBody({ plan: undefined, amountCents: 100 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.amountCents).toMatch(/The payment owed is/);
    const otherPlan = await offline(trainer.id, paymentBody({ plan: 'full' }));
    expect(otherPlan.statusCode).toBe(400);
    expect(otherPlan.json().error.message).toBe(
      'This trainer is on the Flex Plan: choose it or give the amount.',
    );
    expect((await summaryOf(trainer.id)).paidCount).toBe(1);

    const second = await offline(trainer.id, paymentBody({ plan: 'flex', method: 'cheque' }));
    expect(second.json().paidCount).toBe(2);
  });

  it('records a stated amount as one payment, and a waived fee with nothing received', async () => {
    const stated = await addTrainer('stated@example.com');
    const res = await offline(stated.id, paymentBody({ plan: undefined, amountCents: 150_000 }));
    expect(res.json()).toMatchObject({
      plan: 'full',
      paymentStatus: 'completed',
      entries: [{ amountCents: 150_000, status: 'paid' }],
    });

    const waived = await addTrainer('waived@example.com');
    const free = await offline(
      waived.id,
      paymentBody({ method: 'waived', plan: undefined, amountCents: 0, reason: 'Scholarship place' }),
    );
    expect(free.json()).toMatchObject({
      paymentStatus: 'completed',
      progressLabel: 'Fee waived',
      entries: [{ status: 'waived', paidAt: null, note: 'Waived: Scholarship place' }],
    });
  });

  it('keeps the totals of the plan it records', async () => {
    const trainer = await addTrainer();
    await offline(trainer.id, paymentBody({ plan: 'flex' }));
    const { rows } = await app.db
      .selectFrom('enrolments')
      .select(['totalCents', 'provider', 'termsAgreedAt'])
      .where('trainerId', '=', trainer.id)
      .execute()
      .then((r) => ({ rows: r }));
    expect(rows).toEqual([{ totalCents: planTotalCents('flex'), provider: 'offline', termsAgreedAt: null }]);
  });
});

describe('who may record an offline payment, and what it refuses', () => {
  it('answers 401 signed out and 403 to a trainer, even on their own record, and changes nothing', async () => {
    const trainer = await addTrainer();
    const signedOut = await app.inject({
      method: 'POST',
      url: `/api/trainers/${trainer.id}/payments/offline`,
      payload: paymentBody(),
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await offline(trainer.id, paymentBody(), trainer.session)).statusCode).toBe(403);
    expect((await offline(trainer.id, paymentBody(), cast.maria)).statusCode).toBe(403);
    expect((await summaryOf(trainer.id)).paymentStatus).toBe('pending');
  });

  it.each([
    ['a negative amount', { plan: undefined, amountCents: -500 }, 'amountCents'],
    ['both a plan and an amount', { amountCents: 100 }, 'amountCents'],
    ['neither a plan nor an amount', { plan: undefined }, 'amountCents'],
    ['nothing received but not waived', { plan: undefined, amountCents: 0 }, 'amountCents'],
    ['a fraction of a cent', { plan: undefined, amountCents: 10.5 }, 'amountCents'],
    ['more than one payment can be', { plan: undefined, amountCents: 10_000_001 }, 'amountCents'],
    ['an unknown plan', { plan: 'gold' }, 'plan'],
    ['an unknown way to pay', { method: 'bitcoin' }, 'method'],
    ['no reason', { reason: '' }, 'reason'],
    ['no request id', { requestId: undefined }, 'requestId'],
    ['an unknown field', { paymentStatus: 'completed' }, null],
  ])('answers 400 to %s and changes nothing', async (_, extra, field) => {
    const trainer = await addTrainer();
    const res = await offline(trainer.id, paymentBody(extra));
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(res.json().error.fields?.[field]).toBeTruthy();
    expect(await summaryOf(trainer.id)).toMatchObject({ plan: null, paymentStatus: 'pending', entries: [] });
  });

  it('answers 404 for an unknown trainer', async () => {
    expect((await offline(999_999, paymentBody())).statusCode).toBe(404);
  });
});

describe('an enrolment an admin starts for a trainer they added', () => {
  const checkout = (trainerId: number, cookie: string, payload: Record<string, unknown>) =>
    as(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/enrolment/checkout`, payload });
  const link = (trainerId: number, cookie = cast.admin) =>
    as(cookie, { method: 'POST', url: `/api/trainers/${trainerId}/enrolment-link` });

  it('e-mails the link; the trainer chooses a plan, pays, and is paid like any enrolment', async () => {
    const trainer = await addTrainer();
    const sent = await link(trainer.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: 'walk.in@example.com' });
    const mail = await latestMailTo(app, 'walk.in@example.com');
    expect(mail?.subject).toBe('Complete your Soul Punch Trainer Certification enrolment');
    expect(mail?.textBody).toContain(`${TEST_APP_URL}/trainer-portal/enrolment`);

    const opened = await checkout(trainer.id, trainer.session, { plan: 'full', agreeTerms: true });
    expect(opened.statusCode, opened.body).toBe(200);
    const checkoutId = new URL(opened.json().checkoutUrl, TEST_APP_URL).pathname.split('/').pop() as string;
    // Changing one's mind reuses the same enrolment (no second one).
    const again = await checkout(trainer.id, trainer.session, { plan: 'full', agreeTerms: true });
    const againId = new URL(again.json().checkoutUrl, TEST_APP_URL).pathname.split('/').pop() as string;
    const view = await app.inject({ method: 'GET', url: `/api/test-provider/checkouts/${againId}` });
    expect(view.json()).toMatchObject({
      status: 'open',
      returnUrl: '/trainer-portal/dashboard',
      cancelUrl: '/trainer-portal/enrolment',
    });
    expect(checkoutId).not.toBe(againId);

    const paid = await app.inject({
      method: 'POST',
      url: `/api/test-provider/checkouts/${againId}/pay`,
      payload: { cardNumber: TEST_CARDS.pays, expiry: '12 / 30', cvc: '123', name: 'Wally Walkin' },
    });
    expect(paid.json()).toMatchObject({ outcome: 'paid', redirectTo: '/trainer-portal/dashboard' });

    expect(await summaryOf(trainer.id, trainer.session)).toMatchObject({
      plan: 'full',
      paymentStatus: 'completed',
      progressLabel: 'Paid in full',
    });
    const detail = (await as(cast.admin, { method: 'GET', url: `/api/trainers/${trainer.id}/full` })).json();
    expect(detail.onboardingStatus).toBe('documents_pending');
    expect((await latestMailTo(app, 'walk.in@example.com'))?.subject).toBe('Your Soul Punch payment receipt');
    const changes = (
      await as(cast.admin, { method: 'GET', url: `/api/trainers/${trainer.id}/changes` })
    ).json();
    expect(JSON.stringify(changes)).toContain('Enrolment link e-mailed to walk.in@example.com');

    // Paid: no second link, no second checkout.
    expect((await link(trainer.id)).json().error.code).toBe('already_paid');
    expect((await checkout(trainer.id, trainer.session, { plan: 'flex', agreeTerms: true })).statusCode).toBe(
      409,
    );
  });

  it('lets only admins send the link, and only the trainer open their checkout, with the terms agreed', async () => {
    const trainer = await addTrainer();
    expect(
      (await app.inject({ method: 'POST', url: `/api/trainers/${trainer.id}/enrolment-link` })).statusCode,
    ).toBe(401);
    expect((await link(trainer.id, trainer.session)).statusCode).toBe(403);
    expect((await link(999_999)).statusCode).toBe(404);

    const body = { plan: 'full', agreeTerms: true };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/trainers/${trainer.id}/enrolment/checkout`,
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
    expect((await checkout(trainer.id, cast.admin, body)).statusCode).toBe(403);
    expect((await checkout(trainer.id, cast.maria, body)).statusCode).toBe(403);
    const noTerms = await checkout(trainer.id, trainer.session, { plan: 'full', agreeTerms: false });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().error.fields.agreeTerms).toBe('Please agree to the terms');
    expect((await checkout(trainer.id, trainer.session, { plan: 'gold', agreeTerms: true })).statusCode).toBe(
      400,
    );
    const rows = await app.db
      .selectFrom('enrolments')
      .select('id')
      .where('trainerId', '=', trainer.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
