import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  latestMailTo,
  resetDatabase,
  seedCast,
  type TestApp,
  withCookie,
} from './helper';

// A server-rendered page's form pressed before the page's script ran (lib/page-form.ts): the browser posts it,
// urlencoded, to the page's own address, and is sent back to the page with the outcome in its address.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.app);
  await createUser(t.app, 'trainer@example.com', ['trainer'], 'Tina Trainer');
});

const ORIGIN = 'http://localhost:3000';
const postForm = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    remoteAddress: '10.2.2.2',
  });

describe("the login page's form", () => {
  it.each(['/', '/trainer-portal/login'])('at %s sends the link and goes back to say so', async (page) => {
    const res = await postForm(page, { email: ' Trainer@Example.com ' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${page}?sent=trainer%40example.com`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await latestMailTo(t.app, 'trainer@example.com'))?.subject).toBe('Your Soul Punch sign-in link');
  });

  it('goes back with the e-mail and why when the address is unknown or not an address, sending nothing', async () => {
    const unknown = await postForm('/trainer-portal/login', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(
      '/trainer-portal/login?email=nobody%40example.com&error=unknown_email',
    );
    const invalid = await postForm('/', { email: 'not-an-email' });
    expect(invalid.headers.location).toBe('/?email=not-an-email&error=invalid_email');
    const missing = await postForm('/', {});
    expect(missing.headers.location).toBe('/?email=&error=invalid_email');
    expect(await latestMailTo(t.app, 'nobody@example.com')).toBeUndefined();
  });

  it('keeps the per-e-mail limit of the API', async () => {
    let last = await postForm('/', { email: 'trainer@example.com' });
    for (let i = 0; i < 10 && last.headers.location?.includes('sent='); i++) {
      last = await postForm('/', { email: 'trainer@example.com' });
    }
    expect(last.headers.location).toBe('/?email=trainer%40example.com&error=rate_limited');
  });

  it('refuses another site, other body types and oversized bodies', async () => {
    const crossSite = await postForm(
      '/',
      { email: 'trainer@example.com' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    const json = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: { email: 'trainer@example.com' },
      headers: { origin: ORIGIN },
    });
    expect(json.statusCode).toBe(415);
    const huge = await postForm('/', { email: `${'a'.repeat(5000)}@example.com` });
    expect(huge.statusCode).toBe(413);
    expect(await latestMailTo(t.app, 'trainer@example.com')).toBeUndefined();
  });
});

describe("the class page's registration form", () => {
  const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  async function addClass(capacity: number): Promise<number> {
    const { maria, mariaId } = await seedCast(t.app);
    const res = await t.app.inject(
      withCookie(maria, {
        method: 'POST',
        url: `/api/trainers/${mariaId}/classes`,
        payload: {
          title: 'Basic Self-Defense',
          date: future,
          startTime: '14:00',
          location: 'YMCA, Tulsa, OK',
          timeZone: 'America/Chicago',
          capacity,
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  it('takes a place, then a waitlist place, and goes back to the class page to say which', async () => {
    const id = await addClass(1);
    const first = await postForm(`/public/class/${id}`, { name: 'Ana Lee', email: 'ana@example.com' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/public/class/${id}?registered=registered`);
    expect((await latestMailTo(t.app, 'ana@example.com'))?.subject).toContain('Basic Self-Defense');

    const second = await postForm(`/public/class/${id}`, { name: 'Bo Diaz', email: 'bo@example.com' });
    expect(second.headers.location).toBe(`/public/class/${id}?registered=waitlisted&position=1`);
    const spots = await t.app.inject({ method: 'GET', url: `/api/classes/${id}` });
    expect(spots.json().spotsLeft).toBe(0);
  });

  it('goes back with what was typed and why when it cannot register, taking no place', async () => {
    const id = await addClass(5);
    const invalid = await postForm(`/public/class/${id}`, { name: 'A', email: 'nope' });
    expect(invalid.headers.location).toBe(`/public/class/${id}?name=A&email=nope&error=invalid_input`);
    await postForm(`/public/class/${id}`, { name: 'Ana Lee', email: 'ana@example.com' });
    const twice = await postForm(`/public/class/${id}`, { name: 'Ana Lee', email: 'ana@example.com' });
    expect(twice.headers.location).toBe(
      `/public/class/${id}?name=Ana+Lee&email=ana%40example.com&error=already_registered`,
    );
    const spots = await t.app.inject({ method: 'GET', url: `/api/classes/${id}` });
    expect(spots.json().spotsLeft).toBe(4);
  });

  it('answers 404 for a class that does not exist or an address that is not a class', async () => {
    const missing = await postForm('/public/class/999999', { name: 'Ana Lee', email: 'ana@example.com' });
    expect(missing.headers.location).toBe(
      '/public/class/999999?name=Ana+Lee&email=ana%40example.com&error=not_found',
    );
    const odd = await postForm('/public/class/abc', { name: 'Ana Lee', email: 'ana@example.com' });
    expect(odd.statusCode).toBe(404);
    expect(await latestMailTo(t.app, 'ana@example.com')).toBeUndefined();
  });
});
