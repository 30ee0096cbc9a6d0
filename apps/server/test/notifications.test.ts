import { formatUsd, PLANS, TEST_CARDS } from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps';
import { DAY_MS, manualClock } from '../src/lib/clock';
import { sendConsultationReminders } from '../src/modules/calendar/consultations';
import { runCertificationRound } from '../src/modules/certification/round';
import { createRequiredDocuments, runDocumentSchedule } from '../src/modules/documents/service';
import type { MailMessage } from '../src/modules/mail/mailer';
import { deliverQueuedMail } from '../src/modules/mail/queue';
import { sendDailyDigests } from '../src/modules/notifications/service';
import { signTestEvent, testWebhookSecret } from '../src/modules/payments/providers';
import { startVerifiedEnrolment } from './enrolment-helper';
import {
  appDeps,
  buildTestApp,
  certifyForTest,
  createUser,
  latestMailTo,
  resetDatabase,
  signIn,
  type TestApp,
  withCookie,
} from './helper';

/**
 * Notification preferences and the daily digest (issue 27): each event of the admin area reaches each person as they
 * chose, immediately, in tomorrow's digest or not at all; the digest goes once a day, once; trainers choose their
 * class notices.
 */
let t: TestApp;
let app: FastifyInstance;
let deps: AppDeps;
// Monday 5 January 2026, 9:00 AM Central: the morning's digest time (7:00) has passed.
const clock = manualClock('2026-01-05T15:00:00Z');
let bea: string;
let sam: string;
let dee: string;

beforeAll(async () => {
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
  deps = appDeps(app, clock);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2026-01-05T15:00:00Z');
  await resetDatabase(app);
  await app.db.deleteFrom('mailQueue').execute();
  await createUser(app, 'bea@example.com', ['admin'], 'Bea Boss');
  await createUser(app, 'sam@example.com', ['staff'], 'Sam Staff');
  await createUser(app, 'dee@example.com', ['admin'], 'Dee Deputy');
  bea = await signIn(app, 'bea@example.com');
  sam = await signIn(app, 'sam@example.com');
  dee = await signIn(app, 'dee@example.com');
});

