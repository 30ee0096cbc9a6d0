import { instantToZonedTime } from '@soulpunch/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, FRESH_WITHIN, seedCast, type TestApp, withCookie } from './helper';

let t: TestApp;
let maria: string;
let devon: string;
let admin: string;
let mariaId: number;
let devonId: number;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  ({ maria, devon, admin, mariaId, devonId } = await seedCast(t.app));
  await t.app.db
    .updateTable('trainerProfiles')
    .set({ basicClassPaymentLink: 'https://buy.stripe.com/maria-class' })
    .where('trainerId', '=', mariaId)
    .execute();
});

/** A date a few weeks ahead, as the trainer's calendar would send it. */
const future = (days = 20) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const classInput = (extra: Record<string, unknown> = {}) => ({
  title: 'Basic Self-Defense',
  date: future(),
  startTime: '14:00',
  location: 'YMCA, Tulsa, OK',
  timeZone: 'America/Chicago',
  ...extra,
});
const call = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject(cookie ? withCookie(cookie, { method, url, payload }) : { method, url, payload });
const addClass = async (extra: Record<string, unknown> = {}, cookie = maria, trainerId = mariaId) => {
  const res = await call(cookie, 'POST', `/api/trainers/${trainerId}/classes`, classInput(extra));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
};
const register = (classId: number, n: number | string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/registrations`,
    payload: { name: `Person ${n}`, email: `person${n}@example.com` },
    remoteAddress: `10.50.${Math.floor(Number(n) / 200) || 0}.${Number(n) % 200 || 1}`,
  });
const outbox = (to: string) =>
  t.app.db.selectFrom('outboxMessages').selectAll().where('toAddress', '=', to).orderBy('id').execute();

describe('creating classes', () => {
  it('stores an instant in the class time zone, two hours long, $75 and the trainer payment link by default', async () => {
    const created = await addClass();
    expect(created).toMatchObject({
      title: 'Basic Self-Defense',
      timeZone: 'America/Chicago',
      startTime: '14:00',
      endTime: '16:00',
      time: '2:00 PM - 4:00 PM',
      price: 75,
      priceLabel: '$75',
      capacity: 20,
      spotsLeft: 20,
      type: 'group',
      level: 'all-levels',
      paymentLink: 'https://buy.stripe.com/maria-class',
      status: 'scheduled',
    });
    expect(instantToZonedTime(new Date(created.start), 'America/Chicago')).toEqual({
      date: future(),
      time: '14:00',
    });
    const free = await addClass({ price: 0, endTime: '15:30', paymentLink: null, capacity: 5 });
    expect(free).toMatchObject({
      priceLabel: 'Free',
      time: '2:00 PM - 3:30 PM',
      paymentLink: null,
      capacity: 5,
    });
  });

  it.each([
    ['title', { title: '' }, 'Class title is required'],
    ['date', { date: '' }, 'Date is required'],
    ['startTime', { startTime: '' }, 'Start time is required'],
    ['location', { location: ' ' }, 'Location is required'],
  ])('refuses a missing %s with the spec message', async (field, patch, message) => {
    const res = await call(maria, 'POST', `/api/trainers/${mariaId}/classes`, classInput(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await t.app.db.selectFrom('classes').selectAll().execute()).toEqual([]);
  });

  it('refuses a class in the past and an unknown time zone', async () => {
    const past = await call(
      maria,
      'POST',
      `/api/trainers/${mariaId}/classes`,
      classInput({ date: '2020-01-01' }),
    );
    expect(past.json().error.fields.date).toBe('Please choose a start time in the future');
    const zone = await call(
      maria,
      'POST',
      `/api/trainers/${mariaId}/classes`,
      classInput({ timeZone: 'Mars/Base' }),
    );
    expect(zone.statusCode).toBe(400);
  });

  it('lets a trainer change only their own classes; an admin any', async () => {
    const created = await addClass();
    expect((await call(devon, 'POST', `/api/trainers/${mariaId}/classes`, classInput())).statusCode).toBe(
      403,
    );
    expect(
      (await call(devon, 'PUT', `/api/classes/${created.id}`, classInput({ title: 'Mine now' }))).statusCode,
    ).toBe(403);
    expect((await call(devon, 'POST', `/api/classes/${created.id}/cancel`)).statusCode).toBe(403);
    expect((await call(devon, 'GET', `/api/classes/${created.id}/registrations`)).statusCode).toBe(403);
    expect((await call(devon, 'GET', `/api/trainers/${mariaId}/classes`)).statusCode).toBe(403);
    const edited = await call(admin, 'PUT', `/api/classes/${created.id}`, classInput({ title: 'Renamed' }));
    expect(edited.json().title).toBe('Renamed');
    expect((await call(maria, 'PUT', '/api/classes/99999', classInput())).statusCode).toBe(404);
  });
});

describe('registration', () => {
  it('gives 20 simultaneous visitors for the last 3 places exactly 3 places, and waitlists the rest', async () => {
    const created = await addClass({ capacity: 5 });
    expect((await register(created.id, 100)).json()).toEqual({ status: 'registered', position: null });
    expect((await register(created.id, 101)).statusCode).toBe(201);

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => register(created.id, i + 1)));
    const statuses = results.map((r) => r.json().status);
    expect(statuses.filter((s) => s === 'registered')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(17);
    const positions = results
      .map((r) => r.json().position)
      .filter(Boolean)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));

    const summary = (await call(null, 'GET', `/api/classes/${created.id}`)).json();
    expect(summary).toMatchObject({ registeredCount: 5, spotsLeft: 0, waitlistCount: 17 });
  });

  it('e-mails a confirmation with a calendar invite and a cancel link; cancelling promotes the first waiting', async () => {
    const created = await addClass({ capacity: 1 });
    await register(created.id, 1);
    await register(created.id, 2);
    await register(created.id, 3);

    const [confirmation] = await outbox('person1@example.com');
    expect(confirmation?.subject).toBe("You're registered: Basic Self-Defense");
    const invite = confirmation?.attachments[0];
    expect(invite?.contentType).toContain('text/calendar');
    const vevent = new ICAL.Component(ICAL.parse(invite?.content ?? '')).getFirstSubcomponent('vevent');
    const event = new ICAL.Event(vevent ?? undefined);
    expect(event.summary).toBe('Basic Self-Defense');
    expect(event.startDate.toJSDate().toISOString()).toBe(created.start);
    expect((await outbox('person2@example.com'))[0]?.subject).toBe(
      "You're on the waitlist: Basic Self-Defense",
    );

    const token = confirmation?.textBody.match(/\?cancel=([\w-]+)/)?.[1] as string;
    const cancelled = await call(null, 'POST', '/api/registrations/cancel', { token });
    expect(cancelled.statusCode).toBe(200);
    expect((await call(null, 'POST', '/api/registrations/cancel', { token })).statusCode).toBe(400);

    const list = (await call(maria, 'GET', `/api/classes/${created.id}/registrations`)).json();
    expect(list.map((r: { email: string; status: string }) => `${r.email}:${r.status}`)).toEqual([
      'person1@example.com:cancelled',
      'person2@example.com:registered',
      'person3@example.com:waitlisted',
    ]);
    const promoted = await outbox('person2@example.com');
    expect(promoted.at(-1)?.subject).toBe('A place opened up: Basic Self-Defense');
    expect(promoted.at(-1)?.attachments).toHaveLength(1);
  });

  it('refuses a second registration with the same e-mail, and bad input', async () => {
    const created = await addClass();
    expect((await register(created.id, 7)).statusCode).toBe(201);
    const again = await register(created.id, 7);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_registered');
    const bad = await call(null, 'POST', `/api/classes/${created.id}/registrations`, {
      name: 'X',
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'name']);
  });
});

describe('public lists, cancellation and feeds', () => {
  it('lists upcoming classes with filters, and a cancelled class leaves them', async () => {
    const basic = await addClass({ title: 'Basic Self-Defense', type: 'group' });
    await addClass(
      { title: 'Corporate Safety', type: 'corporate', location: 'Denver Tech Center, Denver, CO' },
      devon,
      devonId,
    );
    const titles = async (q = '') =>
      (await call(null, 'GET', `/api/classes${q}`)).json().map((c: { title: string }) => c.title);
    expect(await titles()).toEqual(['Basic Self-Defense', 'Corporate Safety']);
    expect(await titles('?type=corporate')).toEqual(['Corporate Safety']);
    expect(await titles('?location=denver')).toEqual(['Corporate Safety']);
    expect(await titles('?q=maria')).toEqual(['Basic Self-Defense']);

    await register(basic.id, 1);
    const res = await call(maria, 'POST', `/api/classes/${basic.id}/cancel`);
    expect(res.json().status).toBe('cancelled');
    await expect.poll(() => titles(), FRESH_WITHIN).toEqual(['Corporate Safety']);
    const notice = await outbox('person1@example.com');
    expect(notice.at(-1)?.subject).toBe('Cancelled: Basic Self-Defense');
    expect(notice.at(-1)?.attachments[0]?.content).toContain('STATUS:CANCELLED');
    expect((await register(basic.id, 2)).statusCode).toBe(400);
  });

  it('shows upcoming classes on the public trainer and leaves out unlisted trainers', async () => {
    await addClass();
    const trainers = (await call(null, 'GET', '/api/public-trainers')).json();
    const mariaPublic = trainers.find((x: { id: number }) => x.id === mariaId);
    expect(mariaPublic.upcomingClasses).toEqual([
      expect.objectContaining({ title: 'Basic Self-Defense', time: '2:00 PM - 4:00 PM', price: '$75' }),
    ]);
    await t.app.db
      .updateTable('trainerProfiles')
      .set({ publiclyListed: false })
      .where('trainerId', '=', mariaId)
      .execute();
    expect((await call(null, 'GET', '/api/classes')).json()).toEqual([]);
    expect((await call(null, 'GET', `/api/calendar/trainers/${mariaId}.ics`)).statusCode).toBe(404);
  });

  it("serves each trainer's classes and all classes as iCalendar feeds", async () => {
    const created = await addClass();
    const feed = await call(null, 'GET', `/api/calendar/trainers/${mariaId}.ics`);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(['Basic Self-Defense']);
    expect(events[0]?.uid).toBe(`class-${created.id}@localhost`);
    const all = await call(null, 'GET', '/api/calendar/classes.ics');
    expect(all.body).toContain('BEGIN:VCALENDAR');
  });
});

describe("the prototype's calendar calls", () => {
  it('read and add classes through GET/POST /api/trainer-profile', async () => {
    const empty = (await call(maria, 'GET', '/api/trainer-profile')).json();
    expect(empty).toEqual({
      upcomingClasses: [],
      basicClassPaymentLink: 'https://buy.stripe.com/maria-class',
    });
    const res = await call(maria, 'POST', '/api/trainer-profile', {
      upcomingClasses: [
        {
          id: 'class_1700000000000',
          title: '',
          date: future(),
          time: '2:00 - 4:00',
          location: 'YMCA',
          price: '$75',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().upcomingClasses).toEqual([
      expect.objectContaining({
        title: '2-Hour Basic Self-Defense Class',
        time: '2:00 PM - 4:00 PM',
        price: '$75',
      }),
    ]);
    // Sending the list back with the saved item does not duplicate it.
    const again = await call(maria, 'POST', '/api/trainer-profile', {
      upcomingClasses: res.json().upcomingClasses,
    });
    expect(again.json().upcomingClasses).toHaveLength(1);
    expect((await call(admin, 'GET', '/api/trainer-profile')).statusCode).toBe(403);
  });
});

describe('cached public classes answers', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('keeps the list, the class page and the feeds as ready bytes, with 304 for a current copy', async () => {
    const created = await addClass();
    for (const url of [
      '/api/classes',
      `/api/classes/${created.id}`,
      '/api/calendar/classes.ics',
      `/api/calendar/classes/${created.id}.ics`,
      `/api/calendar/trainers/${mariaId}.ics`,
    ]) {
      const first = await get(url, { 'accept-encoding': 'gzip' });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-encoding'], url).toBe('gzip');
      const again = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
    // Places left change with every registration: browsers must ask again, and get a 304 while nothing changed.
    expect((await get(`/api/classes/${created.id}`)).headers['cache-control']).toBe('public, no-cache');
    const feed = await get(`/api/calendar/classes/${created.id}.ics`);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['content-disposition']).toBe(`attachment; filename="class-${created.id}.ics"`);
    expect(feed.body).toContain('BEGIN:VCALENDAR');
  });

  it('shows a registration, and a change written straight into the database, within 2 s', async () => {
    const created = await addClass({ capacity: 5 });
    const page = await get(`/api/classes/${created.id}`);
    expect(page.json()).toMatchObject({ registeredCount: 0, spotsLeft: 5 });
    expect((await register(created.id, 1)).statusCode).toBe(201);
    // The old copy (a 304 to its holder) until the rebuild the registration started has run.
    const afterRegistration = () =>
      get(`/api/classes/${created.id}`, { 'if-none-match': String(page.headers.etag) });
    await expect.poll(async () => (await afterRegistration()).statusCode, FRESH_WITHIN).toBe(200);
    expect((await afterRegistration()).json()).toMatchObject({ registeredCount: 1, spotsLeft: 4 });

    // Another instance or a script: the database's notice has the answers rebuilt (on PostgreSQL, a moment later).
    await t.app.db
      .updateTable('classes')
      .set({ title: 'Campus Safety' })
      .where('id', '=', created.id)
      .execute();
    await expect
      .poll(
        async () => (await get('/api/classes')).json().map((c: { title: string }) => c.title),
        FRESH_WITHIN,
      )
      .toContain('Campus Safety');
    await t.app.db
      .updateTable('classRegistrations')
      .set({ status: 'cancelled' })
      .where('classId', '=', created.id)
      .execute();
    await expect
      .poll(async () => (await get(`/api/classes/${created.id}`)).json().spotsLeft, FRESH_WITHIN)
      .toBe(5);
  });

  it('does not keep an error: an unknown class or trainer is 404 every time', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await get('/api/classes/999999')).statusCode).toBe(404);
      expect((await get('/api/calendar/trainers/999999.ics')).statusCode).toBe(404);
    }
  });
});
