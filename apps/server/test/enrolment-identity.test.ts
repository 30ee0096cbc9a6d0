import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ENROLMENT_CODE_MAX_TRIES,
  ENROLMENT_CODE_TTL_MINUTES,
  ENROLMENT_TTL_HOURS,
  enrolmentMessages,
  TEST_CARDS,
} from '@soulpunch/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../src/lib/clock';
import { signTestEvent, testWebhookSecret } from '../src/modules/payments/providers';
import { paymentJobs } from '../src/modules/payments/routes';
import { expireUnpaidEnrolments } from '../src/modules/payments/service';
import {
  enrolmentCookieOf,
  latestEnrolmentCode,
  startVerifiedEnrolment,
  verifyEmail,
} from './enrolment-helper';
import {
  appDeps,
  buildTestApp,
  emptyTables,
  nextTestIp,
  requestLinkToken,
  seedCast,
  signIn,
  type TestApp,
  withCookie,
} from './helper';

/**
 * Issue 22, findings 2, 3 and 6: an enrolment grants a session only for an address whose code was entered in that
 * browser (decision 0008), only once, and never as an account that existed before; unpaid enrolments expire;
 * a second checkout never takes another browser's enrolment; logout ends the enrolment cookie.
 */

const HOUR_MS = 60 * 60 * 1000;

const details = (email: string, plan: 'full' | 'flex' = 'full', fullName = 'Nora Quinn') => ({
  fullName,
  email,
  phone: '(918) 555-0101',
  city: 'Boulder',
  state: 'CO',
  agreeTerms: true,
  plan,
});

const confirmBody = (email: string, fullName = 'Nora Quinn') => ({
  fullName,
  email,
  phone: '(918) 555-0101',
  city: 'Boulder',
  state: 'CO',
});

const sessionCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sp_session');

function post(app: FastifyInstance, url: string, payload: object, cookie?: string) {
  const options = { method: 'POST' as const, url, payload, remoteAddress: nextTestIp() };
  return app.inject(cookie ? withCookie(cookie, options) : options);
}

const checkout = (app: FastifyInstance, email: string, cookie?: string) =>
  post(app, '/api/enrolments', details(email), cookie);
const confirm = (app: FastifyInstance, cookie: string, email: string, fullName?: string) =>
  post(app, '/api/enrolments/current/confirm', confirmBody(email, fullName), cookie);
const current = (app: FastifyInstance, cookie: string) =>
  app.inject(withCookie(cookie, { method: 'GET', url: '/api/enrolments/current' }));

async function enrolmentRow(app: FastifyInstance, cookieOrPublicId: { publicId: string }) {
  return app.db
    .selectFrom('enrolments')
    .selectAll()
    .where('publicId', '=', cookieOrPublicId.publicId)
    .executeTakeFirstOrThrow();
}