const call = (cookie: string | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject(
    cookie
      ? withCookie(cookie, { method, url, payload })
      : { method, url, payload, headers: { origin: 'http://localhost:3000' } },
  );

/** What was e-mailed to this address, sign-in links left out. */
const subjectsTo = async (email: string) =>
  (
    await app.db
      .selectFrom('outboxMessages')
      .select('subject')
      .where('toAddress', '=', email)
      .orderBy('id')
      .execute()
  )
    .map((r) => r.subject)
    .filter((s) => !s.endsWith('sign-in link'));

const waiting = (email: string) =>
  app.db
    .selectFrom('notificationDigestItems')
    .innerJoin('users', 'users.id', 'notificationDigestItems.userId')
    .select(['kind', 'subject', 'sentAt'])
    .where('users.email', '=', email)
    .orderBy('notificationDigestItems.id')
    .execute();

/** A visitor enrols on the flex plan with the card whose next instalment fails, and pays the first. */
async function enrolAndPay(email: string, name: string) {
  const { cookie, checkoutId } = await startVerifiedEnrolment(app, {
    fullName: name,
    email,
    phone: '918-555-0101',
    city: 'Tulsa',
    state: 'OK',
    agreeTerms: true,
    plan: 'flex',
  });
  const paid = await app.inject({
    method: 'POST',
    url: `/api/test-provider/checkouts/${checkoutId}/pay`,
    payload: { cardNumber: TEST_CARDS.failsNextInstalment, expiry: '12 / 30', cvc: '123', name },
  });
  expect(paid.json().outcome).toBe('paid');
  const current = await app.inject(withCookie(cookie, { method: 'GET', url: '/api/enrolments/current' }));
  return current.json() as { trainerId: number };
}

describe('choosing notifications', () => {
  it('answers each person with the kinds of their roles, defaults first', async () => {
    const adminView = (await call(bea, 'GET', '/api/notification-preferences')).json();
    expect(adminView).toEqual({
      staff: {
        new_enrolment: 'daily_digest',
        failed_instalment: 'immediately',
        dispute: 'immediately',
        document_expired: 'daily_digest',
        certification_lapsing: 'daily_digest',
        assistant_unanswered: 'daily_digest',
        low_stock: 'daily_digest',
      },
      trainer: null,
      digestTime: '7:00 AM Central time',
    });
    await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia');
    const trainerView = (
      await call(await signIn(app, 'maria@example.com'), 'GET', '/api/notification-preferences')
    ).json();
    expect(trainerView.staff).toBeNull();
    expect(trainerView.trainer).toEqual({
      class_registrations: 'immediately',
      class_cancellations: 'immediately',
      reminders: 'immediately',
    });
  });

  it('saves only the kinds sent, for the caller alone', async () => {
    const saved = await call(bea, 'PUT', '/api/notification-preferences', {
      staff: { new_enrolment: 'immediately', low_stock: 'off' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().staff).toMatchObject({
      new_enrolment: 'immediately',
      low_stock: 'off',
      dispute: 'immediately',
    });
    await call(bea, 'PUT', '/api/notification-preferences', { staff: { low_stock: 'daily_digest' } });
    const again = (await call(bea, 'GET', '/api/notification-preferences')).json();
    expect(again.staff).toMatchObject({ new_enrolment: 'immediately', low_stock: 'daily_digest' });
    expect((await call(dee, 'GET', '/api/notification-preferences')).json().staff.new_enrolment).toBe(
      'daily_digest',
    );
  });

  it('refuses a choice a kind cannot have, unknown kinds, parts of another role, and visitors', async () => {
    const bad = [
      { staff: { new_enrolment: 'weekly' } },
      { staff: { birthdays: 'off' } },
      { staff: { dispute: 'off' }, extra: true },
    ];
    for (const payload of bad)
      expect((await call(bea, 'PUT', '/api/notification-preferences', payload)).statusCode).toBe(400);
    await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia');
    const maria = await signIn(app, 'maria@example.com');
    // Trainers have no digest.
    expect(
      (await call(maria, 'PUT', '/api/notification-preferences', { trainer: { reminders: 'daily_digest' } }))
        .statusCode,
    ).toBe(400);
    const staffPart = await call(maria, 'PUT', '/api/notification-preferences', {
      staff: { dispute: 'off' },
    });
    expect(staffPart.statusCode).toBe(403);
    expect(
      (await call(bea, 'PUT', '/api/notification-preferences', { trainer: { reminders: 'off' } })).statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', '/api/notification-preferences')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/api/notification-preferences', { staff: {} })).statusCode).toBe(401);
  });
});

describe('the admin area told of payments, each as they chose', () => {
  it('sends a failed instalment at once, keeps it for the digest, or not at all; a new enrolment waits for the digest', async () => {
    await call(sam, 'PUT', '/api/notification-preferences', { staff: { failed_instalment: 'off' } });
    await call(dee, 'PUT', '/api/notification-preferences', { staff: { failed_instalment: 'daily_digest' } });
    const { trainerId } = await enrolAndPay('nora@example.com', 'Nora Quinn');
    const bill = await call(bea, 'POST', '/api/test-provider/instalments/bill-now', { trainerId });
    expect(bill.json()).toEqual({ instalment: 2 });

    expect(await subjectsTo('bea@example.com')).toEqual(['Instalment failed: Nora Quinn']);
    expect((await latestMailTo(app, 'bea@example.com'))?.textBody).toContain(
      `Open the trainer: http://localhost:3000/admin/trainers/${trainerId}`,
    );
    expect(await subjectsTo('sam@example.com')).toEqual([]);
    expect(await subjectsTo('dee@example.com')).toEqual([]);
    expect((await waiting('bea@example.com')).map((i) => i.kind)).toEqual(['new_enrolment']);
    expect((await waiting('sam@example.com')).map((i) => i.kind)).toEqual(['new_enrolment']);
    expect(await waiting('dee@example.com')).toEqual([
      { kind: 'new_enrolment', subject: 'New enrolment: Nora Quinn', sentAt: null },
      { kind: 'failed_instalment', subject: 'Instalment failed: Nora Quinn', sentAt: null },
    ]);
  });

  it('tells of a dispute at once by default', async () => {
    await enrolAndPay('nora@example.com', 'Nora Quinn');
    const enrolment = await app.db.selectFrom('enrolments').select('publicId').executeTakeFirstOrThrow();
    const event = {
      id: 'evt_dispute_1',
      type: 'charge.dispute.created',
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        object: {
          id: 'dp_1',
          charge: 'ch_1',
          amount: PLANS.flex.amountCents,
          currency: 'usd',
          reason: 'fraudulent',
          metadata: { enrolmentId: enrolment.publicId },
        },
      },
    };
    const payload = JSON.stringify(event);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signTestEvent(payload, testWebhookSecret(app.config), clock.now().getTime()),
      },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const email of ['bea@example.com', 'sam@example.com', 'dee@example.com']) {
      expect(await subjectsTo(email)).toEqual(['Dispute opened: Nora Quinn']);
    }
    expect((await latestMailTo(app, 'sam@example.com'))?.textBody).toContain(
      `disputed a payment of ${formatUsd(PLANS.flex.amountCents)} (fraudulent). Their certification is suspended`,
    );
  });
});

