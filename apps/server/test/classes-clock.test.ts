import { CANCEL_CLOSED_MESSAGE, classMessages } from '@soulpunch/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type ManualClock, manualClock } from '../src/lib/clock';
import { FEED_MAX_CLASSES } from '../src/modules/classes/service';
import { MAX_STALE_MS } from '../src/modules/directory/public-cache';
import { buildTestApp, FRESH_WITHIN, latestMailTo, seedCast, type TestApp, withCookie } from './helper';

// The classes' time-based rules read the app's clock, never the system's: moving the clock past a class's start
// closes its registration, its cancel links and its place in the upcoming lists at once, cached answers included.

let t: TestApp;
let clock: ManualClock;
let maria: string;
let mariaId: number;

beforeAll(async () => {
  clock = manualClock(new Date());
  t = await buildTestApp({}, undefined, { clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(new Date());
  ({ maria, mariaId } = await seedCast(t.app));
});

/** A date some days after the app's clock, as the trainer's calendar would send it. */
const daysAhead = (days: number) =>
  new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
const call = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject(cookie ? withCookie(cookie, { method, url, payload }) : { method, url, payload });
const classInput = (extra: Record<string, unknown> = {}) => ({
  title: 'Basic Self-Defense',
  date: daysAhead(3),
  startTime: '14:00',
  location: 'YMCA, Tulsa, OK',
  timeZone: 'America/Chicago',
  ...extra,
});
const addClass = async (extra: Record<string, unknown> = {}) => {
  const res = await call(maria, 'POST', `/api/trainers/${mariaId}/classes`, classInput(extra));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number; title: string; start: string };
};
const register = (classId: number, n: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/registrations`,
    payload: { name: `Person ${n}`, email: `person${n}@example.com` },
    remoteAddress: `10.61.0.${n}`,
  });
const registrations = async (classId: number) =>
  (await call(maria, 'GET', `/api/classes/${classId}/registrations`))
    .json()
    .map((r: { email: string; status: string }) => `${r.email}:${r.status}`);
const titles = (answer: { title: string }[]) => answer.map((c) => c.title);
const at = (instant: string, offsetMs = 0) => new Date(Date.parse(instant) + offsetMs);

describe("a class starts by the app's clock", () => {
  it('closes registration the moment the clock reaches its start, with the same message, changing nothing', async () => {
    const created = await addClass();
    expect((await register(created.id, 1)).statusCode).toBe(201);
    clock.set(at(created.start, -1));
    expect((await register(created.id, 2)).statusCode).toBe(201);

    clock.set(created.start);
    const late = await register(created.id, 3);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({
      code: 'registration_closed',
      message: 'Registration for this class is closed.',
    });
    // The page's form, posted before its script ran, is refused the same way.
    const form = await t.app.inject({
      method: 'POST',
      url: `/public/class/${created.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: 'name=Person%204&email=person4%40example.com',
      remoteAddress: '10.61.0.4',
    });
    expect(form.headers.location).toContain('error=registration_closed');
    expect(await registrations(created.id)).toEqual([
      'person1@example.com:registered',
      'person2@example.com:registered',
    ]);
  });

  it('refuses a new class, or a change, that would start by the app clock', async () => {
    const created = await addClass({ date: daysAhead(10) });
    clock.advance(5 * DAY_MS);
    const past = await call(
      maria,
      'POST',
      `/api/trainers/${mariaId}/classes`,
      classInput({ date: daysAhead(-1) }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.date).toBe(classMessages.inThePast);
    const moved = await call(maria, 'PUT', `/api/classes/${created.id}`, classInput({ date: daysAhead(-2) }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.date).toBe(classMessages.inThePast);
    // A day the system clock still has ahead is in the app's past: nothing was written.
    const stored = (await call(null, 'GET', `/api/classes/${created.id}`)).json();
    expect(stored.start).toBe(created.start);
  });
});

