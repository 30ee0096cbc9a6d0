import type { AddressInfo } from 'node:net';
import { TEST_CARDS } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, systemClock } from '../src/lib/clock';
import { renewFeed } from '../src/modules/calendar/service';
import { createRequiredDocuments } from '../src/modules/documents/service';
import { pauseLapsedAccess } from '../src/modules/payments/service';
import { listenOnLoopback, sendRaw, spellingsOf } from './address-spellings';
import { startVerifiedEnrolment } from './enrolment-helper';
import {
  appDeps,
  buildTestApp,
  createUser,
  latestMailTo,
  signIn,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';
import { writeSecurityReport } from './security-report';
import {
  type Fixtures,
  outcomeFor,
  ROLES,
  ROUTE_RULES,
  type Role,
  type Subject,
  urlFor,
} from './security-routes';

let t: TestApp;
let app: FastifyInstance;
let fixtures: Fixtures;
let address: AddressInfo;
let subjects: { a: Subject; lapsed: Subject };
/** The inventory item trainers ask to have replaced (and the starter kit holds). */
let inventoryItemId: number;
const emails: Record<Exclude<Role, 'signedOut'>, string> = {
  trainerA: 'avery@example.com',
  trainerB: 'blake@example.com',
  lapsed: 'lane@example.com',
  admin: 'boss@example.com',
  staff: 'steward@example.com',
};
const cookies: Partial<Record<Role, string>> = {};

const call = (role: Role, options: InjectOptions) => {
  const cookie = cookies[role];
  const withOrigin = { ...options, headers: { origin: TEST_APP_URL, ...(options.headers ?? {}) } };
  return app.inject(cookie ? withCookie(cookie, withOrigin) : withOrigin);
};

async function json<T>(
  role: Role,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await call(role, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** The trainer gives e-sign consent and signs every open document; returns one signed document. */
async function signEverything(role: Role, trainerId: number): Promise<number> {
  const consent = await json<{ disclosure: { version: number; sha256: string } }>(
    role,
    'GET',
    '/api/esign-consent',
  );
  await json(role, 'POST', '/api/esign-consent', {
    disclosureVersion: consent.disclosure.version,
    disclosureSha256: consent.disclosure.sha256,
  });
  let signed = 0;
  for (const doc of await json<
    Array<{ id: number; status: string; templateHash: string; trainerName: string }>
  >(role, 'GET', `/api/trainers/${trainerId}/documents`)) {
    if (doc.status === 'signed') continue;
    await json(role, 'POST', `/api/documents/${doc.id}/sign`, {
      templateHash: doc.templateHash,
      agreed: true,
      fullName: doc.trainerName,
    });
    signed = doc.id;
  }
  return signed;
}

async function subjectFor(
  role: Role,
  trainerId: number,
  email: string,
  signedDocumentId: number,
): Promise<Subject> {
  const open = (
    await json<Array<{ id: number; status: string; templateHash: string; trainerName: string }>>(
      'admin',
      'GET',
      `/api/trainers/${trainerId}/documents`,
    )
  ).find((d) => d.status !== 'signed');
  if (!open) throw new Error('no open document');
  const created = await json<{ id: number }>(role, 'POST', `/api/trainers/${trainerId}/classes`, {
    title: 'Basic Self-Defense',
    date: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
    startTime: '14:00',
    location: 'YMCA, Tulsa, OK',
    timeZone: 'America/Chicago',
  });
  const answer = await json<{ questionId: number }>(role, 'POST', '/api/chatbot', {
    question: 'Where do I find the curriculum?',
  });
  const replacement = await json<{ id: number }>(
    role,
    'POST',
    `/api/trainers/${trainerId}/replacement-requests`,
    {
      itemId: inventoryItemId,
      quantity: 1,
      reason: 'The strap tore during a class.',
    },
  );
  return {
    trainerId,
    email,
    classId: created.id,
    openDocumentId: open.id,
    openDocumentHash: open.templateHash,
    name: open.trainerName,
    signedDocumentId,
    questionId: answer.questionId,
    replacementRequestId: replacement.id,
  };
}

/** A visitor enrols, pays on the test checkout with this card and becomes a trainer (the real path). */
async function enrolAndPay(
  email: string,
  name: string,
  plan: 'full' | 'flex',
  card: string,
): Promise<number> {
  // Details, then the code e-mailed to the address, which opens the checkout (decision 0008).
  const { cookie, checkoutId } = await startVerifiedEnrolment(app, {
    fullName: name,
    email,
    phone: '918-555-0101',
    agreeTerms: true,
    plan,
  });
  const paid = await app.inject({
    method: 'POST',
    url: `/api/test-provider/checkouts/${checkoutId}/pay`,
    payload: { cardNumber: card, expiry: '12 / 30', cvc: '123', name },
  });
  if (paid.json().outcome !== 'paid') throw new Error(paid.body);
  const confirmed = await app.inject(
    withCookie(cookie, {
      method: 'POST',
      url: '/api/enrolments/current/confirm',
      payload: { fullName: name, email, phone: '918-555-0101' },
    }),
  );
  if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
  return confirmed.json().trainerId as number;
}

beforeAll(async () => {
  // Six callers ask one address for a sign-in link within the minute (the per-address limit is tested in auth).
  t = await buildTestApp({ signInLinksPerEmail: 10 });
  app = t.app;
  address = await listenOnLoopback(app);
  const deps = appDeps(app, systemClock);
  await createUser(app, emails.admin, ['admin'], 'Bea Boss');
  await createUser(app, 'deputy@example.com', ['admin'], 'Dee Deputy');
  await createUser(app, emails.staff, ['staff'], 'Stevie Steward');
  await createUser(app, 'spare-staff@example.com', ['staff'], 'Spencer Spare');
  const b = await createUser(app, emails.trainerB, ['trainer'], 'Blake Reed');
  const aId = await enrolAndPay(emails.trainerA, 'Avery Stone', 'full', TEST_CARDS.pays);
  const lapsedId = await enrolAndPay(emails.lapsed, 'Lane Ortiz', 'flex', TEST_CARDS.failsNextInstalment);
  await app.db.updateTable('trainerProfiles').set({ publiclyListed: true }).execute();
  for (const role of ['trainerA', 'trainerB', 'lapsed', 'admin', 'staff'] as const) {
    cookies[role] = await signIn(app, emails[role]);
  }

  // Both trainers sign their documents, then a new NDA version asks them to sign again (each keeps standing).
  for (const id of [aId, lapsedId]) {
    const sent = await app.db.selectFrom('documents').select('id').where('trainerId', '=', id).execute();
    if (sent.length === 0) await createRequiredDocuments(deps, id);
  }
  const aSigned = await signEverything('trainerA', aId);
  const lapsedSigned = await signEverything('lapsed', lapsedId);
  // The starter kit the certificates issued below bring (decision record 0017): A's is the shipment the admin ships.
  inventoryItemId = (
    await json<{ id: number }>('admin', 'POST', '/api/admin/inventory/items', {
      kind: 'equipment',
      name: 'Focus mitts',
      sku: 'MITT-01',
      reorderThreshold: 2,
      stock: 50,
    })
  ).id;
  await json('admin', 'PUT', '/api/admin/inventory/starter-kit', {
    items: [{ itemId: inventoryItemId, quantity: 2 }],
  });
  // Both attended a training session and were issued their certificate: trainers in good standing.
  for (const id of [aId, lapsedId]) {
    await app.db
      .insertInto('trainerOnboardingSteps')
      .values({ trainerId: id, step: 'weekly_training_access' })
      .execute();
    await json('admin', 'POST', `/api/trainers/${id}/certification-record/issue`, {
      reason: 'Completed training',
    });
  }
  // The admin's certification actions (revoke among them) act on a trainer of their own, not on A.
  const certified = await createUser(app, 'cora@example.com', ['trainer'], 'Cora Lane');
  await json('admin', 'POST', '/api/document-templates/nda/versions', {
    title: 'Non-Disclosure Agreement',
    description: 'How you keep the curriculum and the community confidential.',
    body: `SOUL PUNCH NON-DISCLOSURE AGREEMENT (VERSION 2)\n\n${'Lesson plans and videos stay confidential. '.repeat(8)}`,
  });
  subjects = {
    a: await subjectFor('trainerA', aId, emails.trainerA, aSigned),
    lapsed: await subjectFor('lapsed', lapsedId, emails.lapsed, lapsedSigned),
  };

  // The lapsed trainer's next flex instalment fails; once PAYMENT_GRACE_DAYS pass, the grace rule pauses resources.
  await json('admin', 'POST', '/api/test-provider/instalments/bill-now', { trainerId: lapsedId });
  const afterGrace = new Date(Date.now() + (app.config.paymentGraceDays + 1) * DAY_MS);
  expect(await pauseLapsedAccess(deps, afterGrace)).toBe(1);

  // Records the admin routes act on.
  const payment = await app.db
    .selectFrom('payments')
    .innerJoin('enrolments', 'enrolments.id', 'payments.enrolmentId')
    .select('payments.id')
    .where('enrolments.trainerId', '=', aId)
    .executeTakeFirstOrThrow();
  const resources = await json<{ categories: Array<{ id: number }>; resources: Array<{ id: number }> }>(
    'admin',
    'GET',
    '/api/admin/resources',
  );
  const article = await json<{ id: number }>('admin', 'POST', '/api/admin/knowledge/articles', {
    title: 'Booking a gym',
    body: 'Ask the gym for a weekday evening slot.',
    audience: 'trainer',
  });
  const { checkoutId } = await startVerifiedEnrolment(app, {
    fullName: 'Casey Visitor',
    email: 'casey@example.com',
    phone: '918-555-0101',
    agreeTerms: true,
    plan: 'full',
  });
  await app.inject({
    method: 'POST',
    url: `/api/classes/${subjects.a.classId}/registrations`,
    payload: { name: 'Riley Cancel', email: 'riley@example.com' },
  });
  const confirmation = await latestMailTo(app, 'riley@example.com');
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c2255c' } })
    .png()
    .toBuffer();
  const boundary = '----matrixsetup';
  const uploaded = await call('trainerB', {
    method: 'POST',
    url: `/api/trainer-profile/${b.trainerId}/picture`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  const pictureUrl = String(uploaded.json().profilePicture);
  const consent = await json<{ disclosure: { version: number; sha256: string } }>(
    'admin',
    'GET',
    '/api/esign-consent',
  );
  const logo = await call('admin', {
    method: 'POST',
    url: '/api/admin/branding/logo',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      picture,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  const logoUrl = String(logo.json().brand.logoUrl);
  const pdf = await app.inject(
    withCookie(cookies.trainerA as string, {
      method: 'GET',
      url: `/api/documents/${subjects.a.signedDocumentId}/pdf`,
    }),
  );

  let counter = 0;
  const calendar = await calendarFixtures(deps);
  const [kit] = await json<Array<{ id: number }>>('admin', 'GET', `/api/trainers/${aId}/shipments`);
  const waiting = await json<{ id: number }>(
    'trainerB',
    'POST',
    `/api/trainers/${b.trainerId}/replacement-requests`,
    {
      itemId: inventoryItemId,
      quantity: 1,
      reason: 'Lost the left mitt at a seminar.',
    },
  );
  fixtures = {
    calendar,
    resourceId: resources.resources[0]?.id ?? 0,
    categoryId: resources.categories[0]?.id ?? 0,
    articleId: article.id,
    paymentId: payment.id,
    checkoutId,
    otherAdminEmail: 'deputy@example.com',
    spareStaffEmail: 'spare-staff@example.com',
    logoFile: logoUrl.split('/').pop() ?? '',
    certifiedTrainerId: certified.trainerId ?? 0,
    cancelToken: confirmation?.textBody.match(/\?cancel=([\w-]+)/)?.[1] ?? '',
    pictureFile: pictureUrl.split('/').pop() ?? '',
    disclosure: consent.disclosure,
    pdf: pdf.rawPayload,
    picture,
    uniqueEmail: (label) => `${label}-${++counter}@example.com`,
    inventory: { itemId: inventoryItemId, shipmentId: kit?.id ?? 0, requestId: waiting.id },
  };
}, 300_000);
afterAll(() => t?.close());

/**
 * The admin Calendar's records: a session for registrations, one to cancel, one trainer A attends; an open slot to
 * book, one to withdraw, one to move to, trainer A's booking; a group event; a third admin's feed.
 */
async function calendarFixtures(deps: ReturnType<typeof appDeps>) {
  const day = new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10);
  const session = async () =>
    (
      await json<{ id: number }>('admin', 'POST', '/api/admin/calendar/sessions', {
        date: day,
        startTime: '09:00',
        endTime: '17:00',
        timeZone: 'America/Chicago',
        location: 'Soul Punch HQ, Tulsa, OK',
        capacity: 12,
      })
    ).id;
  const [sessionId, spareSessionId, attendanceSessionId] = [
    await session(),
    await session(),
    await session(),
  ];
  await json('trainerA', 'POST', `/api/calendar/sessions/${attendanceSessionId}/registration`);
  const slots = await json<Array<{ id: number }>>('admin', 'POST', '/api/admin/calendar/slots', {
    date: day,
    startTime: '10:00',
    timeZone: 'America/Chicago',
    minutes: 30,
    count: 4,
  });
  const [booked, openSlot, spareSlot, moveSlot] = slots.map((s) => s.id) as [number, number, number, number];
  const booking = await json<{ id: number }>('trainerA', 'POST', `/api/calendar/slots/${booked}/booking`);
  const event = await json<{ id: number }>('admin', 'POST', '/api/admin/calendar/events', {
    title: 'Trainer meetup',
    date: day,
    startTime: '18:00',
    endTime: '20:00',
    timeZone: 'America/Chicago',
    location: 'Tulsa, OK',
  });
  // A third admin's feed: the matrix removes the deputy's admin role, which turns their feed off.
  const feedOwner = await createUser(app, 'feeds@example.com', ['admin'], 'Fay Feeds');
  const feed = await renewFeed(deps, feedOwner.userId);
  return {
    sessionId,
    spareSessionId,
    attendanceSessionId,
    openSlotId: openSlot,
    spareSlotId: spareSlot,
    moveSlotId: moveSlot,
    bookingId: booking.id,
    eventId: event.id,
    feedToken: new URL(feed.url).pathname.replace('/api/calendar/admin/', '').replace('.ics', ''),
  };
}

/** Whether an answer means the caller got past every access check. */
function isAllowed(status: number, code: string | undefined, alsoOk: number[]) {
  return (status >= 200 && status < 400) || (alsoOk.includes(status) && code !== 'validation_error');
}

describe('route x role x ownership matrix', () => {
  it('has one rule for every /api route of the built app, and no rule for a route that is gone', () => {
    const registered = app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    const missing = registered.filter((r) => !(r in ROUTE_RULES));
    const stale = Object.keys(ROUTE_RULES).filter((r) => !registered.includes(r));
    expect(missing, 'routes without a rule in security-routes.ts').toEqual([]);
    expect(stale, 'rules for routes that no longer exist').toEqual([]);
  });

  it('gives each caller exactly the answer its rule expects', async () => {
    const mismatches: string[] = [];
    const counts = { allowed: 0, refused: 0 };
    const answers: Record<string, Partial<Record<Role, number>>> = {};
    const spellingMismatches: string[] = [];
    let spellingChecks = 0;
    for (const { method, url: pattern, access } of app.apiRoutes) {
      const route = `${method} ${pattern}`;
      const rule = ROUTE_RULES[route];
      if (!rule) continue;
      // The route table's own rule must agree with the matrix line (a public route can still check ownership).
      if (access === 'admin') expect(rule.outcomes.trainerA, route).toBe(403);
      if (access !== 'public') expect(rule.outcomes.signedOut, route).toBe(401);
      // Refused callers first, so a call that changes something cannot hide a refusal.
      const expectedOf = (role: Role) => outcomeFor(rule.outcomes[role], method);
      const order = [...ROLES].sort(
        (x, y) => Number(expectedOf(x) === 'ok') - Number(expectedOf(y) === 'ok'),
      );
      for (const role of order) {
        const subject = role === 'lapsed' && rule.lapsedOnOwnRecords ? subjects.lapsed : subjects.a;
        if (rule.endsSession && role !== 'signedOut') cookies[role] = await signIn(app, emails[role]);
        const spec = rule.body?.(fixtures, subject) ?? {};
        const res = await call(role, {
          method: method as 'GET',
          url: urlFor(route, fixtures, subject),
          ...(spec.payload === undefined ? {} : { payload: spec.payload as object }),
          headers: spec.headers ?? {},
        });
        if (rule.endsSession && role !== 'signedOut') cookies[role] = await signIn(app, emails[role]);
        const code = res.headers['content-type']?.toString().includes('json')
          ? (res.json() as { error?: { code?: string } }).error?.code
          : undefined;
        answers[route] = { ...answers[route], [role]: res.statusCode };
        const expected = expectedOf(role);
        // The same call under other spellings of its address reaches the same rule, or is refused as an address
        // (400, 404). Every refused call is tried so; allowed ones only when reading (a write would happen twice).
        if (expected !== 'ok' || method === 'GET') {
          const headers: Record<string, string> = { origin: TEST_APP_URL, ...(spec.headers ?? {}) };
          if (cookies[role]) headers.cookie = cookies[role] as string;
          for (const spelling of spellingsOf(urlFor(route, fixtures, subject), 'localhost:3000')) {
            const other = await sendRaw(address, method, spelling.target, headers, spec.payload);
            spellingChecks++;
            const sameRule = other.status === res.statusCode;
            const refusedAsAddress = other.status === 400 || other.status === 404;
            const leaked = expected !== 'ok' && other.status < 400;
            if (leaked || !(sameRule || refusedAsAddress)) {
              spellingMismatches.push(
                `${route} as ${role}, ${spelling.name} (${spelling.target}): plain ${res.statusCode}, got ${other.status} ${other.body.slice(0, 120)}`,
              );
            }
          }
        }
        const ok =
          expected === 'ok' ? isAllowed(res.statusCode, code, rule.alsoOk) : res.statusCode === expected;
        if (expected === 'ok') counts.allowed++;
        else counts.refused++;
        if (!ok)
          mismatches.push(
            `${route} as ${role}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
      }
    }
    writeSecurityReport('matrix', {
      routes: app.apiRoutes.length,
      roles: ROLES.length,
      checks: counts.allowed + counts.refused,
      ...counts,
      spellings: spellingChecks,
      answers,
    });
    expect(mismatches).toEqual([]);
    expect(spellingMismatches, 'other spellings of an address').toEqual([]);
    expect(spellingChecks).toBeGreaterThan(6 * app.apiRoutes.length);
  }, 300_000);
});