describe('the daily digest, on the app clock', () => {
  it('goes the next morning, once, with every notice of the day, and not again', async () => {
    await call(dee, 'PUT', '/api/notification-preferences', { staff: { failed_instalment: 'daily_digest' } });
    const { trainerId } = await enrolAndPay('nora@example.com', 'Nora Quinn');
    await call(bea, 'POST', '/api/test-provider/instalments/bill-now', { trainerId });
    const digests = async (email: string) =>
      (await subjectsTo(email)).filter((s) => s.includes('daily digest'));

    // Later the same day: the notices are from after this morning's digest time, so they wait.
    clock.set('2026-01-05T22:00:00Z');
    expect(await sendDailyDigests(deps, clock.now())).toEqual({ people: 0, items: 0 });

    // Tuesday 7:30 AM Central: one digest each.
    clock.set('2026-01-06T13:30:00Z');
    expect(await sendDailyDigests(deps, clock.now())).toEqual({ people: 3, items: 4 });
    expect(await digests('dee@example.com')).toEqual(['Your Soul Punch daily digest: 2 notices']);
    expect(await digests('sam@example.com')).toEqual(['Your Soul Punch daily digest: 1 notice']);
    const mail = await latestMailTo(app, 'dee@example.com');
    expect(mail?.textBody).toContain('New enrolment (1)\n- New enrolment: Nora Quinn:');
    expect(mail?.textBody).toContain('Failed instalment (1)\n- Instalment failed: Nora Quinn:');
    expect(mail?.textBody).toContain('http://localhost:3000/admin/settings');
    expect((await waiting('dee@example.com')).every((i) => i.sentAt !== null)).toBe(true);

    // Later rounds that day, and the next day, find nothing new: no second digest.
    clock.set('2026-01-06T14:30:00Z');
    expect(await sendDailyDigests(deps, clock.now())).toEqual({ people: 0, items: 0 });
    clock.set('2026-01-07T13:30:00Z');
    expect(await sendDailyDigests(deps, clock.now())).toEqual({ people: 0, items: 0 });
    expect(await digests('dee@example.com')).toHaveLength(1);
  });

  it('loses nothing when the mail server refuses the digest: the mail queue sends it later, and only it', async () => {
    const { trainerId } = await enrolAndPay('nora@example.com', 'Nora Quinn');
    expect(trainerId).toBeGreaterThan(0);
    const send = app.mailer.send.bind(app.mailer);
    app.mailer.send = async (message: MailMessage) => {
      if (message.to === 'bea@example.com') throw new Error('451 4.3.0 try again later');
      return send(message);
    };
    try {
      clock.set('2026-01-06T13:30:00Z');
      expect((await sendDailyDigests(deps, clock.now())).people).toBe(3);
    } finally {
      app.mailer.send = send;
    }
    const queued = await app.db
      .selectFrom('mailQueue')
      .select(['subject', 'sentAt', 'lastError'])
      .where('toAddress', '=', 'bea@example.com')
      .execute();
    expect(queued).toEqual([
      {
        subject: 'Your Soul Punch daily digest: 1 notice',
        sentAt: null,
        lastError: '451 4.3.0 try again later',
      },
    ]);
    expect(await subjectsTo('bea@example.com')).toEqual([]);
    // The next digest round queues nothing more; the mail round delivers the one waiting.
    clock.advance(2 * 60 * 60 * 1000);
    expect(await sendDailyDigests(deps, clock.now())).toEqual({ people: 0, items: 0 });
    await deliverQueuedMail(deps, clock.now());
    expect(await subjectsTo('bea@example.com')).toEqual(['Your Soul Punch daily digest: 1 notice']);
  });

  it('sends nothing to someone who left the admin area, and drops what waited for them', async () => {
    await enrolAndPay('nora@example.com', 'Nora Quinn');
    expect(await waiting('sam@example.com')).toHaveLength(1);
    await call(bea, 'POST', '/api/admin/staff', { email: 'other@example.com' });
    const removed = await app.inject(
      withCookie(bea, { method: 'DELETE', url: '/api/admin/staff/sam%40example.com' }),
    );
    expect(removed.statusCode).toBe(204);
    clock.set('2026-01-06T13:30:00Z');
    await sendDailyDigests(deps, clock.now());
    expect((await subjectsTo('sam@example.com')).filter((s) => s.includes('digest'))).toEqual([]);
    expect(await waiting('sam@example.com')).toEqual([]);
  });
});

