import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn, type TestApp, withCookie } from './helper';

let t: TestApp;
let trainerCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.app, 'trainer@example.com', ['trainer']);
  trainerCookie = await signIn(t.app, 'trainer@example.com');
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every :param gets a plausible value. */
function sampleUrl(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    /email/i.test(name) ? 'someone%40example.com' : '1',
  );
}

// Routes anyone may call; every other /api route must refuse a visitor without a session.
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/auth/session',
  'POST /api/auth/magic-link',
  'POST /api/auth/verify',
  'POST /api/auth/logout',
  'GET /api/dev/mailbox',
  // Development only and from this machine (404 elsewhere): moves the app's clock for the browser tests.
  'POST /api/dev/clock',
  // The brand as every page and e-mail shows it, and its logo.
  'GET /api/branding',
  'GET /api/branding/:file',
  'GET /api/pictures/:file',
  'GET /api/public-trainers',
  'GET /api/public-trainers/states',
  'GET /api/public-trainers/:id',
  'GET /api/public-trainers/markers',
  'GET /api/public-trainers/map-tiles',
  'GET /api/classes',
  'GET /api/classes/:id',
  'POST /api/classes/:id/registrations',
  // The e-mail change link may be opened on another device, signed out: the token is the proof.
  'POST /api/email-change/confirm',
  'POST /api/registrations/cancel',
  'POST /api/registrations/cancel-link',
  // A review link's page reads its class, and the review is sent with the link's token (no session).
  'POST /api/reviews/link',
  'POST /api/reviews',
  'GET /api/calendar/classes.ics',
  'GET /api/calendar/classes/:id.ics',
  'GET /api/calendar/trainers/:id.ics',
  // An admin's private calendar feed: the secret token in the address is the key (calendar apps have no session).
  'GET /api/calendar/admin/:token.ics',
  // Enrolment: a visitor with the HttpOnly enrolment cookie (each handler checks it), the provider's webhook, and
  // the two calls the spec's payment-confirmation screen makes (checked against the cookie, the session or admin).
  'POST /api/enrolments',
  'GET /api/enrolments/current',
  'POST /api/enrolments/current/checkout',
  'POST /api/enrolments/current/confirm',
  'POST /api/enrolments/current/verify-email',
  'PUT /api/trainers/:id',
  'POST /api/trainers/:id/trigger-onboarding',
  'POST /api/payments/webhook',
  'GET /api/payments/provider',
  'GET /api/test-provider/checkouts/:checkoutId',
  'POST /api/test-provider/checkouts/:checkoutId/pay',
  // Anyone may check a signed document's file or its certificate's QR code.
  'POST /api/verify',
  'GET /api/verify/:id',
  // Anyone may check a certificate by its number, and a digital credential's status, issuer and keys.
  'GET /api/certificates/:number',
  'GET /api/credentials/status/:number',
  'GET /api/credentials/issuer',
  'GET /api/credentials/keys/:thumbprint',
  // The API's own description and its reference page (Swagger UI's page, script, files and copies of the description).
  'GET /api/openapi.json',
  'GET /api/reference/',
  'GET /api/reference/static/index.html',
  'GET /api/reference/static/swagger-initializer.js',
  'GET /api/reference/static/*',
  'GET /api/reference/json',
  'GET /api/reference/yaml',
];

describe('access rules, read from the server route table', () => {
  it('lists every /api route with a rule, and the public ones are exactly the known ones', () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(PUBLIC_ROUTES.length + 1);
    const publicRoutes = routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 without a session on every non-public route', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
  });

  it('answers 403 to a trainer on every admin route', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access === 'admin')) {
      const res = await t.app.inject(
        withCookie(trainerCookie, { method: route.method as 'GET', url: sampleUrl(route.url), payload: {} }),
      );
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('refuses to start when a route has no access rule', async () => {
    await expect(
      buildTestApp({}, (app) => {
        app.get('/api/forgotten', async () => ({}));
      }),
    ).rejects.toThrow(/no access rule/);
  });
});