describe("upcoming lists follow the app's clock, cached answers included", () => {
  it('drop a class from the public lists, the trainer cards and the calendar once the clock passes its start', async () => {
    const first = await addClass({ title: 'Morning Basics', date: daysAhead(2) });
    await addClass({ title: 'Campus Safety', date: daysAhead(4) });
    const trainerCard = async () =>
      titles((await call(null, 'GET', `/api/public-trainers/${mariaId}`)).json().upcomingClasses);
    const directoryCard = async () =>
      titles(
        (await call(null, 'GET', '/api/public-trainers')).json().find((x: { id: number }) => x.id === mariaId)
          .upcomingClasses,
      );
    const publicList = async () => titles((await call(null, 'GET', '/api/classes')).json());
    const legacyList = async () =>
      titles((await call(maria, 'GET', '/api/trainer-profile')).json().upcomingClasses);

    // Asked twice: the second answer comes from the cache, kept until the first class starts.
    for (let i = 0; i < 2; i++) {
      expect(await publicList()).toEqual(['Morning Basics', 'Campus Safety']);
      expect(await trainerCard()).toEqual(['Morning Basics', 'Campus Safety']);
      expect(await directoryCard()).toEqual(['Morning Basics', 'Campus Safety']);
    }
    expect(await legacyList()).toEqual(['Morning Basics', 'Campus Safety']);
    const listSize = t.app.publicDirectoryCache.size;

    // At the start the kept copy may still be sent while it is rebuilt; it shows within 2 s.
    clock.set(first.start);
    await expect.poll(publicList, FRESH_WITHIN).toEqual(['Campus Safety']);
    // 2 s later by the app's clock, a copy made before the start is no longer sent: the request waits for the new.
    clock.set(new Date(Date.parse(first.start) + MAX_STALE_MS));
    expect(await trainerCard()).toEqual(['Campus Safety']);
    expect(await directoryCard()).toEqual(['Campus Safety']);
    expect(await legacyList()).toEqual(['Campus Safety']);
    // Rebuilt in place, not dropped wholesale: nothing in the database changed.
    expect(t.app.publicDirectoryCache.size).toBe(listSize);
    // The trainer's own calendar still shows the class that has begun (a week back).
    expect(titles((await call(maria, 'GET', `/api/trainers/${mariaId}/classes`)).json())).toEqual([
      'Morning Basics',
      'Campus Safety',
    ]);
  });

  it('the unfiltered lists share one count of the upcoming classes, counted again once the first starts', async () => {
    const first = await addClass({ title: 'Morning Basics', date: daysAhead(2) });
    await addClass({ title: 'Campus Safety', date: daysAhead(4) });
    const total = async (url: string) => (await call(null, 'GET', url)).headers['x-total-count'];
    // Pages of one list (the API's, the classes page's, the calendar's): no change between them, one count.
    for (const url of ['/api/classes', '/api/classes?limit=1', '/api/classes?limit=1&offset=1']) {
      expect(await total(url)).toBe('2');
    }
    // No change announced, but the first class has started: every page counts one.
    clock.set(first.start);
    for (const url of ['/api/classes', '/api/classes?limit=1', '/api/classes?limit=5']) {
      await expect.poll(() => total(url), FRESH_WITHIN).toBe('1');
    }
    // Filtered lists count for themselves.
    expect(await total('/api/classes?q=campus')).toBe('1');
    expect(await total('/api/classes?q=morning')).toBe('0');
  });

  it("keeps a month of past classes in the calendar feed, a month by the app's clock", async () => {
    const created = await addClass({ date: daysAhead(2) });
    const feedTitles = async () => {
      const feed = await call(null, 'GET', '/api/calendar/classes.ics');
      const events = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent');
      return events.map((v) => new ICAL.Event(v).summary);
    };
    expect(await feedTitles()).toEqual(['Basic Self-Defense']);
    clock.set(at(created.start, 29 * DAY_MS));
    expect(await feedTitles()).toEqual(['Basic Self-Defense']);
    // The cached feed lasts a minute of the app's clock, and the class is over a month old by then.
    clock.set(at(created.start, 31 * DAY_MS));
    expect(await feedTitles()).toEqual([]);
  });

  it('holds at most FEED_MAX_CLASSES: the soonest coming classes, then the latest past ones while there is room', async () => {
    const first = await addClass({ date: daysAhead(1) });
    const row = await t.app.db
      .selectFrom('classes')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    const now = clock.now().getTime();
    // Copies of the class an hour apart: `past` in the month behind the clock, `coming` ahead of it.
    const copies = (prefix: string, count: number, startMs: (i: number) => number) =>
      Array.from({ length: count }, (_, i) => ({
        ...copy,
        title: `${prefix} ${i}`,
        startsAt: new Date(startMs(i)),
        endsAt: new Date(startMs(i) + 60 * 60 * 1000),
      }));
    await t.app.db.deleteFrom('classes').execute();
    await t.app.db
      .insertInto('classes')
      .values([
        ...copies('Past', 3, (i) => now - (i + 1) * 60 * 60 * 1000),
        ...copies('Coming', FEED_MAX_CLASSES - 2, (i) => now + (i + 1) * 60 * 60 * 1000),
      ])
      .execute();
    const feedTitles = async () => {
      const feed = await call(null, 'GET', '/api/calendar/classes.ics');
      return new ICAL.Component(ICAL.parse(feed.body))
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v).summary);
    };
    // The bound is the point here, not how soon the feed follows (the tests above): rebuilding a thousand classes
    // with every other answer the change touched can outlast MAX_STALE_MS on a loaded machine.
    const rebuilt = { timeout: 15_000, interval: 50 };
    await expect.poll(feedTitles, rebuilt).toHaveLength(FEED_MAX_CLASSES);
    let feed = await feedTitles();
    // Room for two of the three past classes: the two latest, in start order before the coming ones.
    expect(feed.slice(0, 3)).toEqual(['Past 1', 'Past 0', 'Coming 0']);
    expect(feed.at(-1)).toBe(`Coming ${FEED_MAX_CLASSES - 3}`);

    // Two more coming classes than the feed holds: no past class, and the latest coming one left out.
    await t.app.db
      .insertInto('classes')
      .values(copies('Later', 4, (i) => now + (FEED_MAX_CLASSES + i) * 60 * 60 * 1000))
      .execute();
    await expect.poll(async () => (await feedTitles()).at(-1), rebuilt).toBe('Later 1');
    feed = await feedTitles();
    expect(feed).toHaveLength(FEED_MAX_CLASSES);
    expect(feed[0]).toBe('Coming 0');
  });
});

