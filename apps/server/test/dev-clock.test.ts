import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp, withCookie } from './helper';

/**
 * The development clock (issue 27): the browser tests move the app's time forward to see a digest arrive the next
 * day, then put it back. Development only (never test or production), outbox mail, this machine only.
 */
const HOUR_MS = 3_600_000;

describe('in development, from this machine', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({ env: 'development' });
    app = t.app;
  }, 120_000);
  afterAll(() => t.close());

  const move = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload,
      headers: { origin: 'http://localhost:3000', ...headers },
    });

  it("moves the app's time forward, runs the work asked for at that time, and puts the time back", async () => {
    await createUser(app, 'bea@example.com', ['admin'], 'Bea Boss');
    await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia');
    const maria = await signIn(app, 'maria@example.com');
    // An unanswered question: a notice for tomorrow's digest.
    await app.inject(
      withCookie(maria, {
        method: 'POST',
        url: '/api/chatbot',
        payload: { question: 'Can I teach kids under 12?' },
      }),
    );
    const before = Date.now();
    const moved = await move({
      advanceHours: 30,
      runJobs: ['notifications:daily-digest', 'mail:deliver-queue'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const answer = moved.json();
    expect(answer.offsetHours).toBe(30);
    expect(answer.ran).toEqual(['mail:deliver-queue', 'notifications:daily-digest']);
    expect(Date.parse(answer.now) - before).toBeGreaterThanOrEqual(30 * HOUR_MS - 1000);
    const digest = await app.db
      .selectFrom('outboxMessages')
      .select('subject')
      .where('toAddress', '=', 'bea@example.com')
      .where('subject', 'like', '%daily digest%')
      .execute();
    expect(digest).toEqual([{ subject: 'Your Soul Punch daily digest: 1 notice' }]);

    // Nothing asked for: the time moves, no work runs.
    expect((await move({ advanceHours: 1, runJobs: [] })).json()).toMatchObject({ offsetHours: 31, ran: [] });
    const reset = (await move({ reset: true, runJobs: [] })).json();
    expect(reset.offsetHours).toBe(0);
    expect(Math.abs(Date.parse(reset.now) - Date.now())).toBeLessThan(5000);
  });

  it('refuses a request forwarded by a proxy, and bad bodies', async () => {
    expect((await move({ advanceHours: 1 }, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await move({ advanceHours: -1 })).statusCode).toBe(400);
    expect((await move({ advanceHours: 24 * 61 })).statusCode).toBe(400);
    expect((await move({ hours: 1 })).statusCode).toBe(400);
  });

  it('refuses another machine', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceHours: 1 },
      remoteAddress: '192.0.2.10',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('outside development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('is not there in the test environment (nor in production, which has no movable clock)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceHours: 1 },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('The development clock is only available in development.');
  });
});
