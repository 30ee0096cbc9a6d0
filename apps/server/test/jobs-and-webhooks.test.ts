import { TEST_CARDS } from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps';
import { manualClock } from '../src/lib/clock';
import { createRequiredDocuments, runDocumentSchedule } from '../src/modules/documents/service';
import type { MailMessage } from '../src/modules/mail/mailer';
import { deliverQueuedMail } from '../src/modules/mail/queue';
import { paymentJobs } from '../src/modules/payments/routes';
import { latestEnrolmentCode, startVerifiedEnrolment, verifyEmail } from './enrolment-helper';
import { appDeps, buildTestApp, emptyTables, nextTestIp, seedCast, type TestApp, withCookie } from './helper';
import { type StripeStandIn, signedStripeEvent, startStripeStandIn } from './stripe-stand-in';

/**
 * Jobs and webhooks that lose nothing (issue 25): one refused e-mail fails that e-mail, not the round or the event
 * it tells of; it waits in mail_queue and goes with a later mail round. The payment provider is called with no
 * transaction open.
 */

/** The app's own mailer, refusing every message to the addresses in `refused` as a mail server would. */
function refuseMailTo(app: FastifyInstance) {
  const refused = new Set<string>();
  const send = app.mailer.send.bind(app.mailer);
  app.mailer.send = async (message: MailMessage) => {
    if (refused.has(message.to)) throw new Error('550 5.1.1 mailbox unavailable');
    return send(message);
  };
  return refused;
}

const outboxSubjects = async (app: FastifyInstance, to: string) =>
  (
    await app.db
      .selectFrom('outboxMessages')
      .select('subject')
      .where('toAddress', '=', to)
      .orderBy('id')
      .execute()
  ).map((r) => r.subject);

const queuedTo = (app: FastifyInstance, to: string) =>
  app.db.selectFrom('mailQueue').selectAll().where('toAddress', '=', to).orderBy('id').execute();

