import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, resetDatabase, signIn, type TestApp, withCookie } from './helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.app);
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia');
  admin = await signIn(t.app, 'boss@example.com');
});

const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(withCookie(cookie, { method, url, payload }));

describe('adding a trainer', () => {
  it('creates the trainer and an account, and e-mails a sign-in link', async () => {
    const res = await call(admin, 'POST', '/api/admin/trainers', {
      name: 'Nina Flores',
      email: 'Nina@Example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Nina Flores', email: 'nina@example.com' });
    // The welcome with its sign-in link, then the three documents to sign.
    const mails = await t.app.db
      .selectFrom('outboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', 'nina@example.com')
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.subject)).toEqual([
      'Welcome to the Soul Punch Trainer Portal',
      'Please sign: Trainer Agreement',
      'Please sign: Non-Disclosure Agreement',
      'Please sign: Liability Waiver',
    ]);
    expect(mails[0]?.textBody).toContain('/auth/confirm?token=');
    const session = await t.app.inject(
      withCookie(await signIn(t.app, 'nina@example.com'), { method: 'GET', url: '/api/auth/session' }),
    );
    expect(session.json().user).toMatchObject({ roles: ['trainer'], trainerId: res.json().id });
  });

  it('refuses a duplicate or invalid trainer', async () => {
    const dup = await call(admin, 'POST', '/api/admin/trainers', {
      name: 'Maria Again',
      email: 'maria@example.com',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields.email).toBe('A trainer with this email already exists');
    const bad = await call(admin, 'POST', '/api/admin/trainers', { name: 'N', email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'name']);
  });
});

describe('administrators', () => {
  it('grants and removes the admin role by e-mail, never the last one', async () => {
    const granted = await call(admin, 'POST', '/api/admin/administrators', { email: 'maria@example.com' });
    expect(granted.statusCode).toBe(201);
    const list = await call(admin, 'GET', '/api/admin/administrators');
    expect(list.json().map((a: { email: string }) => a.email)).toEqual([
      'boss@example.com',
      'maria@example.com',
    ]);

    // Maria now holds both roles.
    const maria = await signIn(t.app, 'maria@example.com');
    const session = await t.app.inject(withCookie(maria, { method: 'GET', url: '/api/auth/session' }));
    expect(session.json().user.roles).toEqual(['admin', 'trainer']);

    expect((await call(admin, 'DELETE', '/api/admin/administrators/boss%40example.com')).statusCode).toBe(
      204,
    );
    const last = await call(maria, 'DELETE', '/api/admin/administrators/maria%40example.com');
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('last_admin');
    // Bea lost the role: her session no longer reaches admin routes.
    expect((await call(admin, 'GET', '/api/admin/administrators')).statusCode).toBe(403);
  });

  it('answers 404 when removing someone who is not an administrator', async () => {
    const res = await call(admin, 'DELETE', '/api/admin/administrators/maria%40example.com');
    expect(res.statusCode).toBe(404);
  });
});
