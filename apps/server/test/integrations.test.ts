import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandedMailer, type MailMessage } from '../src/modules/mail/mailer';
import { signTestEvent, testWebhookSecret } from '../src/modules/payments/providers';
import { buildTestApp, createUser, latestMailTo, signIn, type TestApp, withCookie } from './helper';

/** Settings > Integrations (issue 27): each provider's state from the app's own records. */
let t: TestApp;
let app: FastifyInstance;
let admin: string;
let staff: string;
let trainer: string;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  await createUser(app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(app, 'sam@example.com', ['staff'], 'Sam Staff');
  await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia');
  admin = await signIn(app, 'boss@example.com');
  staff = await signIn(app, 'sam@example.com');
  trainer = await signIn(app, 'maria@example.com');
}, 120_000);
afterAll(() => t.close());

const call = (cookie: string | null, method: 'GET' | 'POST', url: string) =>
  app.inject(
    cookie
      ? withCookie(cookie, { method, url })
      : { method, url, headers: { origin: 'http://localhost:3000' } },
  );

const webhook = (event: object) => {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signTestEvent(payload, testWebhookSecret(app.config), Date.now()),
    },
    payload,
  });
};

describe('integrations status', () => {
  it("shows the payment provider's mode and its last webhook with the result", async () => {
    const before = (await call(staff, 'GET', '/api/admin/integrations')).json();
    expect(before.payments).toEqual({ provider: 'test', mode: 'test', lastWebhook: null, failedLastWeek: 0 });
    // A delivery the app cannot match: recorded as failed, with the reason.
    const res = await webhook({
      id: 'evt_unmatched',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'in_x', customer: 'cus_nobody', amount_paid: 100, currency: 'usd' } },
    });
    expect(res.statusCode).toBe(500);
    const after = (await call(staff, 'GET', '/api/admin/integrations')).json();
    expect(after.payments.lastWebhook).toEqual({
      receivedAt: expect.any(String),
      type: 'invoice.paid',
      result: 'failed',
      error: 'no enrolment matches event evt_unmatched',
    });
    expect(after.payments.failedLastWeek).toBe(1);
  });

  it('shows the mailer, its last success and last failure, the disk and its free space, the assistant', async () => {
    const body = (await call(admin, 'GET', '/api/admin/integrations')).json();
    expect(body.mail).toMatchObject({
      transport: 'outbox',
      from: 'Soul Punch <no-reply@soulpunch.example>',
      lastSentAt: expect.any(String),
      waiting: 0,
    });
    expect(body.storage).toMatchObject({
      kind: 'disk',
      location: path.join(app.config.dataDir, 'uploads'),
      reachable: true,
      problem: null,
    });
    expect(body.storage.freeBytes).toBeGreaterThan(0);
    expect(body.storage.totalBytes).toBeGreaterThanOrEqual(body.storage.freeBytes);
    expect(body.assistant).toEqual({
      configured: false,
      model: null,
      lastAnswerAt: null,
      lastModelAnswerAt: null,
    });
    await app.inject(
      withCookie(trainer, {
        method: 'POST',
        url: '/api/chatbot',
        payload: { question: 'How do I add my Stripe payment link?' },
      }),
    );
    const answered = (await call(admin, 'GET', '/api/admin/integrations')).json();
    expect(Date.parse(answered.assistant.lastAnswerAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(answered.assistant.lastModelAnswerAt).toBeNull();
  });

  it('says when the storage cannot be reached', async () => {
    const storage = path.join(app.config.dataDir, 'uploads');
    rmSync(storage, { recursive: true, force: true });
    // A file where the uploads folder should be: the check cannot use it.
    writeFileSync(storage, 'not a folder');
    try {
      const body = (await call(admin, 'GET', '/api/admin/integrations')).json();
      expect(body.storage).toMatchObject({ reachable: false, freeBytes: null, location: storage });
      expect(body.storage.problem).toMatch(/EEXIST|ENOTDIR/);
    } finally {
      rmSync(storage, { force: true });
    }
  });

  it('sends a test e-mail to the administrator asking and says what the mail server answered', async () => {
    const sent = await call(admin, 'POST', '/api/admin/integrations/mail/test');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sentTo: 'boss@example.com', delivered: true, error: null });
    expect((await latestMailTo(app, 'boss@example.com'))?.subject).toBe('Soul Punch test e-mail');

    const send = app.mailer.send.bind(app.mailer);
    app.mailer.send = async (message: MailMessage) => {
      if (message.subject.endsWith('test e-mail')) throw new Error('535 5.7.8 authentication failed');
      return send(message);
    };
    try {
      const refused = (await call(admin, 'POST', '/api/admin/integrations/mail/test')).json();
      expect(refused).toEqual({
        sentTo: 'boss@example.com',
        delivered: false,
        error: '535 5.7.8 authentication failed',
      });
    } finally {
      app.mailer.send = send;
    }
  });

  it('records a refusal of the real mailer for the card', async () => {
    // Through the app's mailer itself (branded, recording what it did), a mail server refusing.
    const refusing = brandedMailer(
      {
        kind: 'smtp',
        send: async () => Promise.reject(new Error('550 relay denied')),
        close: async () => {},
      },
      app.db,
      app.config.appUrl,
    );
    await expect(
      refusing.send({ to: 'a@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' }),
    ).rejects.toThrow('550 relay denied');
    const body = (await call(admin, 'GET', '/api/admin/integrations')).json();
    expect(body.mail.lastFailure).toEqual({
      at: expect.any(String),
      error: '550 relay denied',
      subject: 'Hello',
    });
  });

  it('is read by the admin area; the test e-mail is for administrators; nobody else', async () => {
    expect((await call(staff, 'GET', '/api/admin/integrations')).statusCode).toBe(200);
    const byStaff = await call(staff, 'POST', '/api/admin/integrations/mail/test');
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.code).toBe('read_only');
    expect((await call(trainer, 'GET', '/api/admin/integrations')).statusCode).toBe(403);
    expect((await call(trainer, 'POST', '/api/admin/integrations/mail/test')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/integrations')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/admin/integrations/mail/test')).statusCode).toBe(401);
  });

  it('limits the test e-mail to 5 in 10 minutes per person', async () => {
    let last = 200;
    for (let i = 0; i < 6; i++)
      last = (await call(admin, 'POST', '/api/admin/integrations/mail/test')).statusCode;
    expect(last).toBe(429);
  });
});
