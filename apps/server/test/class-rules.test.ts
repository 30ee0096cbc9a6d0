import { type AdminResourceList, instantToZonedTime, zonedTimeToInstant } from '@soulpunch/shared';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type ManualClock, manualClock } from '../src/lib/clock';
import { buildTestApp, seedCast, type TestApp, withCookie } from './helper';

// Issue #14: class time zones from the place, the class page as the way to register, the one-class calendar file,
// the trainer's first name, upcoming Train the Trainer dates and the class payment link moving to upcoming classes.

let t: TestApp;
let clock: ManualClock;
let maria: string;
let devon: string;
let admin: string;
let mariaId: number;

let trainingArticle: string | undefined;

beforeAll(async () => {
  clock = manualClock(new Date());
  t = await buildTestApp({}, undefined, { clock });
  const article = await t.app.db
    .selectFrom('knowledgeArticles')
    .innerJoin('resources', 'resources.id', 'knowledgeArticles.resourceId')
    .select('knowledgeArticles.body')
    .where('resources.kind', '=', 'upcoming_training')
    .executeTakeFirst();
  trainingArticle = article?.body;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(new Date());
  ({ maria, devon, admin, mariaId } = await seedCast(t.app));
  await t.app.db
    .updateTable('trainerProfiles')
    .set({ basicClassPaymentLink: 'https://buy.stripe.com/maria-class' })
    .where('trainerId', '=', mariaId)
    .execute();
});