describe('with the test provider and a mail server that refuses one address', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let deps: AppDeps;
  let refused: Set<string>;
  const clock = manualClock('2026-04-01T15:00:00Z');

  beforeAll(async () => {
    t = await buildTestApp({}, undefined, { clock });
    app = t.app;
    deps = appDeps(app, clock);
    refused = refuseMailTo(app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    refused.clear();
    clock.set('2026-04-01T15:00:00Z');
    await emptyTables(app.db, ['mail_queue', 'payment_events', 'document_events', 'esign_consents']);
  });

  it('a refused reminder fails that reminder only: the round reminds the others, expires what is due, and the mail goes later', async () => {
    const cast = await seedCast(app);
    // Devon's documents come first in the round; Maria's were sent 25 days earlier and expire in this round.
    await createRequiredDocuments(deps, cast.devonId);
    clock.set('2026-03-07T15:00:00Z');
    await createRequiredDocuments(deps, cast.mariaId);
    clock.set('2026-04-06T15:00:00Z');
    refused.add('devon@example.com');

    const round = await runDocumentSchedule(deps, clock.now());
    expect(round).toEqual({ checked: 6, sent: 0, expired: 3, reminded: 3, failed: 0 });
    const docs = await app.db
      .selectFrom('documents')
      .select(['trainerId', 'status', 'reminderSentAt'])
      .orderBy('id')
      .execute();
    expect(docs.filter((d) => d.trainerId === cast.mariaId).map((d) => d.status)).toEqual([
      'expired',
      'expired',
      'expired',
    ]);
    expect(docs.filter((d) => d.trainerId === cast.devonId).every((d) => d.reminderSentAt !== null)).toBe(
      true,
    );
    // Devon's reminders (one e-mail for the three) wait in the queue with the refusal and a later try; nothing
    // reached the mailbox.
    expect((await outboxSubjects(app, 'devon@example.com')).filter((s) => s.startsWith('Reminder'))).toEqual(
      [],
    );
    const waiting = (await queuedTo(app, 'devon@example.com')).filter((m) =>
      m.subject.startsWith('Reminder'),
    );
    expect(waiting.map((m) => m.subject)).toEqual([
      'Reminder: please sign your Soul Punch trainer documents',
    ]);
    for (const mail of waiting) {
      expect(mail).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.stringMatching(/550/) });
      expect(mail.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime());
    }

    // Not due yet: the backoff holds. Then the mail server takes it again and the next mail round sends it.
    expect(await deliverQueuedMail(deps, clock.now())).toEqual({ due: 0, sent: 0, failed: 0 });
    refused.clear();
    clock.advance(2 * 60 * 1000);
    expect(await deliverQueuedMail(deps, clock.now())).toEqual({ due: 1, sent: 1, failed: 0 });
    expect(
      (await outboxSubjects(app, 'devon@example.com')).filter((s) => s.startsWith('Reminder')),
    ).toHaveLength(1);
    expect(await deliverQueuedMail(deps, clock.now())).toEqual({ due: 0, sent: 0, failed: 0 });
    // Sent mail (the e-mail listing the documents, the one reminding of them) leaves the queue after 30 days.
    expect(await queuedTo(app, 'devon@example.com')).toHaveLength(2);
    clock.advanceDays(31);
    await deliverQueuedMail(deps, clock.now());
    expect(await queuedTo(app, 'devon@example.com')).toEqual([]);
  });

  it('a refused e-mail after a webhook leaves the event processed (200); the mail is queued, then sent by the next run', async () => {
    const cast = await seedCast(app);
    const { cookie, checkoutId } = await startVerifiedEnrolment(app, {
      fullName: 'Flex Trainer',
      email: 'flex@example.com',
      phone: '(918) 555-0101',
      city: 'Boulder',
      state: 'CO',
      agreeTerms: true,
      plan: 'flex',
    });
    const paid = await app.inject({
      method: 'POST',
      url: `/api/test-provider/checkouts/${checkoutId}/pay`,
      payload: { cardNumber: TEST_CARDS.failsNextInstalment, expiry: '12 / 30', cvc: '123', name: 'F T' },
    });
    expect(paid.json().outcome).toBe('paid');
    const confirm = await app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: '/api/enrolments/current/confirm',
        payload: { fullName: 'Flex Trainer', email: 'flex@example.com', phone: '918 555 0101' },
      }),
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { trainerId } = confirm.json() as { trainerId: number };
    refused.add('flex@example.com');

    // The second instalment fails: the test provider posts the signed event to the webhook and needs a 200.
    const bill = await app.inject(
      withCookie(cast.admin, {
        method: 'POST',
        url: '/api/test-provider/instalments/bill-now',
        payload: { trainerId },
      }),
    );
    expect(bill.statusCode, bill.body).toBe(200);
    const failedEvent = await app.db
      .selectFrom('paymentEvents')
      .selectAll()
      .where('type', '=', 'invoice.payment_failed')
      .executeTakeFirstOrThrow();
    expect(failedEvent.error).toBeNull();
    expect(failedEvent.processedAt).not.toBeNull();
    // The admins' notice went; the trainer's is queued with the refusal.
    expect(await outboxSubjects(app, 'boss@example.com')).toContain('Instalment failed: Flex Trainer');
    expect((await outboxSubjects(app, 'flex@example.com')).some((s) => /did not go through/.test(s))).toBe(
      false,
    );

    // Paying now sends a receipt for the instalment: refused too, and the event still goes through.
    const summary = await app.inject(
      withCookie(cast.admin, { method: 'GET', url: `/api/trainers/${trainerId}/payments` }),
    );
    const payNowId = new URL(summary.json().payNowUrl).pathname.split('/').pop() as string;
    const payNow = await app.inject({
      method: 'POST',
      url: `/api/test-provider/checkouts/${payNowId}/pay`,
      payload: { cardNumber: TEST_CARDS.pays, expiry: '12 / 30', cvc: '123', name: 'F T' },
    });
    expect(payNow.statusCode, payNow.body).toBe(200);
    const events = await app.db
      .selectFrom('paymentEvents')
      .select(['type', 'processedAt', 'error'])
      .execute();
    expect(events.every((e) => e.processedAt !== null && e.error === null)).toBe(true);
    const waiting = (await queuedTo(app, 'flex@example.com')).filter((m) => m.sentAt === null);
    expect(waiting.map((m) => [m.subject, m.attempts])).toEqual([
      [expect.stringMatching(/^Payment 2 of \d+ did not go through$/), 1],
      [expect.stringMatching(/^Payment 2 of \d+ received$/), 1],
    ]);

    refused.clear();
    clock.advance(2 * 60 * 1000);
    expect(await deliverQueuedMail(deps, clock.now())).toMatchObject({ due: 2, sent: 2 });
    const inbox = await outboxSubjects(app, 'flex@example.com');
    expect(inbox.filter((s) => /^Payment 2 of \d+ (did not go through|received)$/.test(s))).toHaveLength(2);
  });
});

