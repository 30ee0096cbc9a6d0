import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  FRESH_WITHIN,
  nextTestIp,
  resetDatabase,
  signIn,
  type TestApp,
  withCookie,
} from './helper';

/**
 * The public answers are made out of date by what was written, not by the method of the request (issue 22,
 * finding 12): a sign-in request, a logout or a refused write keeps them; a profile save, a class change, a
 * registration and a suspension have them rebuilt, and the change shows within 2 s (decision record 0012).
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

/** Fills the cache with the public list and the classes list; the copies kept. */
async function warm() {
  for (const url of [LIST, CLASSES]) expect((await get(url)).statusCode).toBe(200);
  const cache = t.app.publicDirectoryCache;
  await cache.whenSettled();
  const kept = [cache.atAddress(LIST), cache.atAddress(CLASSES)];
  for (const answer of kept) expect(answer).toBeDefined();
  return kept;
}

/** No rebuild was started: the very copies are still sent. */
async function expectKept(kept: unknown[]) {
  const cache = t.app.publicDirectoryCache;
  await cache.whenSettled();
  expect([cache.atAddress(LIST), cache.atAddress(CLASSES)]).toEqual(kept);
  for (const [n, url] of [LIST, CLASSES].entries()) expect(cache.atAddress(url)).toBe(kept[n]);
}

/** Both answers are rebuilt by themselves (no request asks), within the 2 s a change may take to show. */
async function expectRebuilt(kept: unknown[]) {
  const cache = t.app.publicDirectoryCache;
  await expect
    .poll(() => cache.atAddress(LIST) !== kept[0] && cache.atAddress(CLASSES) !== kept[1], FRESH_WITHIN)
    .toBe(true);
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

describe('a writer reads their own change at once', () => {
  it('a write that changed something public sets a 2 s cookie; reads with it get the current answers', async () => {
    const kept = await warm();
    const res = await t.app.inject(
      withCookie(amy, {
        method: 'POST',
        url: `/api/trainer-profile/${amyId}`,
        payload: { publicBio: 'New bio' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const wrote = res.cookies.find((c) => c.name === 'sp_wrote');
    expect(wrote).toMatchObject({ value: '1', maxAge: 2, httpOnly: true, sameSite: 'Lax', path: '/' });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/public-trainers`,
      cookies: { sp_wrote: '1' },
    });
    expect(mine.json().map((x: { publicBio: string }) => x.publicBio)).toEqual(['New bio']);
    await expectRebuilt(kept);
  });

  it('a write that changed nothing public sets none', async () => {
    await warm();
    const out = await t.app.inject(withCookie(amy, { method: 'POST', url: '/api/auth/logout' }));
    expect(out.statusCode).toBe(204);
    expect(out.cookies.map((c) => c.name)).not.toContain('sp_wrote');
  });
});

describe('writes that change nothing public keep the cached answers', () => {
  it('a logout, signed in or not', async () => {
    const kept = await warm();
    const out = await t.app.inject(withCookie(amy, { method: 'POST', url: '/api/auth/logout' }));
    expect(out.statusCode).toBe(204);
    await expectKept(kept);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.statusCode).toBe(204);
    await expectKept(kept);
  });

  it('an anonymous sign-in request, which writes (a link, a rate-limit hit) but nothing public', async () => {
    const kept = await warm();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'amy@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(res.statusCode).toBe(202);
    await expectKept(kept);
  });

  it('a refused anonymous write', async () => {
    const kept = await warm();
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
    await expectKept(kept);
  });
});

describe('writes that change public data have the answers rebuilt: the change shows within 2 s', () => {
  it('a profile save', async () => {
    const kept = await warm();
    const res = await t.app.inject(
      withCookie(amy, {
        method: 'POST',
        url: `/api/trainer-profile/${amyId}`,
        payload: { publicBio: 'Krav Maga coach' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await expectRebuilt(kept);
    await expect
      .poll(async () => (await get(`/api/public-trainers/${amyId}`)).json().publicBio, FRESH_WITHIN)
      .toBe('Krav Maga coach');
  });

  it('a class created, then changed', async () => {
    const kept = await warm();
    const id = await createClass('Basic Self-Defense');
    await expectRebuilt(kept);
    const titles = async () => (await get(CLASSES)).json().map((c: { title: string }) => c.title);
    await expect.poll(titles, FRESH_WITHIN).toEqual(['Basic Self-Defense']);

    const again = await warm();
    const changed = await t.app.inject(
      withCookie(amy, {
        method: 'PUT',
        url: `/api/classes/${id}`,
        payload: { title: 'Street Safety', date: '2099-05-01', startTime: '10:00', location: 'Denver, CO' },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRebuilt(again);
    await expect.poll(titles, FRESH_WITHIN).toEqual(['Street Safety']);
  });

  it("an anonymous registration (the places left are public): the classes answers are rebuilt, the trainers' are not", async () => {
    const id = await createClass('Basic Self-Defense');
    const spotsLeft = async () => (await get(`/api/classes/${id}`)).json().spotsLeft as number;
    const listedSpots = async () =>
      (await get(CLASSES)).json().find((c: { id: number }) => c.id === id)?.spotsLeft as number;
    const before = await spotsLeft();
    expect(await listedSpots()).toBe(before);
    const kept = await warm();
    const cache = t.app.publicDirectoryCache;
    const trainerAnswers = ['/api/public-trainers/markers', '/api/public-trainers/states'];
    for (const url of trainerAnswers) expect((await get(url)).statusCode).toBe(200);
    await cache.whenSettled();
    const keptTrainerAnswers = trainerAnswers.map((url) => cache.atAddress(url));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/classes/${id}/registrations`,
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Visitor One', email: 'visitor@example.com' },
      remoteAddress: nextTestIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(() => cache.atAddress(CLASSES) !== kept[1], FRESH_WITHIN).toBe(true);
    await expect.poll(listedSpots, FRESH_WITHIN).toBe(before - 1);
    await expect.poll(spotsLeft, FRESH_WITHIN).toBe(before - 1);
    await cache.whenSettled();
    // The directory's answers show no places left: the very same copies are still sent.
    expect(cache.atAddress(LIST)).toBe(kept[0]);
    for (const [n, url] of trainerAnswers.entries()) expect(cache.atAddress(url)).toBe(keptTrainerAnswers[n]);
  });

  it('a suspension (an admin records a refund): the trainer leaves the list within 2 s', async () => {
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
    const kept = await warm();
    expect(await firstNames()).toEqual(['Amy']);

    const res = await t.app.inject(
      withCookie(admin, {
        method: 'POST',
        url: `/api/trainers/${amyId}/payments/${paymentId}/refund`,
        payload: { reason: 'Asked for her money back' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await expectRebuilt(kept);
    await expect.poll(firstNames, FRESH_WITHIN).toEqual([]);
  });
});
