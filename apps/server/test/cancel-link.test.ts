import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, latestMailTo, seedCast, type TestApp, withCookie } from './helper';

// The class page a cancel link opens asks first what the link's registration is now, so a used link does not
// offer to cancel again.

let t: TestApp;
let classId: number;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  const { maria, mariaId } = await seedCast(t.app);
  const res = await t.app.inject(
    withCookie(maria, {
      method: 'POST',
      url: `/api/trainers/${mariaId}/classes`,
      payload: {
        title: 'Basic Self-Defense',
        date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        startTime: '14:00',
        location: 'YMCA, Tulsa, OK',
        timeZone: 'America/Chicago',
        capacity: 1,
      },
    }),
  );
  classId = res.json().id;
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: '10.9.9.9' });

async function cancelTokenOf(email: string): Promise<string> {
  const res = await post(`/api/classes/${classId}/registrations`, { name: 'Ana Lee', email });
  expect(res.statusCode).toBe(201);
  const mail = await latestMailTo(t.app, email);
  return mail?.textBody.match(/\?cancel=([\w-]+)/)?.[1] as string;
}

describe('POST /api/registrations/cancel-link', () => {
  it("says a link's registration is held, waitlisted, then cancelled once it is used", async () => {
    const token = await cancelTokenOf('ana@example.com');
    const waiting = await cancelTokenOf('bo@example.com');
    expect((await post('/api/registrations/cancel-link', { token })).json()).toEqual({
      status: 'registered',
    });
    expect((await post('/api/registrations/cancel-link', { token: waiting })).json()).toEqual({
      status: 'waitlisted',
    });

    expect((await post('/api/registrations/cancel', { token })).statusCode).toBe(200);
    const used = await post('/api/registrations/cancel-link', { token });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ status: 'cancelled' });
  });

  it('refuses an unknown link, a malformed body and another body type, changing nothing', async () => {
    const unknown = await post('/api/registrations/cancel-link', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('invalid_cancel_link');
    expect((await post('/api/registrations/cancel-link', { token: 'short' })).statusCode).toBe(400);
    expect(
      (await post('/api/registrations/cancel-link', { token: 'x'.repeat(43), extra: 1 })).statusCode,
    ).toBe(400);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/registrations/cancel-link',
      payload: `token=${'x'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
  });
});

describe("the cancel link's button, pressed before the page's script ran", () => {
  const postForm = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      remoteAddress: '10.9.9.8',
    });

  it('cancels and goes back to the class page to say so; a used link goes back with why', async () => {
    const token = await cancelTokenOf('ana@example.com');
    const first = await postForm(`/public/class/${classId}/cancel`, { token });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/public/class/${classId}?cancelled=1`);
    expect((await post('/api/registrations/cancel-link', { token })).json()).toEqual({ status: 'cancelled' });

    const again = await postForm(`/public/class/${classId}/cancel`, { token });
    expect(again.headers.location).toBe(`/public/class/${classId}?cancel=${token}&error=invalid_cancel_link`);
    const missing = await postForm(`/public/class/${classId}/cancel`, {});
    expect(missing.headers.location).toBe(`/public/class/${classId}?cancel=&error=invalid_cancel_link`);
    expect((await postForm('/public/class/x/cancel', { token })).statusCode).toBe(404);
  });
});
