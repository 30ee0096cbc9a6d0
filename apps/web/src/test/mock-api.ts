import { vi } from 'vitest';

/** A fixed answer, or one made at request time (given the requested URL and options). */
export type MockResponse = Response | ((url: string, init?: RequestInit) => Response | Promise<Response>);
export type MockRoutes = Record<string, MockResponse>;

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A request that never answers, for looking at a busy state. */
export function pending(): Promise<Response> {
  return new Promise(() => {});
}

/**
 * The side panels every trainer screen carries (payment plan, documents, directory standing, certificate and
 * insurance, reviews, shipments, the Calendar's sessions and consultations, the profile's notification choices),
 * Settings' renewal requirements, the admin dashboard's inventory notice and the /test page's provider check. Unless
 * a test names them, they answer as for a trainer with nothing pending: no plan, no documents, listed, in training,
 * no policy, no reviews, nothing shipped; the default renewal requirement; the test provider active. Tests of those
 * panels give their own answers.
 */
function companionAnswer(method: string, url: string): Response | undefined {
  if (method !== 'GET') return undefined;
  if (url === '/api/payments/provider') return json({ provider: 'test' });
  // A trainer's own notification choices (the profile page): all on.
  if (url === '/api/notification-preferences') {
    return json({
      staff: null,
      trainer: {
        class_registrations: 'immediately',
        class_cancellations: 'immediately',
        reminders: 'immediately',
      },
      digestTime: '7:00 AM Central time',
    });
  }
  // The portal Calendar's sessions and consultations: none published.
  if (url === '/api/trainer-calendar') return json({ sessions: [], openSlots: [], bookings: [] });
  // Settings' renewal requirements: the server's default, never changed.
  if (url === '/api/admin/certification-settings') {
    return json({
      renewalRequires: ['refresher'],
      defaultRenewalRequires: ['refresher'],
      updatedBy: null,
      updatedAt: null,
    });
  }
  // The dashboard's inventory notice and the portal's shipments card: nothing low, waiting or shipped.
  if (url === '/api/admin/inventory') return json({ items: [] });
  if (
    url === '/api/admin/shipments?status=to_pack' ||
    url === '/api/admin/replacement-requests?status=pending'
  ) {
    return json([]);
  }
  if (/^\/api\/trainers\/\d+\/shipments$/.test(url)) return json([]);
  if (/^\/api\/trainers\/\d+\/replacement-requests$/.test(url)) return json({ items: [], requests: [] });
  const match =
    /^\/api\/trainers\/\d+\/(payments|documents|standing|certification-record|insurance|reviews)$/.exec(url);
  if (match?.[1] === 'documents') return json([]);
  if (match?.[1] === 'insurance') return json({ required: false, policy: null });
  if (match?.[1] === 'certification-record') {
    return json({
      status: 'in_training',
      certificateNumber: null,
      issuedOn: null,
      expiresOn: null,
      daysLeft: null,
      insurancePaused: false,
      lastReminder: null,
      renewal: { requirements: [], nextExpiresOn: null, canRenew: false, feeCents: null, canPayFee: false },
      issuance: { paid: false, signed: false, trainingCompleted: false },
      history: [],
    });
  }
  if (match?.[1] === 'reviews') return json({ rating: null, reviews: [] });
  if (match?.[1] === 'standing') return json({ listed: true, reasons: [] });
  if (match?.[1] === 'payments') {
    return json({
      plan: null,
      paymentStatus: 'completed',
      paidCount: 0,
      totalCount: 0,
      progressLabel: 'No payment recorded',
      nextDue: null,
      pastDue: false,
      graceEndsAt: null,
      accessPaused: false,
      certificationSuspended: false,
      suspensionReason: null,
      payNowUrl: null,
      entries: [],
    });
  }
  return undefined;
}

/**
 * Replaces fetch with a table of 'METHOD /path' -> response ('METHOD /path?*' answers that path with any query).
 * A request missing from the table (and not one of the companion panels above) is a test bug, reported through
 * console.error so the test fails.
 */
export function mockApi(routes: MockRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}?*`];
    const companion = route ? undefined : companionAnswer(method, url);
    if (companion) return companion;
    if (!route) {
      console.error(`Unmocked request: ${method} ${url}`);
      return new Response('not mocked', { status: 501 });
    }
    return typeof route === 'function' ? route(url, init) : route.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made so far, as 'METHOD /path'. */
export function requestsMade(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(
    ([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${String(input)}`,
  );
}

/** Session and logout answers that behave like the server: after logout the session is empty. */
export function sessionRoutes(user: unknown): MockRoutes {
  let current = user;
  return {
    'GET /api/auth/session': () => json({ user: current }),
    'POST /api/auth/logout': () => {
      current = null;
      return noContent();
    },
  };
}
