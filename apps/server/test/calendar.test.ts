import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { sendConsultationReminders } from '../src/modules/calendar/consultations';
import { sendSessionReminders } from '../src/modules/calendar/sessions';
import { appDeps, buildTestApp, seedCast, type TestApp, withCookie } from './helper';

// The app's clock: Monday 5 January 2026, 9:00 in Tulsa.
const clock = manualClock('2026-01-05T15:00:00Z');
let t: TestApp;
let cast: Awaited<ReturnType<typeof seedCast>>;
beforeAll(async () => {
  t = await buildTestApp({}, undefined, { clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2026-01-05T15:00:00Z');
  await t.app.db.deleteFrom('trainingSessions').execute();
  await t.app.db.deleteFrom('consultationSlots').execute();
  await t.app.db.deleteFrom('groupEvents').execute();
  await t.app.db.deleteFrom('adminCalendarFeeds').execute();
  await t.app.db.deleteFrom('mailQueue').execute();
  cast = await seedCast(t.app);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject(withCookie(cookie, { method, url, payload }));
const anonymous = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { origin: 'http://localhost:3000' } });

const session = (extra: object = {}) => ({
  title: 'Train the Trainer',
  date: '2026-02-06',
  startTime: '09:00',
  endTime: '17:00',
  timeZone: 'America/Chicago',
  location: 'Soul Punch HQ, Tulsa, OK',
  capacity: 2,
  ...extra,
});
const slots = (extra: object = {}) => ({
  date: '2026-01-12',
  startTime: '10:00',
  timeZone: 'America/Chicago',
  minutes: 30,
  count: 3,
  ...extra,
});

async function newSession(extra: object = {}) {
  const res = await call(cast.admin, 'POST', '/api/admin/calendar/sessions', session(extra));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}
async function newSlots(extra: object = {}) {
  const res = await call(cast.admin, 'POST', '/api/admin/calendar/slots', slots(extra));
  expect(res.statusCode).toBe(201);
  return (res.json() as Array<{ id: number }>).map((s) => s.id);
}
const outboxTo = (email: string) =>
  t.app.db.selectFrom('mailQueue').selectAll().where('toAddress', '=', email).orderBy('id').execute();

describe('admin calendar: access and input', () => {
  it('refuses visitors (401) and trainers (403) on every admin route, and bad input (400) changing nothing', async () => {
    const adminRoutes: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/calendar?from=2026-01-01&to=2026-01-31'],
      ['POST', '/api/admin/calendar/sessions', session()],
      ['GET', '/api/admin/calendar/sessions/1'],
      ['POST', '/api/admin/calendar/sessions/1/cancel'],
      ['PUT', '/api/admin/calendar/sessions/1', session()],
      ['PUT', `/api/admin/calendar/sessions/1/attendance/${cast.mariaId}`, { attended: true }],
      ['POST', '/api/admin/calendar/slots', slots()],
      ['DELETE', '/api/admin/calendar/slots/1'],
      ['POST', '/api/admin/calendar/events', { ...session(), capacity: undefined }],
      ['DELETE', '/api/admin/calendar/events/1'],
      ['GET', '/api/admin/calendar/feed'],
      ['POST', '/api/admin/calendar/feed'],
      ['DELETE', '/api/admin/calendar/feed'],
    ];
    for (const [method, url, body] of adminRoutes) {
      expect((await anonymous(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(cast.maria, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const bad = [
      session({ capacity: 0 }),
      session({ endTime: '08:00' }),
      session({ timeZone: 'Mars/Olympus' }),
      session({ date: '2026-02-30' }),
      session({ location: '' }),
      { ...session(), extra: 1 },
    ];
    for (const body of bad) {
      const res = await call(cast.admin, 'POST', '/api/admin/calendar/sessions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      slots({ minutes: 20 }),
      slots({ count: 0 }),
      slots({ count: 17 }),
      slots({ startTime: '23:30', count: 2 }),
    ]) {
      expect((await call(cast.admin, 'POST', '/api/admin/calendar/slots', body)).statusCode).toBe(400);
    }
    const past = await call(cast.admin, 'POST', '/api/admin/calendar/slots', slots({ date: '2026-01-04' }));
    expect(past.json().error.code).toBe('in_the_past');
    const range = await call(cast.admin, 'GET', '/api/admin/calendar?from=2026-03-01&to=2026-01-01');
    expect(range.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('trainingSessions').select('id').execute()).toEqual([]);
    expect(await t.app.db.selectFrom('consultationSlots').select('id').execute()).toEqual([]);
  });

  it('stores UTC with the zone entered and answers each item on its own day and hours', async () => {
    const created = await call(cast.admin, 'POST', '/api/admin/calendar/sessions', session());
    expect(created.json()).toMatchObject({
      start: '2026-02-06T15:00:00.000Z',
      end: '2026-02-06T23:00:00.000Z',
      timeZone: 'America/Chicago',
      date: '2026-02-06',
      time: '9:00 AM - 5:00 PM',
      capacity: 2,
      seatsLeft: 2,
      registrants: [],
    });
    await newSlots();
    const event = await call(cast.admin, 'POST', '/api/admin/calendar/events', {
      title: 'Trainer meetup',
      date: '2026-02-10',
      startTime: '18:00',
      endTime: '20:00',
      timeZone: 'America/Denver',
      location: 'Denver, CO',
      description: 'Drills and dinner',
    });
    expect(event.json()).toMatchObject({ start: '2026-02-11T01:00:00.000Z', date: '2026-02-10' });
    const jan = await call(cast.admin, 'GET', '/api/admin/calendar?from=2026-01-01&to=2026-01-31');
    expect(jan.json().slots.map((s: { time: string }) => s.time)).toEqual([
      '10:00 AM - 10:30 AM',
      '10:30 AM - 11:00 AM',
      '11:00 AM - 11:30 AM',
    ]);
    expect(jan.json().sessions).toEqual([]);
    expect(jan.json().otherItems).toEqual([]);
    const feb = await call(cast.admin, 'GET', '/api/admin/calendar?from=2026-02-01&to=2026-02-28');
    expect(feb.json().sessions).toHaveLength(1);
    expect(feb.json().events).toHaveLength(1);
    const removed = await call(cast.admin, 'DELETE', `/api/admin/calendar/events/${event.json().id}`);
    expect(removed.json()).toEqual({ removed: true });
    expect(
      (await call(cast.admin, 'DELETE', `/api/admin/calendar/events/${event.json().id}`)).statusCode,
    ).toBe(404);
  });
});

describe('training sessions', () => {
  it('gives the last seat to one of two trainers racing for it; the other hears it is full', async () => {
    const { id } = await newSession({ capacity: 1 });
    const [a, b] = await Promise.all([
      call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`),
      call(cast.devon, 'POST', `/api/calendar/sessions/${id}/registration`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().error.code).toBe('session_full');
    const detail = await call(cast.admin, 'GET', `/api/admin/calendar/sessions/${id}`);
    expect(detail.json()).toMatchObject({ registeredCount: 1, seatsLeft: 0 });
  });

  it('registers a trainer once, with an invite, and lets them leave before it begins', async () => {
    const { id } = await newSession();
    expect((await anonymous('POST', `/api/calendar/sessions/${id}/registration`)).statusCode).toBe(401);
    expect((await call(cast.admin, 'POST', `/api/calendar/sessions/${id}/registration`)).statusCode).toBe(
      403,
    );
    expect((await call(cast.maria, 'POST', '/api/calendar/sessions/abc/registration')).statusCode).toBe(400);
    expect((await call(cast.maria, 'POST', '/api/calendar/sessions/999999/registration')).statusCode).toBe(
      404,
    );
    const first = await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    expect(first.statusCode).toBe(201);
    const again = await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    expect(again.json().error.code).toBe('already_registered');
    const [mail] = await outboxTo('maria@example.com');
    expect(mail?.subject).toBe("You're registered: Train the Trainer");
    expect(mail?.attachments[0]?.content).toContain('DTSTART:20260206T150000Z');
    const mine = await call(cast.maria, 'GET', '/api/trainer-calendar');
    expect(mine.json().sessions[0]).toMatchObject({ id, registered: true, attended: false, seatsLeft: 1 });
    const left = await call(cast.maria, 'DELETE', `/api/calendar/sessions/${id}/registration`);
    expect(left.json()).toMatchObject({ registeredCount: 0 });
    const notThere = await call(cast.maria, 'DELETE', `/api/calendar/sessions/${id}/registration`);
    expect(notThere.json().error.code).toBe('not_registered');
    clock.set('2026-02-06T16:00:00Z');
    const late = await call(cast.devon, 'POST', `/api/calendar/sessions/${id}/registration`);
    expect(late.json().error.code).toBe('registration_closed');
  });

  it('marks attendance: the training date follows, recorded in the history', async () => {
    const { id } = await newSession();
    await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    const trainingDate = async () =>
      (await call(cast.admin, 'GET', `/api/trainers/${cast.mariaId}/full`)).json().profile.trainingDate;
    expect(await trainingDate()).toBeNull();

    const stranger = await call(
      cast.admin,
      'PUT',
      `/api/admin/calendar/sessions/${id}/attendance/${cast.devonId}`,
      {
        attended: true,
      },
    );
    expect(stranger.json().error.code).toBe('not_registered');
    const badBody = await call(
      cast.admin,
      'PUT',
      `/api/admin/calendar/sessions/${id}/attendance/${cast.mariaId}`,
      {
        attended: 'yes',
      },
    );
    expect(badBody.statusCode).toBe(400);

    const marked = await call(
      cast.admin,
      'PUT',
      `/api/admin/calendar/sessions/${id}/attendance/${cast.mariaId}`,
      {
        attended: true,
      },
    );
    expect(marked.statusCode).toBe(200);
    expect(marked.json().registrants[0]).toMatchObject({ trainerId: cast.mariaId, attended: true });
    expect(await trainingDate()).toBe('2026-02-06');
    const changes = await call(cast.admin, 'GET', `/api/trainers/${cast.mariaId}/changes`);
    expect(changes.json()[0]).toMatchObject({
      changes: [{ field: 'profile.trainingDate', from: null, to: '2026-02-06' }],
      changedBy: { name: 'Bea Boss' },
    });
    // An attended seat stays: the trainer cannot give it back.
    const leave = await call(cast.maria, 'DELETE', `/api/calendar/sessions/${id}/registration`);
    expect(leave.statusCode).toBe(400);

    const undone = await call(
      cast.admin,
      'PUT',
      `/api/admin/calendar/sessions/${id}/attendance/${cast.mariaId}`,
      {
        attended: false,
      },
    );
    expect(undone.json().registrants[0].attended).toBe(false);
    expect(await trainingDate()).toBeNull();
  });

  it('never replaces an earlier training date, and undoing attendance keeps a date set otherwise', async () => {
    await t.app.db
      .updateTable('trainerProfiles')
      .set({ trainingDate: '2025-07-25' })
      .where('trainerId', '=', cast.mariaId)
      .execute();
    const { id } = await newSession();
    await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    const url = `/api/admin/calendar/sessions/${id}/attendance/${cast.mariaId}`;
    await call(cast.admin, 'PUT', url, { attended: true });
    await call(cast.admin, 'PUT', url, { attended: false });
    const full = await call(cast.admin, 'GET', `/api/trainers/${cast.mariaId}/full`);
    expect(full.json().profile.trainingDate).toBe('2025-07-25');
  });

  it('cancels a session: registrants get the cancellation and registering is refused', async () => {
    const { id } = await newSession();
    await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    const cancelled = await call(cast.admin, 'POST', `/api/admin/calendar/sessions/${id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    const mails = await outboxTo('maria@example.com');
    expect(mails.at(-1)?.subject).toBe('Cancelled: Train the Trainer');
    expect(mails.at(-1)?.attachments[0]?.content).toContain('METHOD:CANCEL');
    const refused = await call(cast.devon, 'POST', `/api/calendar/sessions/${id}/registration`);
    expect(refused.json().error.code).toBe('session_cancelled');
  });
});

describe('editing a session', () => {
  const edit = (cookie: string, id: number, extra: object = {}) =>
    call(cookie, 'PUT', `/api/admin/calendar/sessions/${id}`, session(extra));

  it('is for admins only, with a clear refusal below the seats taken, before it begins, not once cancelled', async () => {
    const { id } = await newSession({ capacity: 3 });
    await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    await call(cast.devon, 'POST', `/api/calendar/sessions/${id}/registration`);
    expect((await anonymous('PUT', `/api/admin/calendar/sessions/${id}`, session())).statusCode).toBe(401);
    expect((await edit(cast.maria, id)).statusCode).toBe(403);
    expect((await edit(cast.admin, 999_999)).statusCode).toBe(404);
    expect((await edit(cast.admin, id, { capacity: 0 })).statusCode).toBe(400);
    expect((await edit(cast.admin, id, { endTime: '08:00' })).statusCode).toBe(400);
    const below = await edit(cast.admin, id, { capacity: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toMatchObject({
      code: 'capacity_below_registered',
      fields: { capacity: '2 trainers are registered: the seats cannot be fewer than 2.' },
    });
    // Down to the seats taken is fine, and a change of seats alone tells nobody.
    const before = (await outboxTo('maria@example.com')).length;
    const full = await edit(cast.admin, id, { capacity: 2 });
    expect(full.json()).toMatchObject({ capacity: 2, registeredCount: 2, seatsLeft: 0 });
    expect(await outboxTo('maria@example.com')).toHaveLength(before);

    clock.set('2026-02-06T15:30:00Z');
    expect((await edit(cast.admin, id, { capacity: 5 })).json().error.code).toBe('in_the_past');
    clock.set('2026-01-05T15:00:00Z');
    await call(cast.admin, 'POST', `/api/admin/calendar/sessions/${id}/cancel`);
    expect((await edit(cast.admin, id)).json().error.code).toBe('session_cancelled');
  });

  it('moves a session: each registrant gets the updated invite (same UID, SEQUENCE up) and a new reminder', async () => {
    const { id } = await newSession();
    await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    const [registered] = await outboxTo('maria@example.com');
    expect(registered?.attachments[0]?.content).toContain('SEQUENCE:0');
    const moved = await edit(cast.admin, id, {
      date: '2026-02-13',
      startTime: '10:00',
      endTime: '16:00',
      location: 'Tulsa Community Center, Room 2',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ date: '2026-02-13', location: 'Tulsa Community Center, Room 2' });
    const mail = (await outboxTo('maria@example.com')).at(-1);
    expect(mail?.subject).toBe('Changed: Train the Trainer');
    expect(mail?.textBody).toContain('Tulsa Community Center, Room 2');
    const ics = mail?.attachments[0]?.content ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:training-session-${id}@localhost`);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('DTSTART:20260213T160000Z');
    // Another change, another sequence.
    await edit(cast.admin, id, { date: '2026-02-13', startTime: '10:00', endTime: '15:00' });
    expect((await outboxTo('maria@example.com')).at(-1)?.attachments[0]?.content).toContain('SEQUENCE:2');
    const mine = await call(cast.maria, 'GET', '/api/trainer-calendar');
    expect(mine.json().sessions[0]).toMatchObject({ id, date: '2026-02-13', registered: true });
  });
});

describe('session reminders', () => {
  it('reminds each registered trainer once, the day before, on the app clock; a moved session is reminded again', async () => {
    const { id } = await newSession();
    await call(cast.maria, 'POST', `/api/calendar/sessions/${id}/registration`);
    await call(cast.devon, 'POST', `/api/calendar/sessions/${id}/registration`);
    const deps = appDeps(t.app, clock);
    const reminders = async (email: string) =>
      (await outboxTo(email)).filter((m) => m.subject === 'Tomorrow: Train the Trainer').length;

    await sendSessionReminders(deps, clock.now());
    expect(await reminders('maria@example.com')).toBe(0);
    // The day before, two instances' rounds at once: each trainer once.
    clock.set('2026-02-05T16:00:00Z');
    const rounds = await Promise.all([
      sendSessionReminders(deps, clock.now()),
      sendSessionReminders(deps, clock.now()),
    ]);
    expect(rounds.map((r) => r.reminded).reduce((a, b) => a + b)).toBe(2);
    await sendSessionReminders(deps, new Date(clock.now().getTime() + 3_600_000));
    expect(await reminders('maria@example.com')).toBe(1);
    expect(await reminders('devon@example.com')).toBe(1);
    const text = (await outboxTo('maria@example.com')).at(-1)?.textBody ?? '';
    expect(text).toContain('Soul Punch HQ, Tulsa, OK');

    // Moved a week later: reminded again the day before the new time, not before.
    await call(cast.admin, 'PUT', `/api/admin/calendar/sessions/${id}`, session({ date: '2026-02-13' }));
    await sendSessionReminders(deps, clock.now());
    expect(await reminders('maria@example.com')).toBe(1);
    clock.set('2026-02-12T16:00:00Z');
    await sendSessionReminders(deps, clock.now());
    expect(await reminders('maria@example.com')).toBe(2);
    // A cancelled session reminds nobody.
    const other = await newSession({ date: '2026-02-13', title: 'Refresher' });
    await call(cast.maria, 'POST', `/api/calendar/sessions/${other.id}/registration`);
    await call(cast.admin, 'POST', `/api/admin/calendar/sessions/${other.id}/cancel`);
    await sendSessionReminders(deps, clock.now());
    expect((await outboxTo('maria@example.com')).filter((m) => m.subject === 'Tomorrow: Refresher')).toEqual(
      [],
    );
  });
});

describe('consultations', () => {
  it('lets one of two trainers racing for a slot book it; the other is told it is taken', async () => {
    const [slot] = await newSlots({ count: 1 });
    const [a, b] = await Promise.all([
      call(cast.maria, 'POST', `/api/calendar/slots/${slot}/booking`),
      call(cast.devon, 'POST', `/api/calendar/slots/${slot}/booking`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().error.code).toBe('slot_taken');
    const booked = await t.app.db.selectFrom('consultationBookings').select('id').execute();
    expect(booked).toHaveLength(1);
  });

  it('books with an .ics invite to both, and the slot leaves the open list', async () => {
    const [first, second] = await newSlots();
    expect((await anonymous('POST', `/api/calendar/slots/${first}/booking`)).statusCode).toBe(401);
    expect((await call(cast.admin, 'POST', `/api/calendar/slots/${first}/booking`)).statusCode).toBe(403);
    expect((await call(cast.maria, 'POST', '/api/calendar/slots/999999/booking')).statusCode).toBe(404);
    const res = await call(cast.maria, 'POST', `/api/calendar/slots/${first}/booking`);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slotId: first, status: 'booked', time: '10:00 AM - 10:30 AM' });
    for (const email of ['maria@example.com', 'boss@example.com']) {
      const [mail] = await outboxTo(email);
      expect(mail?.subject).toBe('Consultation booked: Maria Garcia with Bea Boss');
      expect(mail?.attachments[0]?.content).toContain('METHOD:REQUEST');
      expect(mail?.attachments[0]?.content).toContain('DTSTART:20260112T160000Z');
    }
    const mine = (await call(cast.maria, 'GET', '/api/trainer-calendar')).json();
    expect(mine.bookings.map((b: { slotId: number }) => b.slotId)).toEqual([first]);
    expect(mine.openSlots.map((s: { id: number }) => s.id)).not.toContain(first);
    expect(mine.openSlots.map((s: { id: number }) => s.id)).toContain(second);
    const withdraw = await call(cast.admin, 'DELETE', `/api/admin/calendar/slots/${first}`);
    expect(withdraw.json().error.code).toBe('slot_booked');
    expect((await call(cast.admin, 'DELETE', `/api/admin/calendar/slots/${second}`)).json()).toEqual({
      removed: true,
    });
  });

  it('moves and cancels a booking by its trainer or an admin, never by another trainer', async () => {
    const [first, second, third] = await newSlots();
    const booking = (await call(cast.maria, 'POST', `/api/calendar/slots/${first}/booking`)).json();
    await call(cast.devon, 'POST', `/api/calendar/slots/${third}/booking`);
    const url = `/api/calendar/bookings/${booking.id}`;
    expect((await anonymous('POST', `${url}/move`, { slotId: second })).statusCode).toBe(401);
    expect((await call(cast.devon, 'POST', `${url}/move`, { slotId: second })).statusCode).toBe(403);
    expect((await call(cast.devon, 'POST', `${url}/cancel`)).statusCode).toBe(403);
    expect((await call(cast.maria, 'POST', `${url}/move`, { slotId: 'x' })).statusCode).toBe(400);
    const taken = await call(cast.maria, 'POST', `${url}/move`, { slotId: third });
    expect(taken.json().error.code).toBe('slot_taken');
    const moved = await call(cast.maria, 'POST', `${url}/move`, { slotId: second });
    expect(moved.json()).toMatchObject({ slotId: second, time: '10:30 AM - 11:00 AM' });
    const hostMail = (await outboxTo('boss@example.com')).at(-1);
    expect(hostMail?.subject).toBe('Consultation moved: Maria Garcia with Bea Boss');
    expect(hostMail?.attachments[0]?.content).toContain('SEQUENCE:1');
    // The freed slot is open again; the admin cancels on the trainer's behalf.
    const open = (await call(cast.maria, 'GET', '/api/trainer-calendar')).json().openSlots;
    expect(open.map((s: { id: number }) => s.id)).toContain(first);
    const cancelled = await call(cast.admin, 'POST', `${url}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    const trainerMail = (await outboxTo('maria@example.com')).at(-1);
    expect(trainerMail?.subject).toBe('Consultation cancelled: Maria Garcia with Bea Boss');
    expect(trainerMail?.attachments[0]?.content).toContain('METHOD:CANCEL');
    expect((await call(cast.maria, 'POST', `${url}/cancel`)).json().error.code).toBe('booking_cancelled');
    expect((await call(cast.maria, 'POST', `${url}/move`, { slotId: first })).statusCode).toBe(409);
  });

  it('refuses to change a consultation that has begun', async () => {
    const [first, second] = await newSlots();
    const booking = (await call(cast.maria, 'POST', `/api/calendar/slots/${first}/booking`)).json();
    clock.set('2026-01-12T16:05:00Z');
    const moved = await call(cast.maria, 'POST', `/api/calendar/bookings/${booking.id}/move`, {
      slotId: second,
    });
    expect(moved.json().error.code).toBe('in_the_past');
    const cancelled = await call(cast.maria, 'POST', `/api/calendar/bookings/${booking.id}/cancel`);
    expect(cancelled.json().error.code).toBe('in_the_past');
  });
});

describe('consultation reminders', () => {
  it('reminds both people once, the day before, on the app clock; a moved booking is reminded again', async () => {
    const [first, , third] = await newSlots();
    const booking = (await call(cast.maria, 'POST', `/api/calendar/slots/${first}/booking`)).json();
    const deps = appDeps(t.app, clock);
    const reminders = async () =>
      (await outboxTo('maria@example.com')).filter((m) => m.subject.startsWith('Reminder')).length;

    // Two days ahead: nothing yet.
    await sendConsultationReminders(deps, clock.now());
    expect(await reminders()).toBe(0);
    clock.set('2026-01-11T17:00:00Z');
    const rounds = await Promise.all([
      sendConsultationReminders(deps, clock.now()),
      sendConsultationReminders(deps, clock.now()),
    ]);
    expect(rounds.map((r) => r.reminded).sort()).toEqual([0, 1]);
    await sendConsultationReminders(deps, new Date(clock.now().getTime() + 3_600_000));
    expect(await reminders()).toBe(1);
    expect((await outboxTo('boss@example.com')).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(
      1,
    );

    await call(cast.maria, 'POST', `/api/calendar/bookings/${booking.id}/move`, { slotId: third });
    await sendConsultationReminders(deps, clock.now());
    await sendConsultationReminders(deps, clock.now());
    expect(await reminders()).toBe(2);
  });
});

describe("each admin's private feed", () => {
  it('is made, read without a session by its secret address, replaced and revoked', async () => {
    await newSession();
    const [slot] = await newSlots({ count: 1 });
    await call(cast.maria, 'POST', `/api/calendar/slots/${slot}/booking`);
    expect((await call(cast.admin, 'GET', '/api/admin/calendar/feed')).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await call(cast.admin, 'POST', '/api/admin/calendar/feed');
    expect(made.statusCode).toBe(201);
    const path = new URL(made.json().url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('SUMMARY:Train the Trainer');
    expect(feed.body).toContain('SUMMARY:Soul Punch consultation: Maria Garcia with Bea Boss');
    // The token is kept only as a hash.
    const stored = await t.app.db.selectFrom('adminCalendarFeeds').select('tokenHash').execute();
    expect(path).not.toContain(stored[0]?.tokenHash);

    const renewed = await call(cast.admin, 'POST', '/api/admin/calendar/feed');
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = new URL(renewed.json().url).pathname;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);
    await call(cast.admin, 'DELETE', '/api/admin/calendar/feed');
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/admin/short.ics' })).statusCode).toBe(
      400,
    );
  });
});

describe('certification dates on the calendar', () => {
  it("shows each certificate's renewal date and each current insurance policy's expiry as they fall", async () => {
    await t.app.db
      .updateTable('certificationRecords')
      .set({ expiresOn: '2026-03-02' })
      .where('trainerId', '=', cast.mariaId)
      .execute();
    const policy = (expiresOn: string) => ({
      trainerId: cast.devonId,
      provider: 'Next Insurance',
      policyNumber: `P-${expiresOn}`,
      expiresOn,
    });
    // The older policy is replaced by the newer: only the current one's expiry is a date to watch.
    await t.app.db.insertInto('insurancePolicies').values(policy('2026-03-10')).execute();
    await t.app.db.insertInto('insurancePolicies').values(policy('2026-03-20')).execute();

    const march = await call(cast.admin, 'GET', '/api/admin/calendar?from=2026-03-01&to=2026-03-31');
    expect(march.statusCode).toBe(200);
    const maria = await t.app.db
      .selectFrom('trainers')
      .select('name')
      .where('id', '=', cast.mariaId)
      .executeTakeFirstOrThrow();
    const devon = await t.app.db
      .selectFrom('trainers')
      .select('name')
      .where('id', '=', cast.devonId)
      .executeTakeFirstOrThrow();
    expect(march.json().otherItems).toEqual([
      {
        kind: 'certification_renewal',
        date: '2026-03-02',
        title: maria.name,
        trainerId: cast.mariaId,
        href: `/admin/trainers/${cast.mariaId}`,
      },
      {
        kind: 'insurance_expiry',
        date: '2026-03-20',
        title: devon.name,
        trainerId: cast.devonId,
        href: `/admin/trainers/${cast.devonId}`,
      },
    ]);

    // A revoked certificate has no renewal date to watch.
    await t.app.db
      .updateTable('certificationRecords')
      .set({ status: 'revoked' })
      .where('trainerId', '=', cast.mariaId)
      .execute();
    const after = await call(cast.admin, 'GET', '/api/admin/calendar?from=2026-03-01&to=2026-03-31');
    expect(after.json().otherItems.map((i: { kind: string }) => i.kind)).toEqual(['insurance_expiry']);
  });
});
