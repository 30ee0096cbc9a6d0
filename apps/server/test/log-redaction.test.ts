import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../src/lib/clock';
import { createOutboxMailer } from '../src/modules/mail/mailer';
import { redactUrl } from '../src/plugins/web-app';
import {
  buildTestApp,
  createUser,
  latestMailTo,
  nextTestIp,
  signIn,
  type TestApp,
  tokenFromMail,
  withCookie,
} from './helper';

// Issue 22, finding 4: a production server without SMTP logged every e-mail's text, sign-in links included (a
// token from the log signed in as an admin), and class cancel links went into the request log.

describe('redactUrl', () => {
  it('hides every secret-bearing query parameter and keeps the rest', () => {
    expect(redactUrl('/auth/confirm?token=abc123')).toBe('/auth/confirm?token=[redacted]');
    expect(redactUrl('/public/class/7?cancel=abc123')).toBe('/public/class/7?cancel=[redacted]');
    expect(redactUrl('/x?limit=12&Token=abc&q=kim&code=999111&offset=0')).toBe(
      '/x?limit=12&Token=[redacted]&q=kim&code=[redacted]&offset=0',
    );
    for (const name of [
      'session_id',
      'email_token',
      'confirmToken',
      'secret',
      'api_key',
      'signature',
      'sig',
    ]) {
      expect(redactUrl(`/x?${name}=s3cr3t`), name).toBe(`/x?${name}=[redacted]`);
    }
    // A name spelled with percent-encoding is the same name to the router and the page.
    expect(redactUrl('/auth/confirm?%74oken=abc123')).toBe('/auth/confirm?%74oken=[redacted]');
    expect(redactUrl('/auth/confirm?a=1&&token=abc&token=def')).toBe(
      '/auth/confirm?a=1&&token=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/auth/confirm?token=')).toBe('/auth/confirm?token=[redacted]');
  });

  it("hides the e-mail and name a page form's outcome carries back to its page", () => {
    expect(redactUrl('/trainer-portal/login?sent=ana%40example.com')).toBe(
      '/trainer-portal/login?sent=[redacted]',
    );
    expect(redactUrl('/public/class/7?name=Ana+Lee&email=ana%40example.com&error=already_registered')).toBe(
      '/public/class/7?name=[redacted]&email=[redacted]&error=already_registered',
    );
  });

  it('leaves addresses without secrets as they are', () => {
    for (const url of [
      '/api/public-trainers?limit=12&offset=24',
      '/verify?id=42',
      '/api/classes?location=Tulsa%2C%20OK&near=',
      '/trainer/5',
      '/tokens/list',
      '/x?token',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('finds the links inside a message that quotes them', () => {
    expect(
      redactUrl(
        'render failed for http://app/public/class/3?cancel=abc&x=1: boom; see /auth/confirm?token=def.',
      ),
    ).toBe(
      'render failed for http://app/public/class/3?cancel=[redacted]&x=1: boom; see /auth/confirm?token=[redacted]',
    );
    expect(redactUrl('"https://soulpunch.example/auth/confirm?token=abc"')).toBe(
      '"https://soulpunch.example/auth/confirm?token=[redacted]"',
    );
  });
});

/** A pino destination that keeps every line, for reading what a server would have logged. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n'), entries: () => lines.map((l) => JSON.parse(l)) };
}

describe('logs with the outbox in test mode', () => {
  const log = logCapture();
  let t: TestApp;
  const failure = 'x'.repeat(24);

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      (app) => {
        // A failure whose text quotes an address with a token, as a renderer's error may.
        app.get('/api/test-probe/fail', { config: { access: 'public' } }, async () => {
          throw new Error(`could not render http://app/auth/confirm?token=${failure}&next=1`);
        });
      },
      { logger: { level: 'info', stream: log.stream } },
    );
  });
  afterAll(async () => t.close());

  it('never writes a sign-in token, cancel token or mail text', async () => {
    const { app } = t;
    await createUser(app, 'kim@example.com', ['admin', 'trainer']);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'kim@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(asked.statusCode).toBe(202);
    const mail = await latestMailTo(app, 'kim@example.com');
    const token = tokenFromMail(mail?.textBody ?? '');
    // The link opened, then its button spends the token.
    await app.inject({ method: 'GET', url: `/auth/confirm?token=${token}` });
    await app.inject({ method: 'GET', url: `/auth/confirm?%74oken=${token}` });
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
    expect(verified.statusCode).toBe(200);

    // A class registration mails a cancel link; the page it opens and the cancel itself.
    const kim = await signIn(app, 'kim@example.com');
    const trainerId = (await app.inject(withCookie(kim, { method: 'GET', url: '/api/auth/session' }))).json()
      .user.trainerId;
    const created = await app.inject(
      withCookie(kim, {
        method: 'POST',
        url: `/api/trainers/${trainerId}/classes`,
        payload: {
          title: 'Basic Self-Defense',
          date: new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10),
          startTime: '14:00',
          location: 'YMCA, Tulsa, OK',
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const classId = created.json().id;
    const registered = await app.inject({
      method: 'POST',
      url: `/api/classes/${classId}/registrations`,
      payload: { name: 'Sam Keen', email: 'sam@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const confirmation = await latestMailTo(app, 'sam@example.com');
    const cancel = decodeURIComponent(/[?&]cancel=([^\s&]+)/.exec(confirmation?.textBody ?? '')?.[1] ?? '');
    expect(cancel.length).toBeGreaterThan(20);
    await app.inject({ method: 'GET', url: `/public/class/${classId}?cancel=${encodeURIComponent(cancel)}` });
    const cancelled = await app.inject({
      method: 'POST',
      url: '/api/registrations/cancel',
      payload: { token: cancel },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect((await app.inject({ method: 'GET', url: '/api/test-probe/fail' })).statusCode).toBe(500);

    const text = log.text();
    // Something was logged for each of these requests (the capture works), with the secrets replaced.
    expect(text).toContain('/auth/confirm?token=[redacted]');
    expect(text).toContain(`/public/class/${classId}?cancel=[redacted]`);
    expect(text).toContain('could not render http://app/auth/confirm?token=[redacted]&next=1');
    for (const secret of [token, encodeURIComponent(cancel), cancel, failure])
      expect(text).not.toContain(secret);

    const outboxLines = log.entries().filter((entry) => entry.msg === 'e-mail kept in outbox');
    // Kim's sign-in links, Sam's confirmation and cancellation, and Kim (the trainer) told of both.
    expect(outboxLines.map((entry) => entry.mail)).toEqual([
      { to: 'kim@example.com', subject: expect.any(String) },
      { to: 'kim@example.com', subject: expect.any(String) },
      { to: 'sam@example.com', subject: expect.any(String) },
      { to: 'kim@example.com', subject: 'New registration: Basic Self-Defense' },
      { to: 'sam@example.com', subject: expect.any(String) },
      { to: 'kim@example.com', subject: 'Registration cancelled: Basic Self-Defense' },
    ]);
  });
});

describe('the outbox mailer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const logged = async (env: 'development' | 'test' | 'production') => {
    const entries: unknown[] = [];
    const log = { info: (entry: unknown) => entries.push(entry) } as unknown as FastifyBaseLogger;
    await createOutboxMailer(t.app.db, log, env).send({
      to: 'kim@example.com',
      subject: 'Your sign-in link',
      text: 'Sign in: http://localhost:3000/auth/confirm?token=abc',
      html: '<a href="http://localhost:3000/auth/confirm?token=abc">Sign in</a>',
    });
    return entries;
  };

  it('logs the text, link included, in development only (the README tells developers to look there)', async () => {
    expect(await logged('development')).toEqual([
      {
        mail: {
          to: 'kim@example.com',
          subject: 'Your sign-in link',
          text: 'Sign in: http://localhost:3000/auth/confirm?token=abc',
        },
      },
    ]);
    for (const env of ['test', 'production'] as const) {
      expect(await logged(env), env).toEqual([
        { mail: { to: 'kim@example.com', subject: 'Your sign-in link' } },
      ]);
    }
    // The outbox itself keeps every message whole, for the mailbox page and for tests.
    const kept = await t.app.db.selectFrom('outboxMessages').select('textBody').execute();
    expect(kept.map((m) => m.textBody)).toEqual(
      Array(3).fill('Sign in: http://localhost:3000/auth/confirm?token=abc'),
    );
  });
});
