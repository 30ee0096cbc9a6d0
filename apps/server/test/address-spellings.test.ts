import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, sendRaw, spellingsOf } from './address-spellings';
import { buildTestApp, createUser, signIn, TEST_APP_URL, type TestApp } from './helper';

describe('spellingsOf', () => {
  it('spells an address the ways an attacker would', () => {
    const targets = spellingsOf('/api/trainers/7/documents?x=1', 'localhost:3000').map((s) => s.target);
    expect(targets).toEqual([
      '/%61pi/trainers/7/documents?x=1',
      '/api/%74rainers/7/documents?x=1',
      '/api/trainers/7/%64ocuments?x=1',
      'http://localhost:3000/api/trainers/7/documents?x=1',
      '/API/TRAINERS/7/DOCUMENTS?x=1',
      '/api/./trainers/7/documents?x=1',
      '/api/x/../trainers/7/documents?x=1',
      '/api//trainers/7/documents?x=1',
      '/api/trainers/7/documents/?x=1',
    ]);
  });
});

// Finding 1 of issue 22: the access hook read the URL's text while the router matched the decoded path, so
// `/%61pi/...` or an absolute-form target reached admin routes with no session. Sent over a real socket.
describe('an address spelled another way reaches the same access rule, or none', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let address: AddressInfo;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    app = t.app;
    await createUser(app, 'boss@example.com', ['admin'], 'Bea Boss');
    await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia');
    admin = await signIn(app, 'boss@example.com');
    address = await listenOnLoopback(app);
  });
  afterAll(() => t?.close());

  const get = (target: string, headers: Record<string, string> = {}) =>
    sendRaw(address, 'GET', target, headers);

  it('answers no trainer data without a session, however the list is spelled', async () => {
    for (const target of [
      '/api/trainers',
      ...spellingsOf('/api/trainers', 'localhost:3000').map((s) => s.target),
    ]) {
      const answer = await get(target);
      expect([400, 401, 404], target).toContain(answer.status);
      expect(answer.body, target).not.toContain('maria@example.com');
      expect(answer.headers['cache-control'], target).toBe('no-store');
    }
    expect((await get('http://localhost:3000/api/trainers')).status).toBe(401);
    expect((await get('/%61pi/trainers')).status).toBe(400);
    expect((await get('/a%70i/trainers/export')).status).toBe(400);
  });

  it('creates no administrator from another site under any spelling', async () => {
    for (const target of ['/%61pi/admin/administrators', 'http://localhost:3000/api/admin/administrators']) {
      const answer = await sendRaw(
        address,
        'POST',
        target,
        { origin: 'https://evil.example' },
        { email: 'mallory@example.com' },
      );
      expect([400, 403], target).toContain(answer.status);
    }
    const made = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'mallory@example.com')
      .executeTakeFirst();
    expect(made).toBeUndefined();
  });

  it('still serves the signed-in admin at the plain address and in absolute form', async () => {
    const headers = { cookie: admin };
    const plain = await get('/api/trainers', headers);
    const absolute = await get('http://localhost:3000/api/trainers', headers);
    expect(plain.status).toBe(200);
    expect(absolute.status).toBe(200);
    expect(absolute.body).toBe(plain.body);
    expect((await get('/%61pi/trainers', headers)).status).toBe(400);
  });

  it('answers an API address in any letter case with the API not-found answer, not a page', async () => {
    for (const target of ['/API/trainers', '/Api/admin/administrators', '/api/trainers/']) {
      const answer = await get(target, { cookie: admin, accept: 'text/html' });
      expect([400, 404], target).toContain(answer.status);
      expect(answer.headers['content-type'], target).toContain('application/json');
    }
  });

  it('refuses odd spellings of pages too, and serves the plain ones', async () => {
    expect((await get('//find-trainer')).status).toBe(400);
    expect((await get('/%66ind-trainer')).status).toBe(400);
    expect((await get('/robots.txt')).status).toBe(200);
  });

  it('sends writes from our own pages through, under the plain address only', async () => {
    const plain = await sendRaw(
      address,
      'POST',
      '/api/admin/administrators',
      { origin: TEST_APP_URL, cookie: admin },
      { email: 'deputy@example.com' },
    );
    expect(plain.status).toBe(201);
    const odd = await sendRaw(
      address,
      'POST',
      '/api//admin/administrators',
      { origin: TEST_APP_URL, cookie: admin },
      { email: 'second@example.com' },
    );
    expect(odd.status).toBe(400);
  });
});