describe('the other events of the admin area', () => {
  beforeEach(async () => {
    await call(bea, 'PUT', '/api/notification-preferences', {
      staff: {
        assistant_unanswered: 'immediately',
        document_expired: 'immediately',
        certification_lapsing: 'immediately',
      },
    });
  });

  it('an unanswered assistant question, an expired document and a lapsing certification', async () => {
    const { trainerId } = (await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia')) as {
      trainerId: number;
    };
    const maria = await signIn(app, 'maria@example.com');
    const asked = await call(maria, 'POST', '/api/chatbot', { question: 'Can I teach kids under 12?' });
    expect(asked.json().answered).toBe(false);
    expect(await subjectsTo('bea@example.com')).toEqual(['Unanswered assistant question from Maria Garcia']);
    expect((await latestMailTo(app, 'bea@example.com'))?.textBody).toContain(
      'asked: "Can I teach kids under 12?"',
    );
    expect((await waiting('dee@example.com')).map((i) => i.kind)).toEqual(['assistant_unanswered']);

    await createRequiredDocuments(deps, trainerId);
    clock.advanceDays(app.config.documentExpiryDays + 1);
    expect((await runDocumentSchedule(deps, clock.now())).expired).toBe(3);
    const expired = (await subjectsTo('bea@example.com')).filter((s) => s.startsWith('Document expired'));
    expect(expired).toHaveLength(3);
    expect(expired).toContain('Document expired: Liability Waiver for Maria Garcia');

    // A certificate 30 days from its expiry: the trainer's reminder and the admin area's notice, once.
    await app.db.deleteFrom('certificationRecords').where('trainerId', '=', trainerId).execute();
    await certifyForTest(
      app,
      trainerId,
      new Date(clock.now().getTime() + 20 * DAY_MS).toISOString().slice(0, 10),
    );
    await runCertificationRound(deps, clock.now());
    await runCertificationRound(deps, clock.now());
    const lapsing = (await subjectsTo('bea@example.com')).filter((s) =>
      s.startsWith('Certification lapsing'),
    );
    expect(lapsing).toEqual(['Certification lapsing in 30 days: Maria Garcia']);
  });
});

