import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  nextTestIp,
  resetDatabase,
  signIn,
  type TestApp,
  withCookie,
} from './helper';

/**
 * The public answers are dropped by what was written, not by the method of the request (issue 22, finding 12):
 * a sign-in request, a logout or a refused write keeps them; a profile save, a class change, a registration and
 * a suspension drop them before their answer leaves (a client reading right after its write sees it).
 */
let t: TestApp;
let amyId = 0;
let amy = '';
let admin = '';

const LIST = '/api/public-trainers';
const CLASSES = '/api/classes';
const get = (url: string) => t.app.inject({ method: 'GET', url });
const firstNames = async () => (await get(LIST)).json().map((x: { firstName: string }) => x.firstName);

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await resetDatabase(t.app);
  amyId = (await createUser(t.app, 'amy@example.com', ['trainer'], 'Amy Brown')).trainerId as number;
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  amy = await signIn(t.app, 'amy@example.com');
  admin = await signIn(t.app, 'boss@example.com');
  const saved = await t.app.inject(
    withCookie(amy, { method: 'POST', url: `/api/trainer-profile/${amyId}`, payload: { city: 'Denver' } }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
});

/** Fills the cache with the public list and the classes list. */
async function warm() {
  for (const url of [LIST, CLASSES]) expect((await get(url)).statusCode).toBe(200);
  const cache = t.app.publicDirectoryCache;
  expect(cache.atAddress(LIST)).toBeDefined();
  expect(cache.atAddress(CLASSES)).toBeDefined();
  return cache.size;
}

function expectKept(size: number) {
  const cache = t.app.publicDirectoryCache;
  expect(cache.atAddress(LIST)).toBeDefined();
  expect(cache.atAddress(CLASSES)).toBeDefined();
  expect(cache.size).toBe(size);
}

/** Checked right after the write's answer: no waiting for the database's notice to come round. */
function expectDropped() {
  const cache = t.app.publicDirectoryCache;
  expect(cache.atAddress(LIST)).toBeUndefined();
  expect(cache.atAddress(CLASSES)).toBeUndefined();
  expect(cache.size).toBe(0);
}

async function createClass(title: string) {
  const res = await t.app.inject(
    withCookie(amy, {
      method: 'POST',
      url: `/api/trainers/${amyId}/classes`,
      payload: { title, date: '2099-05-01', startTime: '10:00', location: 'Denver, CO' },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

describe('writes that change nothing public keep the cached answers', () => {
  it('a logout, signed in or not', async () => {
    const size = await warm();
    const out = await t.app.inject(withCookie(amy, { method: 'POST', url: '/api/auth/logout' }));
    expect(out.statusCode).toBe(204);
    expectKept(size);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.statusCode).toBe(204);
    expectKept(size);
  });

  it('an anonymous sign-in request, which writes (a link, a rate-limit hit) but nothing public', async () => {
    const size = await warm();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'amy@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(res.statusCode).toBe(202);
    expectKept(size);
  });

  it('a refused anonymous write', async () => {
    const size = await warm();
    const profile = await t.app.inject({
      method: 'POST',
      url: `/api/trainer-profile/${amyId}`,
      headers: { origin: 'http://localhost:3000' },
      payload: { publicBio: 'Defaced' },
    });
    expect(profile.statusCode).toBe(401);
    const badRegistration = await t.app.inject({
      method: 'POST',
      url: '/api/classes/999999/registrations',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Nobody', email: 'nobody@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(badRegistration.statusCode).toBeGreaterThanOrEqual(400);
    expectKept(size);
  });
});

describe('writes that change public data drop the cached answers before they answer', () => {
  it('a profile save', async () => {
    await warm();
    const res = await t.app.inject(
      withCookie(amy, {
        method: 'POST',
        url: `/api/trainer-profile/${amyId}`,
        payload: { publicBio: 'Krav Maga coach' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expectDropped();
    expect((await get(`/api/public-trainers/${amyId}`)).json().publicBio).toBe('Krav Maga coach');
  });

  it('a class created, then changed', async () => {
    await warm();
    const id = await createClass('Basic Self-Defense');
    expectDropped();
    expect((await get(CLASSES)).json().map((c: { title: string }) => c.title)).toEqual([
      'Basic Self-Defense',
    ]);

    await warm();
    const changed = await t.app.inject(
      withCookie(amy, {
        method: 'PUT',
        url: `/api/classes/${id}`,
        payload: { title: 'Street Safety', date: '2099-05-01', startTime: '10:00', location: 'Denver, CO' },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expectDropped();
    expect((await get(CLASSES)).json().map((c: { title: string }) => c.title)).toEqual(['Street Safety']);
  });

  it('an anonymous registration (the places left are public)', async () => {
    const id = await createClass('Basic Self-Defense');
    await warm();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/classes/${id}/registrations`,
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Visitor One', email: 'visitor@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expectDropped();
  });

  it('a suspension (an admin records a refund): the trainer leaves the list at once', async () => {
    const { id: enrolmentId } = await t.app.db
      .insertInto('enrolments')
      .values({
        publicId: randomUUID(),
        cookieHash: randomUUID(),
        fullName: 'Amy Brown',
        email: 'amy@example.com',
        termsAgreedAt: new Date(),
        plan: 'full',
        amountCents: 199_700,
        totalCents: 199_700,
        currency: 'usd',
        status: 'paid',
        provider: 'test',
        trainerId: amyId,
        paidAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: paymentId } = await t.app.db
      .insertInto('payments')
      .values({
        enrolmentId,
        instalment: 1,
        kind: 'payment',
        amountCents: 199_700,
        currency: 'usd',
        dueOn: null,
        status: 'paid',
        paidAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await warm();
    expect(await firstNames()).toEqual(['Amy']);

    const res = await t.app.inject(
      withCookie(admin, {
        method: 'POST',
        url: `/api/trainers/${amyId}/payments/${paymentId}/refund`,
        payload: { reason: 'Asked for her money back' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expectDropped();
    expect(await firstNames()).toEqual([]);
  });
});
