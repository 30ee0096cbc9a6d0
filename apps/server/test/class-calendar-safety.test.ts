import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../src/lib/clock';
import { buildTestApp, seedCast, type TestApp, withCookie } from './helper';

/**
 * Issue 22, finding 11 (a CR in a class title or notes added properties to the feeds and the invites) and the
 * class registration e-mail of finding 12 (anyone's words, greeting anyone's address).
 */

let t: TestApp;
let clock: ManualClock;
let maria: string;
let mariaId: number;

beforeAll(async () => {
  clock = manualClock(new Date());
  t = await buildTestApp({}, undefined, { clock });
});
afterAll(() => t?.close());
beforeEach(async () => {
  clock.set(new Date());
  ({ maria, mariaId } = await seedCast(t.app));
});

const future = (days = 20) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const addClass = async (extra: Record<string, unknown> = {}) => {
  const res = await t.app.inject(
    withCookie(maria, {
      method: 'POST',
      url: `/api/trainers/${mariaId}/classes`,
      payload: {
        title: 'Basic Self-Defense',
        date: future(),
        startTime: '14:00',
        location: 'YMCA',
        address: '12 Main St, Tulsa, OK',
        timeZone: 'America/Chicago',
        ...extra,
      },
    }),
  );
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as { id: number };
};
let nextIp = 1;
const register = (classId: number, name: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/classes/${classId}/registrations`,
    payload: { name, email },
    remoteAddress: `10.60.0.${nextIp++ % 250}`,
  });
const mailTo = (to: string) =>
  t.app.db.selectFrom('outboxMessages').selectAll().where('toAddress', '=', to).orderBy('id').execute();

describe('a CR, LF or CRLF in a class title or notes', () => {
  const title = 'Basics\rATTACH:https://evil.example/x.exe';
  const notes =
    'Bring water.\rORGANIZER:mailto:boss@evil.example\r\nX-INJECTED:1\nEND:VEVENT\r\nBEGIN:VEVENT\rUID:spoof';

  /** Parses a calendar and checks it holds exactly the properties we write, and the text as it was typed. */
  function expectOnlyOurProperties(text: string, source: string, classId: number) {
    // No CR or LF but the line ends; every line is a property or a folded continuation.
    expect(text.replace(/\r\n/g, ''), source).not.toMatch(/[\r\n]/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(
      calendar.getAllProperties().map((p) => p.name),
      source,
    ).toEqual(['version', 'prodid', 'calscale', 'method', 'x-wr-calname']);
    const events = calendar.getAllSubcomponents('vevent');
    expect(events, source).toHaveLength(1);
    const [vevent] = events;
    expect(
      vevent?.getAllProperties().map((p) => p.name),
      source,
    ).toEqual([
      'uid',
      'dtstamp',
      'dtstart',
      'dtend',
      'summary',
      'sequence',
      'status',
      'location',
      'description',
      'url',
    ]);
    expect(vevent?.getFirstPropertyValue('uid'), source).toBe(`class-${classId}@localhost`);
    expect(vevent?.getFirstPropertyValue('summary'), source).toBe(title.replace(/\r/g, '\n'));
    expect(vevent?.getFirstPropertyValue('location'), source).toBe('YMCA, 12 Main St, Tulsa, OK');
    expect(String(vevent?.getFirstPropertyValue('description')), source).toContain(
      'Bring water.\nORGANIZER:mailto:boss@evil.example\nX-INJECTED:1\nEND:VEVENT\nBEGIN:VEVENT\nUID:spoof',
    );
    expect(calendar.getAllSubcomponents().map((c) => c.name)).toEqual(['vevent']);
  }

  it('stays inside its property in all three feeds and in the e-mailed invite', async () => {
    const created = await addClass({ title, notes });
    for (const url of [
      '/api/calendar/classes.ics',
      `/api/calendar/classes/${created.id}.ics`,
      `/api/calendar/trainers/${mariaId}.ics`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectOnlyOurProperties(res.body, url, created.id);
    }
    expect((await register(created.id, 'Pat Lee', 'pat@example.com')).statusCode).toBe(201);
    const [confirmation] = await mailTo('pat@example.com');
    const invite = confirmation?.attachments[0];
    expect(invite?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expectOnlyOurProperties(invite?.content ?? '', 'invite', created.id);
  });
});

describe('the class registration e-mails', () => {
  const hostileName = 'WIN $500 at https://evil.example/claim';

  it('greet neutrally: nothing the visitor typed but the address reaches the e-mail', async () => {
    const created = await addClass({ capacity: 1 });
    expect((await register(created.id, hostileName, 'victim@example.com')).statusCode).toBe(201);
    expect((await register(created.id, hostileName, 'second@example.com')).statusCode).toBe(201);
    // The trainer changes the class: both are told.
    const changed = await t.app.inject(
      withCookie(maria, {
        method: 'PUT',
        url: `/api/classes/${created.id}`,
        payload: {
          title: 'Basic Self-Defense',
          date: future(21),
          startTime: '14:00',
          location: 'YMCA',
          timeZone: 'America/Chicago',
        },
      }),
    );
    expect(changed.statusCode).toBe(200);
    const [confirmation] = await mailTo('victim@example.com');
    const token = confirmation?.textBody.match(/\?cancel=([\w-]+)/)?.[1] as string;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/registrations/cancel', payload: { token } }))
        .statusCode,
    ).toBe(200);

    const messages = [...(await mailTo('victim@example.com')), ...(await mailTo('second@example.com'))];
    expect(messages.map((m) => m.subject).sort()).toEqual([
      'A place opened up: Basic Self-Defense',
      'Registration cancelled: Basic Self-Defense',
      'Updated: Basic Self-Defense',
      'Updated: Basic Self-Defense',
      "You're on the waitlist: Basic Self-Defense",
      "You're registered: Basic Self-Defense",
    ]);
    for (const message of messages) {
      for (const body of [message.textBody, message.htmlBody]) {
        expect(body, message.subject).not.toContain('evil.example');
        expect(body, message.subject).not.toContain('WIN');
      }
      expect(
        message.textBody.startsWith('Hi there,') || message.textBody.startsWith('A place opened up'),
      ).toBe(true);
      expect(message.htmlBody).toContain('<p>Hi there,</p>');
    }
    // The trainer still sees the name given.
    const registrations = await t.app.db.selectFrom('classRegistrations').select('name').execute();
    expect(registrations.map((r) => r.name)).toEqual([hostileName, hostileName]);
  });

  it('to one address are limited: 5 registrations an hour, whatever the IP and the class', async () => {
    const classes = [];
    for (let i = 0; i < 6; i++) classes.push(await addClass({ date: future(20 + i) }));
    for (const c of classes.slice(0, 5)) {
      expect((await register(c.id, 'Pat Lee', 'Pat@Example.com')).statusCode).toBe(201);
    }
    const sixth = await register(classes[5]?.id as number, 'Pat Lee', 'pat@example.com');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('rate_limited');
    expect(sixth.headers['retry-after']).toBeDefined();
    expect(await mailTo('pat@example.com')).toHaveLength(5);
    expect(
      await t.app.db
        .selectFrom('classRegistrations')
        .select('id')
        .where('classId', '=', classes[5]?.id as number)
        .execute(),
    ).toEqual([]);
    // Another address is not held up, and an hour later this one may register again.
    expect((await register(classes[5]?.id as number, 'Sam Roe', 'sam@example.com')).statusCode).toBe(201);
    clock.advance(3601_000);
    expect((await register(classes[5]?.id as number, 'Pat Lee', 'pat@example.com')).statusCode).toBe(201);
  });
});