describe("a trainer's own notices", () => {
  let maria: string;
  let classId: number;
  beforeEach(async () => {
    const { trainerId } = await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia');
    maria = await signIn(app, 'maria@example.com');
    const created = await call(maria, 'POST', `/api/trainers/${trainerId}/classes`, {
      title: 'Street Safety Basics',
      date: '2026-02-10',
      startTime: '18:00',
      location: 'YMCA, Tulsa, OK',
      timeZone: 'America/Chicago',
      capacity: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    classId = created.json().id;
  });

  const register = (name: string, email: string) =>
    app.inject({ method: 'POST', url: `/api/classes/${classId}/registrations`, payload: { name, email } });

  it('hears of each registration and cancellation, unless turned off', async () => {
    expect((await register('Riley Reyes', 'riley@example.com')).statusCode).toBe(201);
    expect((await register('Wes Wait', 'wes@example.com')).statusCode).toBe(201);
    expect(await subjectsTo('maria@example.com')).toEqual([
      'New registration: Street Safety Basics',
      'New on the waitlist: Street Safety Basics',
    ]);
    expect((await latestMailTo(app, 'maria@example.com'))?.textBody).toContain(
      'Wes Wait <wes@example.com> joined the waitlist of "Street Safety Basics"',
    );
    const token = (await latestMailTo(app, 'riley@example.com'))?.textBody.match(/\?cancel=([\w-]+)/)?.[1];
    expect(
      (await app.inject({ method: 'POST', url: '/api/registrations/cancel', payload: { token } })).statusCode,
    ).toBe(200);
    const cancelled = await latestMailTo(app, 'maria@example.com');
    expect(cancelled?.subject).toBe('Registration cancelled: Street Safety Basics');
    expect(cancelled?.textBody).toContain(
      'Wes Wait <wes@example.com> was first on the waitlist and takes the place.',
    );

    const off = await call(maria, 'PUT', '/api/notification-preferences', {
      trainer: { class_registrations: 'off', class_cancellations: 'off' },
    });
    expect(off.json().trainer).toMatchObject({ class_registrations: 'off', class_cancellations: 'off' });
    expect((await register('Kai Late', 'kai@example.com')).statusCode).toBe(201);
    expect(await subjectsTo('maria@example.com')).toHaveLength(3);
  });

  it('is not reminded of a consultation when reminders are off (the host still is)', async () => {
    const day = '2026-01-06';
    const slots = await call(bea, 'POST', '/api/admin/calendar/slots', {
      date: day,
      startTime: '10:00',
      timeZone: 'America/Chicago',
      minutes: 30,
      count: 2,
    });
    expect(slots.statusCode, slots.body).toBe(201);
    const [first, second] = slots.json() as Array<{ id: number }>;
    const booked = await call(maria, 'POST', `/api/calendar/slots/${first?.id}/booking`);
    expect(booked.statusCode, booked.body).toBe(201);
    const reminders = async (email: string) =>
      (await subjectsTo(email)).filter((s) => s.startsWith('Reminder'));
    // The day before (the reminder's window).
    clock.set('2026-01-05T18:00:00Z');
    await sendConsultationReminders(deps, clock.now());
    expect(await reminders('maria@example.com')).toEqual(['Reminder: consultation with Bea Boss']);
    expect(await reminders('bea@example.com')).toHaveLength(1);

    await call(maria, 'PUT', '/api/notification-preferences', { trainer: { reminders: 'off' } });
    await call(maria, 'POST', `/api/calendar/bookings/${booked.json().id}/cancel`);
    const again = await call(maria, 'POST', `/api/calendar/slots/${second?.id}/booking`);
    expect(again.statusCode, again.body).toBe(201);
    await sendConsultationReminders(deps, clock.now());
    expect(await reminders('maria@example.com')).toHaveLength(1);
    expect(await reminders('bea@example.com')).toHaveLength(2);
  });
});
