import { STAFF_READ_ONLY_MESSAGE } from '@soulpunch/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, resetDatabase, signIn, type TestApp, withCookie } from './helper';

/** The read-only staff role and the roles' history (issue 27, decision record 0016). */
let t: TestApp;
let admin: string;
let staff: string;
let trainer: string;
let trainerId: number;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.app);
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(t.app, 'sam@example.com', ['staff'], 'Sam Staff');
  trainerId = (await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia')).trainerId as number;
  admin = await signIn(t.app, 'boss@example.com');
  staff = await signIn(t.app, 'sam@example.com');
  trainer = await signIn(t.app, 'maria@example.com');
});

const call = (
  cookie: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject(
    cookie
      ? withCookie(cookie, { method, url, payload })
      : { method, url, payload, headers: { origin: 'http://localhost:3000' } },
  );

const mailsTo = (email: string) =>
  t.app.db
    .selectFrom('outboxMessages')
    .select(['subject', 'textBody'])
    .where('toAddress', '=', email)
    .orderBy('id')
    .execute();

describe('the staff role', () => {
  it('signs in to the admin area and reads every admin page', async () => {
    const session = (await call(staff, 'GET', '/api/auth/session')).json();
    expect(session.user.roles).toEqual(['staff']);
    for (const url of [
      '/api/trainers',
      `/api/trainers/${trainerId}/full`,
      `/api/trainers/${trainerId}/changes`,
      `/api/trainers/${trainerId}/payments`,
      '/api/dashboard/stats',
      '/api/documents',
      '/api/admin/administrators',
      '/api/admin/staff',
      '/api/admin/role-changes',
      '/api/admin/branding',
      '/api/admin/integrations',
      '/api/payment-events',
      '/api/admin/knowledge/articles',
    ]) {
      expect((await call(staff, 'GET', url)).statusCode, url).toBe(200);
    }
  });

  it('is refused every change with a message that says why, and nothing changes', async () => {
    const writes: Array<['POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['POST', '/api/admin/trainers', { name: 'Nia Newton', email: 'nia@example.com' }],
      ['POST', '/api/admin/administrators', { email: 'sam@example.com' }],
      ['DELETE', '/api/admin/administrators/boss%40example.com'],
      ['POST', '/api/admin/staff', { email: 'new@example.com' }],
      ['DELETE', '/api/admin/staff/sam%40example.com'],
      [
        'PUT',
        '/api/admin/branding',
        { name: 'Staff Brand', primaryColor: '#0b7285', supportEmail: 'a@b.co', postalAddress: null },
      ],
      ['DELETE', '/api/admin/branding/logo'],
      ['POST', '/api/admin/integrations/mail/test'],
      [
        'POST',
        `/api/trainers/${trainerId}/certification-record/suspend`,
        { reason: 'Testing the staff role' },
      ],
      [
        'PUT',
        `/api/trainers/${trainerId}/insurance`,
        { provider: 'Next Insurance', policyNumber: 'N-1', expiresOn: '2030-01-01' },
      ],
      ['POST', '/api/documents/refresh'],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(staff, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error, `${method} ${url}`).toEqual({
        code: 'read_only',
        message: STAFF_READ_ONLY_MESSAGE,
      });
    }
    expect((await call(admin, 'GET', '/api/admin/staff')).json()).toEqual([
      { id: expect.any(Number), email: 'sam@example.com', name: 'Sam Staff' },
    ]);
    expect(await t.app.db.selectFrom('trainers').select('email').execute()).toEqual([
      { email: 'maria@example.com' },
    ]);
    expect((await call(admin, 'GET', '/api/admin/role-changes')).json()).toEqual([]);
  });

  it('chooses their own notifications, a personal setting and not a change to the admin area', async () => {
    const res = await call(staff, 'PUT', '/api/notification-preferences', { staff: { dispute: 'off' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff.dispute).toBe('off');
  });

  it('keeps trainers out: 403 for a trainer, 401 without a session', async () => {
    expect((await call(trainer, 'GET', '/api/admin/staff')).statusCode).toBe(403);
    expect((await call(trainer, 'GET', '/api/admin/role-changes')).statusCode).toBe(403);
    expect(
      (await call(trainer, 'POST', '/api/admin/staff', { email: 'x@example.com' })).json().error.code,
    ).toBe('forbidden');
    expect((await call(null, 'GET', '/api/admin/staff')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/admin/staff/sam%40example.com')).statusCode).toBe(401);
    // A trainer still reaches only their own records.
    expect((await call(trainer, 'GET', `/api/trainers/${trainerId}/full`)).statusCode).toBe(200);
  });
});

describe('granting and removing staff and administrators', () => {
  it('e-mails each grant and removal and records who did what, when, newest first', async () => {
    const granted = await call(admin, 'POST', '/api/admin/staff', { email: 'Ola@Example.com' });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toEqual({ id: expect.any(Number), email: 'ola@example.com', name: 'ola' });
    // Granting again changes nothing and tells nobody.
    expect((await call(admin, 'POST', '/api/admin/staff', { email: 'ola@example.com' })).statusCode).toBe(
      201,
    );
    expect((await call(admin, 'DELETE', '/api/admin/staff/ola%40example.com')).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', '/api/admin/staff/ola%40example.com')).statusCode).toBe(404);

    const mails = await mailsTo('ola@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'You now have staff access to Soul Punch',
      'Your Soul Punch staff role was removed',
    ]);
    expect(mails[0]?.textBody).toContain('by Bea Boss (boss@example.com)');
    expect(mails[0]?.textBody).toContain('Staff can look at everything there but cannot change anything.');

    const history = (await call(staff, 'GET', '/api/admin/role-changes')).json();
    expect(history).toEqual([
      {
        id: expect.any(Number),
        email: 'ola@example.com',
        name: 'ola',
        role: 'staff',
        action: 'removed',
        changedAt: expect.any(String),
        changedBy: { name: 'Bea Boss', email: 'boss@example.com' },
      },
      expect.objectContaining({ email: 'ola@example.com', role: 'staff', action: 'granted' }),
    ]);
    expect(Date.parse(history[0].changedAt)).toBeGreaterThanOrEqual(Date.parse(history[1].changedAt));
  });

  it('makes staff an administrator (the staff role goes with it) and keeps both changes', async () => {
    expect(
      (await call(admin, 'POST', '/api/admin/administrators', { email: 'sam@example.com' })).statusCode,
    ).toBe(201);
    expect((await call(admin, 'GET', '/api/admin/staff')).json()).toEqual([]);
    const history = (await call(admin, 'GET', '/api/admin/role-changes')).json();
    expect(history.map((h: { role: string; action: string }) => `${h.role} ${h.action}`).sort()).toEqual([
      'admin granted',
      'staff removed',
    ]);
    expect((await mailsTo('sam@example.com')).map((m) => m.subject)).toContain(
      'You are now a Soul Punch administrator',
    );
    const session = (await call(await signIn(t.app, 'sam@example.com'), 'GET', '/api/auth/session')).json();
    expect(session.user.roles).toEqual(['admin']);
  });

  it('refuses to make an administrator staff, and keeps the last administrator', async () => {
    const res = await call(admin, 'POST', '/api/admin/staff', { email: 'boss@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('is an administrator, who can already see everything');
    const last = await call(admin, 'DELETE', '/api/admin/administrators/boss%40example.com');
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_admin');
    expect((await call(admin, 'GET', '/api/admin/role-changes')).json()).toEqual([]);
  });

  it('records removals of administrators too, and refuses bad addresses', async () => {
    await call(admin, 'POST', '/api/admin/administrators', { email: 'dee@example.com' });
    expect((await call(admin, 'DELETE', '/api/admin/administrators/dee%40example.com')).statusCode).toBe(204);
    const history = (await call(admin, 'GET', '/api/admin/role-changes')).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(['removed', 'granted']);
    expect((await call(admin, 'POST', '/api/admin/staff', { email: 'not an address' })).statusCode).toBe(400);
    expect(
      (await call(admin, 'POST', '/api/admin/staff', { email: 'a@b.co', role: 'admin' })).statusCode,
    ).toBe(400);
    expect((await call(admin, 'DELETE', '/api/admin/staff/nope')).statusCode).toBe(400);
  });

  it('a removed staff member loses the admin area at once', async () => {
    await call(admin, 'DELETE', '/api/admin/staff/sam%40example.com');
    const res = await call(staff, 'GET', '/api/trainers');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});