describe("the cancel link closes when the class starts by the app's clock", () => {
  it('refuses to cancel, changing nothing and promoting no one; before the start it cancels', async () => {
    const created = await addClass({ capacity: 1 });
    await register(created.id, 1);
    await register(created.id, 2);
    const mail = await latestMailTo(t.app, 'person1@example.com');
    const token = mail?.textBody.match(/\?cancel=([\w-]+)/)?.[1] as string;

    clock.set(created.start);
    const late = await call(null, 'POST', '/api/registrations/cancel', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ code: 'registration_closed', message: CANCEL_CLOSED_MESSAGE });
    const form = await t.app.inject({
      method: 'POST',
      url: `/public/class/${created.id}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: `token=${token}`,
    });
    expect(form.headers.location).toBe(
      `/public/class/${created.id}?cancel=${token}&error=registration_closed`,
    );
    expect(await registrations(created.id)).toEqual([
      'person1@example.com:registered',
      'person2@example.com:waitlisted',
    ]);
    expect((await latestMailTo(t.app, 'person2@example.com'))?.subject).toBe(
      "You're on the waitlist: Basic Self-Defense",
    );

    clock.set(at(created.start, -60_000));
    expect((await call(null, 'POST', '/api/registrations/cancel', { token })).statusCode).toBe(200);
    expect(await registrations(created.id)).toEqual([
      'person1@example.com:cancelled',
      'person2@example.com:registered',
    ]);
  });
});
