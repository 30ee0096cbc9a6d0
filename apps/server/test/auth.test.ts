import { authMessages } from '@soulpunch/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAGIC_LINK_LIMITS } from '../src/modules/auth/service';
import {
  buildTestApp,
  createUser,
  latestMailTo,
  requestLinkToken,
  resetDatabase,
  signIn,
  type TestApp,
  tokenFromMail,
  withCookie,
} from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.app);
  await createUser(t.app, 'trainer@example.com', ['trainer'], 'Tina Trainer');
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(t.app, 'both@example.com', ['admin', 'trainer'], 'Bo Both');
});

const requestLink = (email: unknown, extra: Record<string, unknown> = {}, remoteAddress = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, ...extra }, remoteAddress });
const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });

describe('magic-link request', () => {
  it('e-mails a link to the confirm page, valid for 10 minutes, stored only as a hash', async () => {
    const res = await requestLink('  Trainer@Example.com ');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    const mail = await latestMailTo(t.app, 'trainer@example.com');
    expect(mail?.subject).toBe('Your Soul Punch sign-in link');
    expect(mail?.textBody).toContain('http://localhost:3000/auth/confirm?token=');
    expect(mail?.htmlBody).toContain('/auth/confirm?token=');
    const token = tokenFromMail(mail?.textBody ?? '');

    const rows = await t.app.db.selectFrom('magicLinks').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(Math.round(ttl / 60_000)).toBe(10);
  });

  it('refuses an unknown e-mail with the spec message', async () => {
    const res = await requestLink('nobody@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'unknown_email', message: authMessages.unknownEmail } });
  });

  it('refuses an invalid e-mail and unknown fields with 400, sending nothing', async () => {
    const bad = await requestLink('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Please enter a valid email address',
      fields: { email: 'Please enter a valid email address' },
    });
    const extra = await requestLink('trainer@example.com', { role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toContain('role');
    expect(await latestMailTo(t.app, 'trainer@example.com')).toBeUndefined();
  });

  it('answers the 6th request in a minute for one e-mail with 429 and Retry-After', async () => {
    expect(t.app.config.signInLinksPerEmail).toBe(5);
    expect(MAGIC_LINK_LIMITS.perEmailWindowSeconds).toBe(60);
    for (let i = 0; i < 5; i++) {
      expect((await requestLink('trainer@example.com', {}, `10.2.0.${i}`)).statusCode).toBe(202);
    }
    const sixth = await requestLink('trainer@example.com', {}, '10.2.0.99');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('rate_limited');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another e-mail is not affected.
    expect((await requestLink('boss@example.com', {}, '10.2.1.1')).statusCode).toBe(202);
  });

  it('limits requests per IP address across e-mails', async () => {
    const limit = t.app.config.signInLinksPerIp;
    expect(limit).toBe(20);
    for (let i = 0; i < limit; i++) {
      const res = await requestLink(`person${i}@example.com`, {}, '10.3.3.3');
      expect(res.statusCode).not.toBe(429);
    }
    const over = await requestLink('trainer@example.com', {}, '10.3.3.3');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a cross-site request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'trainer@example.com' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cross_origin');
    const sameSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'trainer@example.com' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(sameSite.statusCode).toBe(202);
  });
});

describe('magic-link verify and sessions', () => {
  it('signs in once: the session cookie is HttpOnly, SameSite=Lax, and a used link is refused', async () => {
    const token = await requestLinkToken(t.app, 'trainer@example.com');
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: {
        email: 'trainer@example.com',
        name: 'Tina Trainer',
        roles: ['trainer'],
        trainerId: expect.any(Number),
      },
      redirectTo: '/trainer-portal/dashboard',
    });
    const cookie = res.cookies.find((c) => c.name === 'sp_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'invalid_link', message: authMessages.invalidLink });
  });

  it('refuses an expired link', async () => {
    const token = await requestLinkToken(t.app, 'trainer@example.com');
    await t.app.db
      .updateTable('magicLinks')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('refuses a made-up token', async () => {
    expect((await verify('x'.repeat(43))).statusCode).toBe(400);
  });

  it('sends admins to /admin and reports both roles', async () => {
    const token = await requestLinkToken(t.app, 'both@example.com');
    const res = await verify(token);
    expect(res.json()).toMatchObject({ user: { roles: ['admin', 'trainer'] }, redirectTo: '/admin' });
  });

  it('marks the cookie Secure when APP_URL is https', async () => {
    const https = await buildTestApp({ appUrl: 'https://trainers.soulpunch.example' });
    try {
      await createUser(https.app, 'trainer@example.com', ['trainer']);
      const token = await requestLinkToken(https.app, 'trainer@example.com');
      const res = await https.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
      expect(res.cookies.find((c) => c.name === 'sp_session')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('reports the session, and logout ends it on the server', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({ user: null });
    const cookie = await signIn(t.app, 'trainer@example.com');
    const session = await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/auth/session' }));
    expect(session.json().user.email).toBe('trainer@example.com');

    const logout = await t.app.inject(withCookie(cookie, { method: 'POST', url: '/api/auth/logout' }));
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'sp_session')?.value).toBe('');
    // The old cookie value no longer works, even if a client kept it.
    const after = await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/auth/session' }));
    expect(after.json()).toEqual({ user: null });
    expect(await t.app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('ends a session idle for more than 7 days, and any session after 30 days', async () => {
    const cookie = await signIn(t.app, 'trainer@example.com');
    const byEmail = withCookie(cookie, {
      method: 'GET',
      url: '/api/trainers/by-email/trainer%40example.com',
    });
    expect((await t.app.inject(byEmail)).statusCode).toBe(200);

    await t.app.db
      .updateTable('sessions')
      .set({ lastSeenAt: new Date(Date.now() - 7 * 24 * 3600 * 1000 - 1000) })
      .execute();
    expect((await t.app.inject(byEmail)).statusCode).toBe(401);

    const second = await signIn(t.app, 'trainer@example.com');
    await t.app.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    const res = await t.app.inject(
      withCookie(second, { method: 'GET', url: '/api/trainers/by-email/trainer%40example.com' }),
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('trainer lookup by e-mail', () => {
  it('lets a trainer read only their own record; admins any', async () => {
    const trainer = await signIn(t.app, 'trainer@example.com');
    const own = await t.app.inject(
      withCookie(trainer, { method: 'GET', url: '/api/trainers/by-email/Trainer%40example.com' }),
    );
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      id: expect.any(Number),
      name: 'Tina Trainer',
      email: 'trainer@example.com',
      status: 'active',
    });

    const other = await t.app.inject(
      withCookie(trainer, { method: 'GET', url: '/api/trainers/by-email/both%40example.com' }),
    );
    expect(other.statusCode).toBe(403);

    const admin = await signIn(t.app, 'boss@example.com');
    const any = await t.app.inject(
      withCookie(admin, { method: 'GET', url: '/api/trainers/by-email/both%40example.com' }),
    );
    expect(any.json().name).toBe('Bo Both');
    const missing = await t.app.inject(
      withCookie(admin, { method: 'GET', url: '/api/trainers/by-email/ghost%40example.com' }),
    );
    expect(missing.statusCode).toBe(404);
    const invalid = await t.app.inject(
      withCookie(admin, { method: 'GET', url: '/api/trainers/by-email/ghost' }),
    );
    expect(invalid.statusCode).toBe(400);
  });
});