describe('with Stripe (the real SDK against a local stand-in)', () => {
  const WEBHOOK_SECRET = 'whsec_identity_stand_in';
  const stripe = new Stripe('sk_test_unused');
  const sessionsCreated: URLSearchParams[] = [];
  let standIn: Server;
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      if (req.url === '/v1/checkout/sessions') {
        sessionsCreated.push(new URLSearchParams(body));
        const n = sessionsCreated.length;
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_stand_in' });
        res.end(
          JSON.stringify({
            id: `cs_test_id_${n}`,
            object: 'checkout.session',
            url: `https://pay.stripe.test/${n}`,
          }),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: `no stand-in for ${req.url}` } }),
      );
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    t = await buildTestApp({
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_stand_in',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
    });
    app = t.app;
    await seedCast(app);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => standIn.close(resolve));
  });

  const paidAtStripe = (checkoutId: string, enrolmentId: string) => {
    const payload = JSON.stringify({
      id: `evt_paid_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: checkoutId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 199_700,
          currency: 'usd',
          customer: `cus_${enrolmentId}`,
          payment_intent: `pi_${enrolmentId}`,
          metadata: { enrolmentId },
        },
      },
    });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  };

  it("a second checkout with the victim's e-mail gets its own enrolment and never the victim's session (finding 2)", async () => {
    // The victim enters their code and is sent to Stripe's page.
    const victim = await startVerifiedEnrolment(app, details('victim@example.com'));
    expect(victim.checkoutUrl).toMatch(/^https:\/\/pay\.stripe\.test\//);
    const victimId = victim.verified.json().enrolment.id as string;
    const before = await enrolmentRow(app, { publicId: victimId });
    const sessionsBefore = sessionsCreated.length;

    // Meanwhile the attacker submits the checkout with the victim's address.
    const attack = await checkout(app, 'victim@example.com');
    expect(attack.statusCode, attack.body).toBe(201);
    expect(attack.json().checkoutUrl).toBeNull();
    const attacker = enrolmentCookieOf(attack);
    expect(attacker).not.toBe(victim.cookie);
    expect(attack.json().enrolment.id).not.toBe(victimId);
    // Nothing of the victim's enrolment moved: same cookie, same checkout; no checkout opened for the attacker.
    const after = await enrolmentRow(app, { publicId: victimId });
    expect(after).toMatchObject({
      cookieHash: before.cookieHash,
      checkoutId: before.checkoutId,
      emailVerifiedAt: before.emailVerifiedAt,
    });
    expect((await current(app, victim.cookie)).json()).toMatchObject({ id: victimId, emailVerified: true });
    expect(sessionsCreated.length).toBe(sessionsBefore);
    const attackerRetry = await post(app, '/api/enrolments/current/checkout', {}, attacker);
    expect(attackerRetry.statusCode).toBe(409);
    expect(attackerRetry.json().error.code).toBe('email_not_verified');
    expect(sessionsCreated.length).toBe(sessionsBefore);

    // The victim pays at Stripe.
    const paid = await paidAtStripe(before.checkoutId as string, victimId);
    expect(paid.statusCode, paid.body).toBe(200);

    // The attacker's confirm: the address is taken now; no session, nothing written.
    const stolen = await confirm(app, attacker, 'victim@example.com', 'Mallory');
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error).toMatchObject({
      code: 'already_enrolled',
      message: enrolmentMessages.alreadyEnrolled,
    });
    expect(sessionCookieOf(stolen)).toBeUndefined();
    expect(
      await app.db.selectFrom('users').select('id').where('email', '=', 'victim@example.com').execute(),
    ).toEqual([]);
    // Even with a code for the attacker's own enrolment (the e-mail is the victim's), the address is taken.
    const code = await verifyEmail(app, attacker, '000000');
    expect(code.statusCode).toBe(409);
    expect(code.json().error.code).toBe('already_enrolled');

    // The victim's own browser confirms and is signed in as themselves.
    const mine = await confirm(app, victim.cookie, 'victim@example.com');
    expect(mine.statusCode, mine.body).toBe(200);
    const session = sessionCookieOf(mine);
    expect(session).toBeDefined();
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { sp_session: session?.value ?? '' },
    });
    expect(me.json().user).toMatchObject({ email: 'victim@example.com', roles: ['trainer'] });
  });
});

describe('with the test provider, on a manual clock', () => {
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
    await emptyTables(app.db, ['enrolments', 'payment_events']);
    cast = await seedCast(app);
  });

  const pay = (checkoutId: string, cardNumber: string = TEST_CARDS.pays) =>
    app.inject({
      method: 'POST',
      url: `/api/test-provider/checkouts/${checkoutId}/pay`,
      payload: { cardNumber, expiry: '12 / 30', cvc: '123', name: 'Nora Quinn' },
    });

  /** A payment the provider reports (as Stripe would for a page already open), signed on the app's clock. */
  const paidByWebhook = (checkoutId: string, enrolmentId: string) => {
    const payload = JSON.stringify({
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
          customer: `cus_${enrolmentId}`,
          metadata: { enrolmentId },
        },
      },
    });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signTestEvent(payload, testWebhookSecret(app.config), clock.now().getTime()),
      },
      payload,
    });
  };

  describe('the e-mailed code (decision 0008)', () => {
    it('opens no checkout before the code, keeps only its hash, and opens one with it', async () => {
      const started = await checkout(app, 'code@example.com');
      expect(started.statusCode, started.body).toBe(201);
      expect(started.json()).toMatchObject({
        checkoutUrl: null,
        enrolment: { emailVerified: false, checkoutUrl: null },
      });
      const cookie = enrolmentCookieOf(started);
      const code = await latestEnrolmentCode(app, 'code@example.com');
      expect(code).toMatch(/^\d{6}$/);
      const row = await enrolmentRow(app, { publicId: started.json().enrolment.id });
      expect(row.checkoutId).toBeNull();
      expect(row.emailCodeHash).not.toContain(code);
      expect(await app.db.selectFrom('testCheckouts').select('id').execute()).toEqual([]);
      // Without the code there is no way to the provider's page.
      const retry = await post(app, '/api/enrolments/current/checkout', {}, cookie);
      expect(retry.json().error.code).toBe('email_not_verified');

      const verified = await verifyEmail(app, cookie, `${code.slice(0, 3)} ${code.slice(3)}`);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({
        enrolment: { emailVerified: true },
        checkoutUrl: expect.stringMatching(/\/test-checkout\/cs_test_/),
      });
      // The code works once.
      const again = await verifyEmail(app, cookie, code);
      expect(again.statusCode).toBe(200);
      expect((await enrolmentRow(app, { publicId: started.json().enrolment.id })).emailCodeHash).toBeNull();
    });

    it('refuses a wrong code with a clear message and changes nothing', async () => {
      const started = await checkout(app, 'wrong@example.com');
      const cookie = enrolmentCookieOf(started);
      const code = await latestEnrolmentCode(app, 'wrong@example.com');
      const wrong = await verifyEmail(app, cookie, code === '123456' ? '654321' : '123456');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({
        code: 'invalid_code',
        message: enrolmentMessages.codeWrong,
        fields: { code: enrolmentMessages.codeWrong },
      });
      const malformed = await verifyEmail(app, cookie, '12ab');
      expect(malformed.statusCode).toBe(400);
      expect((await current(app, cookie)).json()).toMatchObject({ emailVerified: false, checkoutUrl: null });
      expect(await app.db.selectFrom('testCheckouts').select('id').execute()).toEqual([]);
    });

    it(`needs a new code after ${ENROLMENT_CODE_MAX_TRIES} wrong tries, even when they come at once`, async () => {
      const started = await checkout(app, 'tries@example.com');
      const cookie = enrolmentCookieOf(started);
      const code = await latestEnrolmentCode(app, 'tries@example.com');
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(
        Array.from({ length: ENROLMENT_CODE_MAX_TRIES + 3 }, () => verifyEmail(app, cookie, wrongCode)),
      );
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
      const codes = answers.map((a) => a.json().error.code);
      expect(codes.filter((c) => c === 'invalid_code').length).toBeLessThan(ENROLMENT_CODE_MAX_TRIES);
      expect(codes).toContain('too_many_tries');
      // The right code no longer works: a new one is needed.
      const late = await verifyEmail(app, cookie, code);
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toMatchObject({
        code: 'too_many_tries',
        message: enrolmentMessages.codeTooManyTries,
      });
      expect((await current(app, cookie)).json().emailVerified).toBe(false);

      // Asking again from the same browser sends a new code for the same enrolment, and that one works.
      const resent = await checkout(app, 'tries@example.com', cookie);
      expect(resent.statusCode).toBe(201);
      expect(resent.json().enrolment.id).toBe(started.json().enrolment.id);
      const fresh = await latestEnrolmentCode(app, 'tries@example.com');
      expect((await verifyEmail(app, cookie, fresh)).statusCode).toBe(200);
    });

    it(`expires a code after ${ENROLMENT_CODE_TTL_MINUTES} minutes on the app's clock`, async () => {
      const started = await checkout(app, 'late@example.com');
      const cookie = enrolmentCookieOf(started);
      const code = await latestEnrolmentCode(app, 'late@example.com');
      clock.advance(ENROLMENT_CODE_TTL_MINUTES * 60 * 1000);
      const expired = await verifyEmail(app, cookie, code);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toMatchObject({
        code: 'code_expired',
        message: enrolmentMessages.codeExpired,
      });

      await checkout(app, 'late@example.com', cookie);
      const fresh = await latestEnrolmentCode(app, 'late@example.com');
      clock.advance(ENROLMENT_CODE_TTL_MINUTES * 60 * 1000 - 1000);
      expect((await verifyEmail(app, cookie, fresh)).statusCode).toBe(200);
    });

    it('limits the codes sent to one address', async () => {
      const started = await checkout(app, 'flood@example.com');
      const cookie = enrolmentCookieOf(started);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await checkout(app, 'flood@example.com', cookie)).statusCode);
      expect(answers.slice(0, 4)).toEqual([201, 201, 201, 201]);
      expect(answers[4]).toBe(429);
      const mails = await app.db
        .selectFrom('outboxMessages')
        .select('id')
        .where('toAddress', '=', 'flood@example.com')
        .execute();
      expect(mails).toHaveLength(5);
    });
  });

  describe('a second browser with the same e-mail', () => {
    it('has its own enrolment; once one pays, the other can neither pay nor confirm', async () => {
      const first = await startVerifiedEnrolment(app, details('twice@example.com'));
      const second = await startVerifiedEnrolment(app, details('twice@example.com', 'full', 'Other Browser'));
      expect(second.cookie).not.toBe(first.cookie);
      expect(second.verified.json().enrolment.id).not.toBe(first.verified.json().enrolment.id);
      expect((await current(app, first.cookie)).json()).toMatchObject({ fullName: 'Nora Quinn' });

      expect((await pay(first.checkoutId)).json().outcome).toBe('paid');
      const secondPays = await pay(second.checkoutId);
      expect(secondPays.statusCode).toBe(409);
      expect(secondPays.json().error.code).toBe('already_enrolled');
      const secondConfirms = await confirm(app, second.cookie, 'twice@example.com', 'Other Browser');
      expect(secondConfirms.statusCode).toBe(409);
      expect(secondConfirms.json().error.code).toBe('already_enrolled');
      expect(sessionCookieOf(secondConfirms)).toBeUndefined();

      const firstConfirms = await confirm(app, first.cookie, 'twice@example.com');
      expect(firstConfirms.statusCode, firstConfirms.body).toBe(200);
      expect(sessionCookieOf(firstConfirms)).toBeDefined();
    });
  });

  describe('an address that becomes an account after it was pre-enrolled (finding 3)', () => {
    it('cannot pay once an admin made it an administrator, and confirm never signs in as them', async () => {
      const pre = await startVerifiedEnrolment(app, details('later.admin@example.com'));
      const added = await app.inject(
        withCookie(cast.admin, {
          method: 'POST',
          url: '/api/admin/administrators',
          payload: { email: 'later.admin@example.com' },
        }),
      );
      expect(added.statusCode, added.body).toBe(201);
      const paid = await pay(pre.checkoutId);
      expect(paid.statusCode).toBe(409);
      expect(paid.json().error.code).toBe('already_enrolled');
      const confirmed = await confirm(app, pre.cookie, 'later.admin@example.com', 'Mallory');
      expect(confirmed.statusCode).toBe(409);
      expect(sessionCookieOf(confirmed)).toBeUndefined();
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('email', '=', 'later.admin@example.com')
        .executeTakeFirstOrThrow();
      expect(user.name).toBe('later.admin');
    });

    it('when the provider reports the payment anyway, confirm asks to sign in and changes nothing of the account', async () => {
      const pre = await startVerifiedEnrolment(app, details('later.trainer@example.com'));
      const enrolmentId = pre.verified.json().enrolment.id as string;
      // The admin adds the address as a trainer (their account) and makes them an administrator too.
      const added = await app.inject(
        withCookie(cast.admin, {
          method: 'POST',
          url: '/api/admin/trainers',
          payload: { name: 'Lee Real', email: 'later.trainer@example.com' },
        }),
      );
      expect(added.statusCode, added.body).toBe(201);
      await app.inject(
        withCookie(cast.admin, {
          method: 'POST',
          url: '/api/admin/administrators',
          payload: { email: 'later.trainer@example.com' },
        }),
      );
      // The page was already open at the provider: the payment arrives all the same.
      const paid = await paidByWebhook(pre.checkoutId, enrolmentId);
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await current(app, pre.cookie)).json()).toMatchObject({ paid: true });

      const confirmed = await confirm(app, pre.cookie, 'later.trainer@example.com', 'Mallory');
      expect(confirmed.statusCode).toBe(409);
      expect(confirmed.json().error).toEqual({
        code: 'sign_in_required',
        message: enrolmentMessages.accountExists,
      });
      expect(sessionCookieOf(confirmed)).toBeUndefined();
      const trainer = await app.db
        .selectFrom('trainers')
        .select(['name', 'phone', 'city'])
        .where('id', '=', added.json().id)
        .executeTakeFirstOrThrow();
      expect(trainer).toEqual({ name: 'Lee Real', phone: null, city: null });
      // Its owner still signs in the usual way, with both roles.
      const owner = await signIn(app, 'later.trainer@example.com');
      const me = await app.inject(withCookie(owner, { method: 'GET', url: '/api/auth/session' }));
      expect(me.json().user.roles.sort()).toEqual(['admin', 'trainer']);
    });

    it('never opens a checkout for an address whose code was not entered', async () => {
      const pre = await checkout(app, 'guess@example.com');
      const cookie = enrolmentCookieOf(pre);
      const confirmed = await confirm(app, cookie, 'guess@example.com');
      expect(confirmed.statusCode).toBe(409);
      expect(confirmed.json().error.code).toBe('payment_not_verified');
      expect(await app.db.selectFrom('testCheckouts').select('id').execute()).toEqual([]);
    });
  });

  describe(`unpaid enrolments expire after ${ENROLMENT_TTL_HOURS} h`, () => {
    it("answers 'Session expired' on the app's clock, closes the checkout page, and the job ends them", async () => {
      const { cookie, checkoutId } = await startVerifiedEnrolment(app, details('expiry@example.com'));
      clock.advance(ENROLMENT_TTL_HOURS * HOUR_MS - 1000);
      expect((await current(app, cookie)).statusCode).toBe(200);
      const deps = appDeps(app, clock);
      expect(await expireUnpaidEnrolments(deps, clock.now())).toBe(0);

      clock.advance(1000);
      const expired = await current(app, cookie);
      expect(expired.statusCode).toBe(404);
      expect(expired.json().error).toEqual({
        code: 'no_enrolment',
        message: 'Session expired. Please restart the registration process.',
      });
      const page = await app.inject({ method: 'GET', url: `/api/test-provider/checkouts/${checkoutId}` });
      expect(page.json().status).toBe('expired');
      const paid = await pay(checkoutId);
      expect(paid.statusCode).toBe(409);
      const retry = await post(app, '/api/enrolments/current/checkout', {}, cookie);
      expect(retry.statusCode).toBe(404);
      const late = await confirm(app, cookie, 'expiry@example.com');
      expect(late.statusCode).toBe(404);

      expect(await expireUnpaidEnrolments(deps, clock.now())).toBe(1);
      const row = await app.db
        .selectFrom('enrolments')
        .select(['status', 'emailCodeHash'])
        .where('email', '=', 'expiry@example.com')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'cancelled', emailCodeHash: null });
      // The same browser starts again: a new enrolment with a new code.
      const again = await checkout(app, 'expiry@example.com', cookie);
      expect(again.statusCode).toBe(201);
      expect(enrolmentCookieOf(again)).not.toBe(cookie);
    });

    it('is one of the scheduled jobs', async () => {
      const names = paymentJobs(appDeps(app, clock)).map((j) => j.name);
      expect(names).toContain('payments:expire-unpaid-enrolments');
    });
  });

  describe('after the first confirm (finding 6)', () => {
    it('logout clears the enrolment cookie, and a kept cookie neither signs in again nor overwrites the trainer', async () => {
      const { cookie, checkoutId } = await startVerifiedEnrolment(app, details('kept@example.com'));
      expect((await pay(checkoutId)).json().outcome).toBe('paid');
      const first = await confirm(app, cookie, 'kept@example.com');
      expect(first.statusCode, first.body).toBe(200);
      const session = sessionCookieOf(first);
      const trainerId = first.json().trainerId as number;

      const logout = await app.inject(
        withCookie(`sp_session=${session?.value}; ${cookie}`, { method: 'POST', url: '/api/auth/logout' }),
      );
      expect(logout.statusCode).toBe(204);
      const cleared = logout.cookies.find((c) => c.name === 'sp_enrolment');
      expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(Number(cleared?.expires?.getTime())).toBeLessThanOrEqual(Date.now());

      // A browser that kept the cookie anyway (copied, or from before this fix) gets no session and writes nothing.
      clock.advance(3 * 24 * HOUR_MS);
      const again = await confirm(app, cookie, 'kept@example.com', 'Mallory');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({
        code: 'sign_in_required',
        message: enrolmentMessages.alreadyConfirmed,
      });
      expect(sessionCookieOf(again)).toBeUndefined();
      const trainer = await app.db
        .selectFrom('trainers')
        .select(['name', 'phone', 'city'])
        .where('id', '=', trainerId)
        .executeTakeFirstOrThrow();
      expect(trainer).toEqual({ name: 'Nora Quinn', phone: '(918) 555-0101', city: 'Boulder' });
    });
  });

  // A trainer who paid and closed the browser before confirming has a trainer record and no account: the sign-in
  // form's link (read only by the address's owner) makes the account, linked to that record, and signs them in.
  it('lets a paid trainer who never confirmed sign in by the e-mailed link, as that trainer', async () => {
    const { checkoutId } = await startVerifiedEnrolment(app, {
      fullName: 'Paid Closer',
      email: 'closer@example.com',
      phone: '918-555-0101',
      agreeTerms: true,
      plan: 'full',
    });
    expect((await pay(checkoutId)).json().outcome).toBe('paid');
    const trainer = await app.db
      .selectFrom('trainers')
      .select(['id', 'userId'])
      .where('email', '=', 'closer@example.com')
      .executeTakeFirstOrThrow();
    expect(trainer.userId).toBeNull();

    const token = await requestLinkToken(app, 'closer@example.com');
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.cookies.find((c) => c.name === 'sp_session');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sp_session=${session?.value}` },
    });
    expect(me.json().user).toMatchObject({
      email: 'closer@example.com',
      roles: ['trainer'],
      trainerId: trainer.id,
    });
    // Asking for a link makes the account once; an address with no trainer record stays unknown.
    await requestLinkToken(app, 'closer@example.com');
    const accounts = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'closer@example.com')
      .execute();
    expect(accounts).toHaveLength(1);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'nobody@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
