import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countRequestsInFlight } from '../src/lib/requests-in-flight';
import { buildTestApp, createUser, signIn, type TestApp, withCookie } from './helper';
import { initHooks } from './init-hooks';
import { comparable, rawRequest } from './raw-http';

/**
 * The public answers' fast path (modules/directory/fast-path.ts): an address the routes have answered is sent
 * again from the cached bytes before routing, with the very status, headers and body the routes send, and nothing
 * else takes it (another spelling, a signed-in person, a write).
 */
let t: TestApp;
let port = 0;
let amyId = 0;
let amy = '';
let classId = 0;
/** Async hooks on before the app was built (the test runner's own, if any). */
const hooksBefore = initHooks();
/** The request log: the fast path logs each answer it sends, the routes theirs. */
const logLines: string[] = [];
/** Answers sent before routing, so far. */
const fastAnswers = () => logLines.filter((line) => line.includes('from the public answers')).length;

beforeAll(async () => {
  t = await buildTestApp({}, undefined, {
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  amyId = (await createUser(t.app, 'amy@example.com', ['trainer'], 'Amy Brown')).trainerId as number;
  amy = await signIn(t.app, 'amy@example.com');
  const saved = await t.app.inject(
    withCookie(amy, { method: 'POST', url: `/api/trainer-profile/${amyId}`, payload: { city: 'Denver' } }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const created = await t.app.inject(
    withCookie(amy, {
      method: 'POST',
      url: `/api/trainers/${amyId}/classes`,
      payload: {
        title: 'Basic Self-Defense',
        date: '2099-05-01',
        startTime: '10:00',
        location: 'Denver, CO',
      },
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  classId = created.json().id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.app.publicDirectoryCache.whenSettled();
  t.app.publicDirectoryCache.clear();
});

/** Sends the request twice: the routes answer the first (nothing kept), the fast path the second. */
async function bothPaths(
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
) {
  const before = fastAnswers();
  const full = await rawRequest(port, target, options);
  expect(fastAnswers(), `${target}: the first request goes through the routes`).toBe(before);
  const fast = await rawRequest(port, target, options);
  expect(fastAnswers(), `${target}: the second is sent before routing`).toBe(before + 1);
  return { full, fast };
}

describe('the fast path sends what the routes send', () => {
  const addresses = () => [
    '/api/public-trainers?limit=2',
    '/api/public-trainers',
    `/api/public-trainers/${amyId}`,
    '/api/public-trainers/states',
    '/api/public-trainers/markers?state=CO',
    '/api/classes',
    `/api/classes/${classId}`,
    '/api/calendar/classes.ics',
    `/api/calendar/classes/${classId}.ics`,
    `/api/calendar/trainers/${amyId}.ics`,
  ];

  it('the same status, headers (names, case, order, values) and bytes, in each encoding', async () => {
    for (const target of addresses()) {
      for (const encoding of [undefined, 'gzip', 'gzip, deflate, br', 'br;q=0, gzip;q=0']) {
        t.app.publicDirectoryCache.clear();
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const { full, fast } = await bothPaths(target, { headers });
        expect(full.status, target).toBe(200);
        expect(comparable(fast), `${target} ${encoding}`).toEqual(comparable(full));
      }
    }
  });

  it('the same 304 to a client holding the current copy, and the same HEAD answer without a body', async () => {
    for (const target of addresses()) {
      const etag = String((await t.app.inject({ method: 'GET', url: target })).headers.etag);
      t.app.publicDirectoryCache.clear();
      const held = await bothPaths(target, { headers: { 'if-none-match': etag } });
      expect(held.full.status, target).toBe(304);
      expect(comparable(held.fast), target).toEqual(comparable(held.full));

      t.app.publicDirectoryCache.clear();
      const head = await bothPaths(target, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      expect(head.fast.body.length, target).toBe(0);
      expect(comparable(head.fast), target).toEqual(comparable(head.full));
    }
  });

  it('every security header of the routes, and a request id of its own each time', async () => {
    const { full, fast } = await bothPaths('/api/classes');
    const named = (answer: typeof full, name: string) =>
      answer.rawHeaders[answer.rawHeaders.findIndex((h) => h.toLowerCase() === name) + 1];
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'permissions-policy',
      'referrer-policy',
    ]) {
      expect(named(fast, name), name).toBeTruthy();
    }
    expect(named(fast, 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(named(fast, 'x-request-id')).not.toBe(named(full, 'x-request-id'));
  });
});

describe('only the exact address the routes answered takes the fast path', () => {
  it('another spelling goes through the routes, which refuse it or answer it as they always did', async () => {
    await bothPaths('/api/public-trainers?limit=2');
    const spellings: [string, number][] = [
      ['/api//public-trainers?limit=2', 400],
      ['/api/public-trainer%73?limit=2', 400],
      ['/api/./public-trainers?limit=2', 400],
      ['/API/public-trainers?limit=2', 404],
      ['/api/public-trainers/?limit=2', 400],
      // An absolute-form target means the same address: the routes answer it.
      [`http://127.0.0.1:${port}/api/public-trainers?limit=2`, 200],
    ];
    for (const [target, status] of spellings) {
      const before = fastAnswers();
      const res = await rawRequest(port, target);
      expect(res.status, target).toBe(status);
      expect(fastAnswers(), target).toBe(before);
    }
    // And the absolute form is never remembered under its own spelling.
    expect(t.app.publicDirectoryCache.atAddress(`http://127.0.0.1:${port}/api/public-trainers?limit=2`)).toBe(
      undefined,
    );
  });

  it('a signed-in person goes through the routes (their session is checked), and so does a write', async () => {
    await bothPaths('/api/classes');
    const before = fastAnswers();
    const signedIn = await rawRequest(port, '/api/classes', { headers: { cookie: amy } });
    expect(signedIn.status).toBe(200);
    const write = await rawRequest(port, '/api/classes', { method: 'POST', headers: { origin: 'http://x' } });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(fastAnswers()).toBe(before);
  });

  it('leaves no async hook on once the answers are built: each would cost every request', async () => {
    await bothPaths('/api/public-trainers/states');
    await bothPaths(`/api/calendar/trainers/${amyId}.ics`);
    // Pages too: a visitor's, kept with the answers, and a signed-in person's, rendered for the request.
    expect((await t.app.inject({ url: '/find-trainer' })).statusCode).toBe(200);
    expect((await t.app.inject(withCookie(amy, { url: '/trainer-portal/dashboard' }))).statusCode).toBe(200);
    await t.app.publicDirectoryCache.whenSettled();
    expect(initHooks()).toBe(hooksBefore);
  });

  it('is counted in flight for a graceful stop, and stops when the process does', async () => {
    let ticks = 0;
    const inFlight = countRequestsInFlight(t.app.server, () => ++ticks);
    await bothPaths('/api/public-trainers/states');
    const lastActive = inFlight.lastActive;
    const before = fastAnswers();
    await rawRequest(port, '/api/public-trainers/states');
    expect(fastAnswers()).toBe(before + 1);
    expect(inFlight.lastActive).toBeGreaterThan(lastActive);
    expect(inFlight.count).toBe(0);

    t.app.publicFastPath.stop();
    await rawRequest(port, '/api/public-trainers/states');
    expect(fastAnswers()).toBe(before + 1);
  });
});
