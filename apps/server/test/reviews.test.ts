import { REVIEW_LINK_VALID_DAYS, ratingOf } from '@soulpunch/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type ManualClock, manualClock } from '../src/lib/clock';
import { REVIEW_LINK_WINDOW_DAYS, sendReviewLinks } from '../src/modules/reviews/service';
import {
  appDeps,
  buildTestApp,
  FRESH_WITHIN,
  latestMailTo,
  nextTestIp,
  seedCast,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';

// Reviews from people who attended (issue 26, part 6): one link per registration that held its place, sent once
// after the class ends by the app's clock, usable once; the public rating follows the visible reviews.

let t: TestApp;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;
let classId: number;
let classEnd: string;

beforeAll(async () => {
  clock = manualClock(new Date());
  t = await buildTestApp({}, undefined, { clock });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { origin: TEST_APP_URL },
    remoteAddress: nextTestIp(),
  });
const asCaller = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject(withCookie(cookie, { method, url, ...(payload ? { payload } : {}) }));
const runRound = () => sendReviewLinks(appDeps(t.app, clock), clock.now());

async function newClass(daysAhead: number, capacity: number) {
  const res = await asCaller(cast.maria, 'POST', `/api/trainers/${cast.mariaId}/classes`, {
    title: 'Basic Self-Defense',
    date: new Date(clock.now().getTime() + daysAhead * DAY_MS).toISOString().slice(0, 10),
    startTime: '14:00',
    location: 'YMCA, Tulsa, OK',
    timeZone: 'America/Chicago',
    capacity,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; end: string };
}

async function register(id: number, name: string, email: string) {
  const res = await post(`/api/classes/${id}/registrations`, { name, email });
  expect(res.statusCode, res.body).toBe(201);
  return (await latestMailTo(t.app, email))?.textBody.match(/\?cancel=([\w-]+)/)?.[1] as string;
}

async function reviewTokenOf(email: string): Promise<string | undefined> {
  const mail = await latestMailTo(t.app, email);
  return mail?.textBody.match(/\/public\/review\?token=([\w-]+)/)?.[1];
}

const publicRating = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/public-trainers/${cast.mariaId}` })).json().rating;

beforeEach(async () => {
  clock.set(new Date());
  cast = await seedCast(t.app);
  await t.app.db.updateTable('trainerProfiles').set({ publiclyListed: true }).execute();
  const created = await newClass(3, 4);
  classId = created.id;
  classEnd = created.end;
  await register(classId, 'Ana Lee', 'ana@example.com');
  await register(classId, 'Bo Diaz', 'bo@example.com');
  await register(classId, 'Cy Park', 'cy@example.com');
  const deeCancel = await register(classId, 'Dee Ray', 'dee@example.com');
  expect((await post('/api/registrations/cancel', { token: deeCancel })).statusCode).toBe(200);
  await register(classId, 'Eve Moss', 'eve@example.com');
  await register(classId, 'Fay Wu', 'fay@example.com'); // the fifth place: waiting
});

describe('review links', () => {
  it('go once, after the class ends by the app clock, to each registrant who held a place', async () => {
    expect((await runRound()).sent).toBe(0);
    clock.set(new Date(Date.parse(classEnd) - 1000));
    expect((await runRound()).sent).toBe(0);

    clock.set(classEnd);
    expect((await runRound()).sent).toBe(4);
    for (const email of ['ana@example.com', 'bo@example.com', 'cy@example.com', 'eve@example.com']) {
      const mail = await latestMailTo(t.app, email);
      expect(mail?.subject).toBe('How was "Basic Self-Defense"?');
      expect(await reviewTokenOf(email)).toMatch(/^[\w-]{43}$/);
    }
    // Who cancelled, and who was still waiting, did not attend.
    expect(await reviewTokenOf('dee@example.com')).toBeUndefined();
    expect(await reviewTokenOf('fay@example.com')).toBeUndefined();

    clock.advance(DAY_MS);
    expect((await runRound()).sent).toBe(0);
    const links = await t.app.db.selectFrom('reviewLinks').selectAll().execute();
    expect(links).toHaveLength(4);
    // The token is kept only as a keyed hash.
    const token = await reviewTokenOf('ana@example.com');
    expect(links.some((l) => l.tokenHash === token)).toBe(false);
  });

  it('are not sent for a cancelled class, nor for one that ended before the window', async () => {
    const cancelled = await asCaller(cast.maria, 'POST', `/api/classes/${classId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    clock.set(new Date(Date.parse(classEnd) + (REVIEW_LINK_WINDOW_DAYS + 1) * DAY_MS));
    const old = await newClass(2, 5);
    await register(old.id, 'Gus Hale', 'gus@example.com');
    clock.set(new Date(Date.parse(old.end) + (REVIEW_LINK_WINDOW_DAYS + 1) * DAY_MS));
    expect((await runRound()).sent).toBe(0);
    expect(await t.app.db.selectFrom('reviewLinks').selectAll().execute()).toEqual([]);
  });
});

