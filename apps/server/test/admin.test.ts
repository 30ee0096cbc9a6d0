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

const mailsTo = (email: string) =>
  t.app.db
    .selectFrom('outboxMessages')
    .select(['subject', 'textBody', 'htmlBody'])
    .where('toAddress', '=', email)
    .orderBy('id')
    .execute();

describe('adding a trainer', () => {
  it('creates the trainer and an account, e-mails a sign-in link and one list of the documents to sign', async () => {
    const res = await call(admin, 'POST', '/api/admin/trainers', {
      name: 'Nina Flores',
      email: 'Nina@Example.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Nina Flores', email: 'nina@example.com' });
    // The welcome with its sign-in link, in the admin's words, then one e-mail listing the three documents.
    const mails = await mailsTo('nina@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'Welcome to the Soul Punch Trainer Portal',
      'Please sign your Soul Punch trainer documents',
    ]);
    const [welcome, documents] = mails;
    expect(welcome?.textBody).toContain('/auth/confirm?token=');
    expect(welcome?.textBody).toContain('An administrator has created your Soul Punch trainer account.');
    expect(documents?.textBody).toContain('Three documents are ready for you to sign.');
    for (const title of ['Trainer Agreement', 'Non-Disclosure Agreement', 'Liability Waiver']) {
      expect(documents?.textBody).toMatch(
        new RegExp(`- Review and sign the ${title}: http://\\S+/trainer-portal/documents/\\d+`),
      );
    }
    // The open period as people write it: 30 days after 'now', in the brand's time zone.
    expect(documents?.textBody).toMatch(
      /stay open for 30 days, until [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}\./,
    );
    expect(documents?.htmlBody.match(/<li><a href="[^"]+\/trainer-portal\/documents\/\d+">/g)).toHaveLength(
      3,
    );
    const session = await t.app.inject(
      withCookie(await signIn(t.app, 'nina@example.com'), { method: 'GET', url: '/api/auth/session' }),
    );
    expect(session.json().user).toMatchObject({ roles: ['trainer'], trainerId: res.json().id });
  });

  it("starts the trainer's change history with who added them and when", async () => {
    const before = Date.now();
    const res = await call(admin, 'POST', '/api/admin/trainers', {
      name: 'Nina Flores',
      email: 'nina@example.com',
    });
    const history = await call(admin, 'GET', `/api/trainers/${res.json().id}/changes`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      {
        id: expect.any(Number),
        changedAt: expect.any(String),
        changedBy: { name: 'Bea Boss', email: 'boss@example.com' },
        changes: [{ field: 'created', from: null, to: 'Nina Flores <nina@example.com>' }],
      },
    ]);
    // The database stamps the row: within this test's run (a second's leeway for the clocks' rounding).
    expect(Date.parse(history.json()[0].changedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a signed-out caller and a trainer, adding nobody', async () => {
    const maria = await signIn(t.app, 'maria@example.com');
    const payload = { name: 'Nina Flores', email: 'nina@example.com' };
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trainers',
      payload,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await call(maria, 'POST', '/api/admin/trainers', payload)).statusCode).toBe(403);
    expect(
      await t.app.db.selectFrom('trainers').select('id').where('email', '=', 'nina@example.com').execute(),
    ).toEqual([]);
    expect(await mailsTo('nina@example.com')).toEqual([]);
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

  it('never leaves no administrator when two remove each other at the same moment', async () => {
    await call(admin, 'POST', '/api/admin/administrators', { email: 'maria@example.com' });
    const maria = await signIn(t.app, 'maria@example.com');
    const answers = await Promise.all([
      call(admin, 'DELETE', '/api/admin/administrators/maria%40example.com'),
      call(maria, 'DELETE', '/api/admin/administrators/boss%40example.com'),
    ]);
    // One wins. The other is refused: 409 when both passed the role check before either removal committed, 403
    // when the winner's removal committed first and took the loser's role (which one depends on the scheduler).
    const [won, lost] = answers.map((a) => a.statusCode).sort();
    expect(won).toBe(204);
    expect([403, 409]).toContain(lost);
    const left = await t.app.db
      .selectFrom('userRoles')
      .select('userId')
      .where('role', '=', 'admin')
      .execute();
    expect(left).toHaveLength(1);
  });

  it('e-mails the person given the role, once, and the person it is taken from', async () => {
    await call(admin, 'POST', '/api/admin/administrators', { email: 'maria@example.com' });
    // Granting it again changes nothing and tells nobody anything new.
    expect(
      (await call(admin, 'POST', '/api/admin/administrators', { email: 'maria@example.com' })).statusCode,
    ).toBe(201);
    let mails = (await mailsTo('maria@example.com')).filter((m) => /administrator/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual(['You are now a Soul Punch administrator']);
    expect(mails[0]?.textBody).toContain(
      'Bea Boss (boss@example.com) gave you the administrator role on the Soul Punch trainer platform.',
    );
    expect(mails[0]?.textBody).toContain('Sign in to Soul Punch: http://localhost:3000/trainer-portal/login');
    // A plain notice: no sign-in link that would let whoever reads it in.
    expect(mails[0]?.textBody).not.toContain('token=');

    expect((await call(admin, 'DELETE', '/api/admin/administrators/maria%40example.com')).statusCode).toBe(
      204,
    );
    mails = (await mailsTo('maria@example.com')).filter((m) => /administrator/.test(m.subject));
    expect(mails.map((m) => m.subject)).toEqual([
      'You are now a Soul Punch administrator',
      'Your Soul Punch administrator role was removed',
    ]);
    expect(mails[1]?.textBody).toContain(
      'Bea Boss (boss@example.com) removed your administrator role on the Soul Punch trainer platform.',
    );
    expect(mails[1]?.textBody).toContain('your Trainer Portal is not affected');
  });

  it('a new address gets an account, the role and the e-mail', async () => {
    const res = await call(admin, 'POST', '/api/admin/administrators', { email: 'New.Admin@Example.com' });
    expect(res.json()).toMatchObject({ email: 'new.admin@example.com', name: 'new.admin' });
    expect((await mailsTo('new.admin@example.com')).map((m) => m.subject)).toEqual([
      'You are now a Soul Punch administrator',
    ]);
  });

  it('refuses a trainer, a signed-out caller and a bad address, e-mailing nobody', async () => {
    const maria = await signIn(t.app, 'maria@example.com');
    expect(
      (await call(maria, 'POST', '/api/admin/administrators', { email: 'maria@example.com' })).statusCode,
    ).toBe(403);
    expect((await call(maria, 'DELETE', '/api/admin/administrators/boss%40example.com')).statusCode).toBe(
      403,
    );
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/admin/administrators',
      payload: { email: 'maria@example.com' },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(signedOut.statusCode).toBe(401);
    const bad = await call(admin, 'POST', '/api/admin/administrators', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/administrators')).json()).toHaveLength(1);
    expect((await mailsTo('maria@example.com')).filter((m) => /administrator/.test(m.subject))).toEqual([]);
  });

  it('answers 404 when removing someone who is not an administrator', async () => {
    const res = await call(admin, 'DELETE', '/api/admin/administrators/maria%40example.com');
    expect(res.statusCode).toBe(404);
    expect((await mailsTo('maria@example.com')).filter((m) => /administrator/.test(m.subject))).toEqual([]);
  });
});