describe('with Stripe: the provider is called with no transaction open', () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let app: FastifyInstance;
  let publicId = '';
  /** What another request reads of the enrolment while Stripe is being asked for the schedule. */
  const seenDuringCall: string[] = [];
  let refuseSchedule = false;
  const scheduleCalls: string[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn(async ({ path }) => {
      if (path === '/v1/subscription_schedules/sub_sched_1') scheduleCalls.push(path);
      if (path !== '/v1/subscription_schedules') return undefined;
      scheduleCalls.push(path);
      // A slow provider: meanwhile another request uses the database. With the webhook's transaction still
      // open, PGlite's one connection is taken (this read waits) and PostgreSQL shows the enrolment unpaid.
      const read = app.db
        .selectFrom('enrolments')
        .select('status')
        .where('publicId', '=', publicId)
        .executeTakeFirst()
        .then((row) => row?.status ?? 'missing');
      const blocked = new Promise<string>((resolve) => setTimeout(() => resolve('blocked'), 2000));
      seenDuringCall.push(await Promise.race([read, blocked]));
      if (refuseSchedule) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'stand-in refuses' } },
        };
      }
      return undefined;
    });
    t = await buildTestApp(standIn.config);
    app = t.app;
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  async function flexEnrolment(email: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/enrolments',
      remoteAddress: nextTestIp(),
      payload: { fullName: 'Stripe Flex', email, phone: '918 555 0199', agreeTerms: true, plan: 'flex' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cookie = `sp_enrolment=${res.cookies.find((c) => c.name === 'sp_enrolment')?.value}`;
    const verified = await verifyEmail(app, cookie, await latestEnrolmentCode(app, email));
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json().enrolment as { id: string; amountCents: number };
  }

  const completed = (enrolment: { id: string; amountCents: number }, n: number) =>
    signedStripeEvent('checkout.session.completed', {
      id: `cs_test_slow_${n}`,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      amount_total: enrolment.amountCents,
      currency: 'usd',
      customer: `cus_slow_${n}`,
      subscription: `sub_slow_${n}`,
      invoice: `in_slow_${n}`,
      metadata: { enrolmentId: enrolment.id },
    });

  it('asks Stripe for the schedule after the payment committed, and retries a refused call from the job', async () => {
    await seedCast(app);
    const enrolment = await flexEnrolment('slow.flex@example.com');
    publicId = enrolment.id;

    const res = await app.inject(completed(enrolment, 1));
    expect(res.statusCode, res.body).toBe(200);
    // The read made while Stripe was answering saw the payment committed, and was not kept waiting.
    expect(seenDuringCall).toEqual(['paid']);
    expect(scheduleCalls).toEqual(['/v1/subscription_schedules', '/v1/subscription_schedules/sub_sched_1']);
    const done = await app.db
      .selectFrom('enrolments')
      .select(['instalmentScheduleFor', 'instalmentsScheduledAt'])
      .where('publicId', '=', publicId)
      .executeTakeFirstOrThrow();
    expect(done.instalmentScheduleFor).toBeNull();
    expect(done.instalmentsScheduledAt).not.toBeNull();

    // Stripe refuses the schedule once: the payment stays recorded (200, processed) and the job asks again.
    const second = await flexEnrolment('refused.flex@example.com');
    publicId = second.id;
    refuseSchedule = true;
    seenDuringCall.length = 0;
    scheduleCalls.length = 0;
    const refused = await app.inject(completed(second, 2));
    expect(refused.statusCode, refused.body).toBe(200);
    expect(seenDuringCall).toEqual(['paid']);
    const events = await app.db
      .selectFrom('paymentEvents')
      .select(['processedAt', 'error'])
      .where('type', '=', 'checkout.session.completed')
      .execute();
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.processedAt !== null && e.error === null)).toBe(true);
    const waiting = () =>
      app.db
        .selectFrom('enrolments')
        .select(['status', 'instalmentScheduleFor', 'instalmentsScheduledAt'])
        .where('publicId', '=', second.id)
        .executeTakeFirstOrThrow();
    expect(await waiting()).toMatchObject({
      status: 'paid',
      instalmentScheduleFor: 'sub_slow_2',
      instalmentsScheduledAt: null,
    });

    refuseSchedule = false;
    // The payments job's round, as the scheduler runs it.
    const job = paymentJobs(appDeps(app, { now: () => new Date() }), app).find(
      (j) => j.name === 'payments:schedule-instalments',
    );
    if (!job) throw new Error('no schedule job');
    expect(await job.run(new Date())).toBe(1);
    expect(await waiting()).toMatchObject({ instalmentScheduleFor: null });
    expect((await waiting()).instalmentsScheduledAt).not.toBeNull();
    expect(scheduleCalls.at(-1)).toBe('/v1/subscription_schedules/sub_sched_1');
    expect(await job.run(new Date())).toBe(0);
  });
});