describe('POST /api/reviews/link and POST /api/reviews', () => {
  beforeEach(async () => {
    clock.set(classEnd);
    await runRound();
  });

  it('a registrant rates the class once; the second use is refused and changes nothing', async () => {
    const token = (await reviewTokenOf('ana@example.com')) as string;
    const link = await post('/api/reviews/link', { token });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ classTitle: 'Basic Self-Defense', trainerName: 'Maria Garcia' });
    expect(link.json().reviewed).toBe(false);

    const first = await post('/api/reviews', { token, stars: 5, comment: '  Clear and kind.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ stars: 5, comment: 'Clear and kind.' });

    const again = await post('/api/reviews', { token, stars: 1, comment: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('review_link_used');
    expect((await post('/api/reviews/link', { token })).json().reviewed).toBe(true);

    const stored = await t.app.db.selectFrom('reviews').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ stars: 5, comment: 'Clear and kind.', trainerId: cast.mariaId });
  });

  it(`expires ${REVIEW_LINK_VALID_DAYS} days after the class on the app clock: the page says so, a review is refused`, async () => {
    const token = (await reviewTokenOf('bo@example.com')) as string;
    const used = (await reviewTokenOf('ana@example.com')) as string;
    expect((await post('/api/reviews', { token: used, stars: 4 })).statusCode).toBe(201);
    clock.set(new Date(Date.parse(classEnd) + REVIEW_LINK_VALID_DAYS * DAY_MS));
    expect((await post('/api/reviews/link', { token })).json()).toMatchObject({
      expired: false,
      reviewed: false,
    });

    clock.advance(1000);
    expect((await post('/api/reviews/link', { token })).json()).toMatchObject({
      expired: true,
      reviewed: false,
    });
    const late = await post('/api/reviews', { token, stars: 5, comment: 'Late but lovely' });
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toMatchObject({
      code: 'review_link_expired',
      message: expect.stringMatching(/^This review link has expired/),
    });
    // A link used in time still says it was used, not expired.
    expect((await post('/api/reviews/link', { token: used })).json()).toMatchObject({
      expired: false,
      reviewed: true,
    });
    const stored = await t.app.db.selectFrom('reviews').select('stars').execute();
    expect(stored).toEqual([{ stars: 4 }]);
  });

  it('refuses a non-registrant: an unknown link, a cancel link, a malformed body; nothing is stored', async () => {
    const unknown = await post('/api/reviews', { token: 'x'.repeat(43), stars: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('invalid_review_link');
    expect((await post('/api/reviews/link', { token: 'x'.repeat(43) })).json().error.code).toBe(
      'invalid_review_link',
    );

    // A registration's cancel link is not a review link.
    const gusCancel = await register((await newClass(5, 5)).id, 'Gus Hale', 'gus@example.com');
    expect((await post('/api/reviews', { token: gusCancel, stars: 5 })).statusCode).toBe(400);

    const token = (await reviewTokenOf('bo@example.com')) as string;
    for (const body of [
      { token, stars: 6 },
      { token, stars: 0 },
      { token, stars: 4.5 },
      { token },
      { token, stars: 5, comment: 'x'.repeat(1001) },
      { token, stars: 5, extra: true },
      { token: 'short', stars: 5 },
    ]) {
      const res = await post('/api/reviews', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect(await t.app.db.selectFrom('reviews').selectAll().execute()).toEqual([]);
    // The link still works: a refused body did not spend it.
    expect((await post('/api/reviews', { token, stars: 4 })).statusCode).toBe(201);
  });
});

describe('the public rating', () => {
  async function rateAll(stars: number[]) {
    const emails = ['ana@example.com', 'bo@example.com', 'cy@example.com', 'eve@example.com'];
    for (const [i, s] of stars.entries()) {
      const token = (await reviewTokenOf(emails[i] as string)) as string;
      const res = await post('/api/reviews', { token, stars: s, comment: s >= 4 ? `Great, ${i}` : null });
      expect(res.statusCode, res.body).toBe(201);
    }
  }

  async function storedRating() {
    const rows = await t.app.db.selectFrom('reviews').select(['stars', 'hiddenAt']).execute();
    return ratingOf(rows.map((r) => ({ stars: r.stars, hidden: r.hiddenAt !== null })));
  }

  beforeEach(async () => {
    clock.set(classEnd);
    await runRound();
  });

  it('shows no stars below three reviews, then the mean and count of the stored reviews', async () => {
    expect(await publicRating()).toBeNull();
    await rateAll([5, 4]);
    expect(await publicRating()).toBeNull();
    const list = (await t.app.inject({ method: 'GET', url: '/api/public-trainers' })).json();
    expect(list.find((x: { id: number }) => x.id === cast.mariaId).rating).toBeNull();

    const token = (await reviewTokenOf('cy@example.com')) as string;
    expect((await post('/api/reviews', { token, stars: 2 })).statusCode).toBe(201);
    // A change reaches the public answers within 2 s (decision record 0012).
    await expect.poll(publicRating, FRESH_WITHIN).toEqual({ mean: 3.7, count: 3 });
    expect(await publicRating()).toEqual(await storedRating());
    const listedRating = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/public-trainers' }))
        .json()
        .find((x: { id: number }) => x.id === cast.mariaId).rating;
    await expect.poll(listedRating, FRESH_WITHIN).toEqual({ mean: 3.7, count: 3 });
  });

  it('a review, and hiding one, reach the cached public answers within 2 s (their trigger: migration 0020)', async () => {
    expect(await publicRating()).toBeNull();
    await rateAll([5, 5, 5]);
    await expect.poll(publicRating, FRESH_WITHIN).toEqual({ mean: 5, count: 3 });

    const [review] = await t.app.db.selectFrom('reviews').select('id').execute();
    const hide = await asCaller(cast.admin, 'POST', `/api/admin/reviews/${review?.id}/hide`, {
      reason: 'Checking it',
    });
    expect(hide.statusCode).toBe(200);
    await expect.poll(publicRating, FRESH_WITHIN).toBeNull();
  });

  it('an admin hides a review with a reason: it leaves the mean, recorded; unhiding brings it back', async () => {
    await rateAll([5, 5, 5, 1]);
    await expect.poll(publicRating, FRESH_WITHIN).toEqual({ mean: 4, count: 4 });
    const admin = await asCaller(cast.admin, 'GET', '/api/admin/reviews');
    expect(admin.statusCode).toBe(200);
    const low = admin.json().find((r: { stars: number }) => r.stars === 1);
    expect(low).toMatchObject({ reviewerEmail: 'eve@example.com', hidden: false, history: [] });

    const hidden = await asCaller(cast.admin, 'POST', `/api/admin/reviews/${low.id}/hide`, {
      reason: 'Names a student',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, hiddenReason: 'Names a student' });
    expect(hidden.json().history).toEqual([
      { action: 'hidden', reason: 'Names a student', by: 'boss@example.com', at: clock.now().toISOString() },
    ]);
    await expect.poll(publicRating, FRESH_WITHIN).toEqual({ mean: 5, count: 3 });
    expect(await publicRating()).toEqual(await storedRating());

    const twice = await asCaller(cast.admin, 'POST', `/api/admin/reviews/${low.id}/hide`, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);

    clock.advance(60_000);
    const shown = await asCaller(cast.admin, 'POST', `/api/admin/reviews/${low.id}/unhide`, {
      reason: 'Edited by the reviewer',
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().hidden).toBe(false);
    expect(shown.json().history.map((h: { action: string }) => h.action)).toEqual(['hidden', 'shown']);
    await expect.poll(publicRating, FRESH_WITHIN).toEqual({ mean: 4, count: 4 });
  });

  it('the admin routes refuse visitors (401), trainers (403) and a bad reason or id (400)', async () => {
    await rateAll([5]);
    const [review] = await t.app.db.selectFrom('reviews').select('id').execute();
    const url = `/api/admin/reviews/${review?.id}/hide`;
    expect((await post(url, { reason: 'Spam here' })).statusCode).toBe(401);
    expect((await asCaller(cast.maria, 'POST', url, { reason: 'Spam here' })).statusCode).toBe(403);
    expect((await asCaller(cast.maria, 'GET', '/api/admin/reviews')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 'Fine', more: 1 }]) {
      expect((await asCaller(cast.admin, 'POST', url, body)).statusCode).toBe(400);
    }
    expect(
      (await asCaller(cast.admin, 'POST', '/api/admin/reviews/abc/hide', { reason: 'Spam here' })).statusCode,
    ).toBe(400);
    expect(
      (await asCaller(cast.admin, 'POST', '/api/admin/reviews/999999/hide', { reason: 'Spam here' }))
        .statusCode,
    ).toBe(404);
    const stored = await t.app.db.selectFrom('reviews').select('hiddenAt').executeTakeFirstOrThrow();
    expect(stored.hiddenAt).toBeNull();
    expect(await t.app.db.selectFrom('reviewModeration').selectAll().execute()).toEqual([]);
  });
});

describe('testimonials', () => {
  beforeEach(async () => {
    clock.set(classEnd);
    await runRound();
    for (const [email, stars, comment] of [
      ['ana@example.com', 5, 'I feel safer walking home.'],
      ['bo@example.com', 4, null],
    ] as const) {
      const token = (await reviewTokenOf(email)) as string;
      expect((await post('/api/reviews', { token, stars, comment })).statusCode).toBe(201);
    }
  });

  it('the trainer lists their reviews and features one; the public profile shows it, by first name', async () => {
    const own = await asCaller(cast.maria, 'GET', `/api/trainers/${cast.mariaId}/reviews`);
    expect(own.statusCode).toBe(200);
    expect(own.json().rating).toBeNull();
    const reviews = own.json().reviews as Array<{ id: number; comment: string | null; reviewerName: string }>;
    expect(reviews.map((r) => r.reviewerName).sort()).toEqual(['Ana', 'Bo']);
    const withComment = reviews.find((r) => r.comment) as { id: number };
    const without = reviews.find((r) => !r.comment) as { id: number };

    const url = (id: number) => `/api/trainers/${cast.mariaId}/reviews/${id}/featured`;
    const featured = await asCaller(cast.maria, 'PUT', url(withComment.id), { featured: true });
    expect(featured.statusCode, featured.body).toBe(200);
    expect(featured.json().featured).toBe(true);
    expect((await asCaller(cast.maria, 'PUT', url(without.id), { featured: true })).statusCode).toBe(400);

    const testimonials = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/public-trainers/${cast.mariaId}` })).json()
        .testimonials;
    await expect
      .poll(testimonials, FRESH_WITHIN)
      .toEqual([
        expect.objectContaining({ stars: 5, comment: 'I feel safer walking home.', reviewerName: 'Ana' }),
      ]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/public-trainers' })).json();
    expect(list[0].testimonials).toBeUndefined();

    // Hidden by an admin: off the profile, no longer featured, and the trainer cannot feature it again.
    const hide = await asCaller(cast.admin, 'POST', `/api/admin/reviews/${withComment.id}/hide`, {
      reason: 'Checking a complaint',
    });
    expect(hide.statusCode).toBe(200);
    await expect.poll(testimonials, FRESH_WITHIN).toEqual([]);
    const again = await asCaller(cast.maria, 'PUT', url(withComment.id), { featured: true });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('review_hidden');
    const mine = (await asCaller(cast.maria, 'GET', `/api/trainers/${cast.mariaId}/reviews`)).json();
    expect(mine.reviews.find((r: { id: number }) => r.id === withComment.id)).toMatchObject({
      featured: false,
      hidden: true,
      hiddenReason: 'Checking a complaint',
    });
  });

  it('another trainer can neither read nor feature them (403), a visitor neither (401)', async () => {
    const [review] = await t.app.db.selectFrom('reviews').select('id').execute();
    const list = `/api/trainers/${cast.mariaId}/reviews`;
    const feature = `${list}/${review?.id}/featured`;
    expect((await asCaller(cast.devon, 'GET', list)).statusCode).toBe(403);
    expect((await asCaller(cast.devon, 'PUT', feature, { featured: true })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: list })).statusCode).toBe(401);
    // Devon's own id with Maria's review: not found, as it is not his.
    const devons = `/api/trainers/${cast.devonId}/reviews/${review?.id}/featured`;
    expect((await asCaller(cast.devon, 'PUT', devons, { featured: true })).statusCode).toBe(404);
    expect((await asCaller(cast.maria, 'PUT', feature, { featured: 'yes' })).statusCode).toBe(400);
    const stored = await t.app.db.selectFrom('reviews').select('featured').execute();
    expect(stored.every((r) => !r.featured)).toBe(true);
  });
});