const future = (days = 20) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const call = (cookie: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject(cookie ? withCookie(cookie, { method, url, payload }) : { method, url, payload });
const addClass = async (input: Record<string, unknown>) => {
  const res = await call(maria, 'POST', `/api/trainers/${mariaId}/classes`, {
    title: 'Basic Self-Defense',
    date: future(),
    startTime: '14:00',
    location: 'YMCA, Tulsa, OK',
    ...input,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
};
const abbreviation = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;

describe("a class's time zone comes from its place", () => {
  it('publishes a Boulder, CO class at 3:30 PM Mountain time as entered, whatever zone the browser had', async () => {
    // The calendar no longer sends the browser's zone (UTC here) unless the trainer picks one.
    const created = await addClass({ location: 'Community Center, Boulder, CO', startTime: '15:30' });
    expect(created).toMatchObject({
      timeZone: 'America/Denver',
      startTime: '15:30',
      time: '3:30 PM - 5:30 PM',
    });
    expect(created.start).toBe(zonedTimeToInstant(future(), '15:30', 'America/Denver').toISOString());
    expect(['MST', 'MDT']).toContain(abbreviation(created.start, created.timeZone));

    const published = (await call(null, 'GET', `/api/classes/${created.id}`)).json();
    expect(published).toMatchObject({ timeZone: 'America/Denver', time: '3:30 PM - 5:30 PM' });
    const listed = (await call(null, 'GET', '/api/classes')).json();
    expect(listed[0]).toMatchObject({
      id: created.id,
      timeZone: 'America/Denver',
      time: '3:30 PM - 5:30 PM',
    });
    // Calendar apps get the same instant.
    const file = await call(null, 'GET', `/api/calendar/classes/${created.id}.ics`);
    const vevent = new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent');
    const event = new ICAL.Event(vevent ?? undefined);
    expect(event.startDate.toJSDate().toISOString()).toBe(created.start);
  });

  it("gives classes from the prototype's POST /api/trainer-profile their place's zone, not always Central", async () => {
    const res = await call(maria, 'POST', '/api/trainer-profile', {
      upcomingClasses: [
        { id: 'class_1', date: future(), time: '3:30 PM - 5:30 PM', location: 'Boulder, CO' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.selectFrom('classes').selectAll().execute();
    expect(row?.timeZone).toBe('America/Denver');
    expect(instantToZonedTime(row?.startsAt as Date, 'America/Denver')).toEqual({
      date: future(),
      time: '15:30',
    });
  });

  it("falls back to the trainer's own city, then Central; a zone the trainer picks wins", async () => {
    await t.app.db
      .updateTable('trainers')
      .set({ city: 'Phoenix', state: 'AZ' })
      .where('id', '=', mariaId)
      .execute();
    expect((await addClass({ location: 'Riverside Gym' })).timeZone).toBe('America/Phoenix');
    await t.app.db
      .updateTable('trainers')
      .set({ city: null, state: null })
      .where('id', '=', mariaId)
      .execute();
    expect((await addClass({ location: 'Riverside Gym' })).timeZone).toBe('America/Chicago');
    const picked = await addClass({ location: 'Boulder, CO', timeZone: 'America/New_York' });
    expect(picked).toMatchObject({ timeZone: 'America/New_York', time: '2:00 PM - 4:00 PM' });
  });

  it('moves a class to the zone of its new place when it is edited without a zone', async () => {
    const created = await addClass({ location: 'Boulder, CO' });
    const edited = await call(maria, 'PUT', `/api/classes/${created.id}`, {
      title: 'Basic Self-Defense',
      date: future(),
      startTime: '14:00',
      location: 'Pike Place, Seattle, WA',
    });
    expect(edited.json()).toMatchObject({ timeZone: 'America/Los_Angeles', time: '2:00 PM - 4:00 PM' });
    const kept = await call(maria, 'PUT', `/api/classes/${created.id}`, {
      title: 'Renamed',
      date: future(),
      startTime: '14:00',
      location: 'Pike Place, Seattle, WA',
    });
    expect(kept.json().timeZone).toBe('America/Los_Angeles');
  });

  it('tells the class dialog the zone of a place (GET /api/classes/time-zone)', async () => {
    const zone = (q: string, cookie: string | null = maria) =>
      call(cookie, 'GET', `/api/classes/time-zone?${q}`);
    expect((await zone('location=Boulder%2C%20CO')).json()).toEqual({
      timeZone: 'America/Denver',
      source: 'place',
    });
    expect((await zone('location=Riverside%20Gym&address=98101')).json()).toEqual({
      timeZone: 'America/Los_Angeles',
      source: 'place',
    });
    // Nothing known about the place: the trainer's own city (Tulsa).
    expect((await zone('location=YMCA')).json()).toEqual({ timeZone: 'America/Chicago', source: 'trainer' });
    expect((await zone('location=Boulder', null)).statusCode).toBe(401);
    expect((await zone('location=Boulder', admin)).statusCode).toBe(403);
    expect((await zone('city=Boulder')).statusCode).toBe(400);
    expect((await zone(`location=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('the class page is where a class is registered for and added to a calendar', () => {
  it("serves one class as a calendar file, not the trainer's whole feed", async () => {
    const one = await addClass({ title: 'Evening Basics' });
    await addClass({ title: 'Another Class', date: future(25) });
    const res = await call(null, 'GET', `/api/calendar/classes/${one.id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="class-${one.id}.ics"`);
    const events = new ICAL.Component(ICAL.parse(res.body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.summary])).toEqual([[`class-${one.id}@localhost`, 'Evening Basics']]);
    expect(events[0]?.location).toBe('YMCA, Tulsa, OK');

    expect((await call(null, 'GET', '/api/calendar/classes/99999.ics')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/calendar/classes/abc.ics')).statusCode).toBe(400);
    await t.app.db
      .updateTable('trainerProfiles')
      .set({ publiclyListed: false })
      .where('trainerId', '=', mariaId)
      .execute();
    // Written straight into the database: the cached file goes when the database's notice arrives.
    await expect
      .poll(async () => (await call(null, 'GET', `/api/calendar/classes/${one.id}.ics`)).statusCode)
      .toBe(404);
  });

  it('offers no registration or waitlist for a cancelled class, and its file says it is cancelled', async () => {
    const created = await addClass({ capacity: 1 });
    expect((await call(maria, 'POST', `/api/classes/${created.id}/cancel`)).statusCode).toBe(200);
    for (const email of ['first@example.com', 'second@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/classes/${created.id}/registrations`,
        payload: { name: 'Someone Keen', email },
        remoteAddress: '10.77.0.1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('registration_closed');
    }
    expect(await t.app.db.selectFrom('classRegistrations').selectAll().execute()).toEqual([]);
    expect((await call(null, 'GET', `/api/classes/${created.id}`)).json().status).toBe('cancelled');
    expect((await call(null, 'GET', `/api/calendar/classes/${created.id}.ics`)).body).toContain(
      'STATUS:CANCELLED',
    );
  });

  it("names the trainer's first name beside the display name", async () => {
    await t.app.db.updateTable('trainers').set({ name: 'Carmen Diaz' }).where('id', '=', mariaId).execute();
    await t.app.db
      .updateTable('trainerProfiles')
      .set({ displayName: 'Coach Carmen' })
      .where('trainerId', '=', mariaId)
      .execute();
    const created = await addClass({});
    expect(created).toMatchObject({ trainerName: 'Coach Carmen', trainerFirstName: 'Carmen' });
  });
});

describe("the profile's class payment link and upcoming classes", () => {
  const OLD = 'https://buy.stripe.com/maria-class';
  const NEW = 'https://buy.stripe.com/maria-class-2027';
  const apply = (cookie: string | null, payload: object, trainerId = mariaId) =>
    call(cookie, 'POST', `/api/trainers/${trainerId}/classes/payment-link`, payload);
  const linkOf = async (id: number) =>
    (
      await t.app.db
        .selectFrom('classes')
        .select('paymentLink')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).paymentLink;

  it('moves only upcoming, scheduled classes still on the old link to the new one, when asked', async () => {
    const upcoming = await addClass({ date: future(20) });
    const own = await addClass({ paymentLink: 'https://paypal.me/maria-special' });
    const cancelled = await addClass({});
    await call(maria, 'POST', `/api/classes/${cancelled.id}/cancel`);
    const started = await addClass({ date: future(5) });
    clock.set(new Date(Date.now() + 10 * DAY_MS));

    await t.app.db
      .updateTable('trainerProfiles')
      .set({ basicClassPaymentLink: NEW })
      .where('trainerId', '=', mariaId)
      .execute();
    const res = await apply(maria, { previousLink: OLD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1, paymentLink: NEW });
    expect(await linkOf(upcoming.id)).toBe(NEW);
    expect(await linkOf(own.id)).toBe('https://paypal.me/maria-special');
    expect(await linkOf(cancelled.id)).toBe(OLD);
    expect(await linkOf(started.id)).toBe(OLD);
    // Asked again: nothing is left on the old link.
    expect((await apply(maria, { previousLink: OLD })).json()).toEqual({ updated: 0, paymentLink: NEW });
  });

  it('moves classes that had no link when the trainer had none before; admins may, others may not', async () => {
    const none = await addClass({ paymentLink: null });
    expect((await apply(null, { previousLink: null })).statusCode).toBe(401);
    expect((await apply(devon, { previousLink: null })).statusCode).toBe(403);
    expect((await apply(maria, {})).statusCode).toBe(400);
    expect((await apply(maria, { previousLink: null, extra: 1 })).statusCode).toBe(400);
    expect(await linkOf(none.id)).toBeNull();
    expect((await apply(admin, { previousLink: null })).json()).toEqual({ updated: 1, paymentLink: OLD });
    expect(await linkOf(none.id)).toBe(OLD);
    expect((await apply(admin, { previousLink: null }, 99999)).statusCode).toBe(404);
  });
});

describe('upcoming Train the Trainer dates', () => {
  const training = async () => {
    const list = (await call(admin, 'GET', '/api/admin/resources')).json() as AdminResourceList;
    const found = list.resources.find((r) => r.kind === 'upcoming_training');
    if (!found) throw new Error('no upcoming training seeded');
    return found;
  };
  const setDates = async (startsOn: string | null, endsOn: string | null, cookie = admin) => {
    const r = await training();
    return call(cookie, 'PUT', `/api/admin/resources/${r.id}`, {
      name: r.name,
      description: r.description,
      details: r.details,
      url: r.url,
      kind: r.kind,
      categoryId: null,
      order: r.order,
      startsOn,
      endsOn,
    });
  };
  const shown = async () => (await call(maria, 'GET', '/api/resources')).json().upcomingTraining;

  it("hides the prototype's 2025 session, shows the next one with its dates until its last day is over", async () => {
    expect(await training()).toMatchObject({
      name: 'Train the Trainer',
      details: 'Tulsa, OK',
      startsOn: '2025-07-25',
      endsOn: '2025-07-27',
    });
    clock.set('2026-11-24T12:00:00Z');
    expect(await shown()).toEqual([]);
    // What the assistant knew on the fresh database (resets empty the knowledge base along with the users).
    expect(trainingArticle).toContain('Tulsa, OK');
    expect(trainingArticle).not.toContain('7/25');

    expect((await setDates('2027-07-25', '2027-07-27')).statusCode).toBe(200);
    expect(await shown()).toEqual([
      expect.objectContaining({
        name: 'Train the Trainer',
        details: 'Tulsa, OK',
        startsOn: '2027-07-25',
        endsOn: '2027-07-27',
      }),
    ]);
    // The last day counts in headquarters' zone: 10 PM in Tulsa on July 27 is still the 27th there.
    clock.set('2027-07-28T03:00:00Z');
    expect(await shown()).toHaveLength(1);
    clock.set('2027-07-28T06:00:00Z');
    expect(await shown()).toEqual([]);
  });

  it('refuses a training without a first day or with its days reversed, and trainers may not edit it', async () => {
    const before = await training();
    const missing = await setDates(null, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.startsOn).toBe('Please give the training its first day.');
    const reversed = await setDates('2027-07-27', '2027-07-25');
    expect(reversed.json().error.fields.endsOn).toBe('The last day cannot be before the first.');
    expect((await setDates('2027-07-25', '2027-07-27', maria)).statusCode).toBe(403);
    expect(await training()).toEqual(before);
  });
});
