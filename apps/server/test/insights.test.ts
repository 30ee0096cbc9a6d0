import type { AccountingReport, Insights } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../src/lib/clock';
import { createRequiredDocuments } from '../src/modules/documents/service';
import {
  appDeps,
  buildTestApp,
  createUser,
  emptyTables,
  seedCast,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';

// The admin's insights and accounting report through the API: months and weeks in the brand's zone (Central),
// money from the ledger in integer cents, each chart's CSV.

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;
const NOW = '2026-03-10T15:00:00Z';

beforeAll(async () => {
  clock = manualClock(NOW);
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(NOW);
  cast = await seedCast(app);
  await emptyTables(app.db, ['enrolments', 'payments', 'documents', 'certification_history']);
});

const as = (cookie: string, options: InjectOptions) => app.inject(withCookie(cookie, options));
const anon = (options: InjectOptions) => app.inject({ ...options, headers: { origin: TEST_APP_URL } });
const get = (url: string, cookie = cast.admin) => as(cookie, { method: 'GET', url });

let enrolmentCount = 0;
async function enrolment(
  createdAt: string,
  fields: { paidAt?: string; origin?: 'checkout' | 'offline' } = {},
) {
  const ref = `enr_insights_${++enrolmentCount}`;
  const row = await app.db
    .insertInto('enrolments')
    .values({
      publicId: ref,
      cookieHash: `hash_${ref}`,
      fullName: 'Insight Test',
      email: `${ref}@example.com`,
      termsAgreedAt: new Date(createdAt),
      plan: 'full',
      amountCents: 1,
      totalCents: 1,
      currency: 'usd',
      provider: fields.origin === 'offline' ? 'offline' : 'test',
      origin: fields.origin ?? 'checkout',
      status: fields.paidAt ? 'paid' : 'checkout',
      paidAt: fields.paidAt ? new Date(fields.paidAt) : null,
      createdAt: new Date(createdAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function ledgerRow(
  enrolmentId: number,
  row: {
    kind: 'payment' | 'instalment' | 'offline' | 'refund';
    cents: number;
    status: string;
    paidAt?: string;
    dueOn?: string;
  },
) {
  await app.db
    .insertInto('payments')
    .values({
      enrolmentId,
      instalment: null,
      kind: row.kind,
      amountCents: row.cents,
      currency: 'usd',
      dueOn: row.dueOn ?? null,
      status: row.status as 'paid',
      paidAt: row.paidAt ? new Date(row.paidAt) : null,
    })
    .execute();
}

describe('the insights', () => {
  it('counts the enrolment funnel per month of the brand, not of UTC', async () => {
    // 11:30 PM on 31 January in Tulsa is already 1 February in UTC: January's.
    await enrolment('2026-02-01T05:30:00Z', { paidAt: '2026-02-01T05:40:00Z' });
    await enrolment('2026-02-10T15:00:00Z');
    await enrolment('2026-02-11T15:00:00Z', { paidAt: '2026-03-02T15:00:00Z' });
    await enrolment('2026-02-12T15:00:00Z', { origin: 'offline', paidAt: '2026-02-12T15:00:00Z' });
    await enrolment('2024-01-12T15:00:00Z'); // before the window

    // Maria signs the three documents, the last on 3 March; Devon only two.
    const deps = appDeps(app, clock);
    for (const [trainerId, count] of [
      [cast.mariaId, 3],
      [cast.devonId, 2],
    ] as const) {
      await createRequiredDocuments(deps, trainerId);
      const docs = await app.db
        .selectFrom('documents')
        .select('id')
        .where('trainerId', '=', trainerId)
        .execute();
      for (const [i, doc] of docs.slice(0, count).entries()) {
        await app.db
          .updateTable('documents')
          .set({ status: 'signed', signedAt: new Date(Date.parse('2026-03-01T15:00:00Z') + i * 86_400_000) })
          .where('id', '=', doc.id)
          .execute();
      }
    }
    await app.db
      .insertInto('certificationHistory')
      .values({
        trainerId: cast.mariaId,
        action: 'issued',
        toStatus: 'certified',
        at: new Date('2026-03-05T15:00:00Z'),
      })
      .execute();

    const res = await get('/api/admin/insights');
    expect(res.statusCode, res.body).toBe(200);
    const { funnel }: Insights = res.json();
    expect(funnel).toHaveLength(12);
    expect(funnel[0]?.month).toBe('2025-04');
    expect(funnel.slice(-3)).toEqual([
      { month: '2026-01', checkoutStarted: 1, paid: 1, documentsSigned: 0, certified: 0 },
      { month: '2026-02', checkoutStarted: 2, paid: 1, documentsSigned: 0, certified: 0 },
      { month: '2026-03', checkoutStarted: 0, paid: 1, documentsSigned: 1, certified: 1 },
    ]);
  });

  it('sums revenue per month from the ledger, trainers per state and class registrations per week', async () => {
    const id = await enrolment('2026-01-05T15:00:00Z', { paidAt: '2026-01-05T15:00:00Z' });
    await ledgerRow(id, {
      kind: 'payment',
      cents: 12_345,
      status: 'refunded',
      paidAt: '2026-01-05T15:00:00Z',
    });
    await ledgerRow(id, {
      kind: 'refund',
      cents: -12_345,
      status: 'refunded',
      paidAt: '2026-02-01T03:00:00Z',
    });
    await ledgerRow(id, { kind: 'instalment', cents: 4_001, status: 'paid', paidAt: '2026-03-01T06:00:00Z' });
    await ledgerRow(id, {
      kind: 'refund',
      cents: -4_001,
      status: 'disputed',
      paidAt: '2026-03-02T06:00:00Z',
    });
    await ledgerRow(id, { kind: 'instalment', cents: 4_001, status: 'failed', dueOn: '2026-03-05' });
    await ledgerRow(id, { kind: 'instalment', cents: 4_001, status: 'scheduled', dueOn: '2026-04-05' });

    for (const [i, state] of ['ok', 'Oklahoma', ' OK ', 'Texas', 'Ontario', null].entries()) {
      const { trainerId } = await createUser(app, `state${i}@example.com`, ['trainer'], `State ${i}`, {
        certified: i !== 1,
      });
      await app.db
        .updateTable('trainers')
        .set({ state })
        .where('id', '=', trainerId as number)
        .execute();
    }

    const classId = (
      await app.db
        .insertInto('classes')
        .values({
          trainerId: cast.mariaId,
          title: 'Basics',
          startsAt: new Date('2026-04-01T15:00:00Z'),
          endsAt: new Date('2026-04-01T17:00:00Z'),
          timeZone: 'America/Chicago',
          location: 'YMCA',
          priceCents: 0,
          capacity: 10,
          type: 'group',
          level: 'beginner',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const [i, [at, status]] of (
      [
        ['2026-03-09T15:00:00Z', 'registered'],
        ['2026-03-10T14:00:00Z', 'cancelled'],
        ['2026-03-09T04:00:00Z', 'registered'], // Sunday 11 PM in Tulsa: the week before
      ] as const
    ).entries()) {
      await app.db
        .insertInto('classRegistrations')
        .values({
          classId,
          name: `Guest ${i}`,
          email: `g${i}@example.com`,
          status,
          cancelTokenHash: `h${i}`,
          createdAt: new Date(at),
        })
        .execute();
    }

    const insights: Insights = (await get('/api/admin/insights')).json();
    expect(insights.revenue.slice(-3)).toEqual([
      { month: '2026-01', paidCents: 12_345, refundedCents: 12_345, disputedCents: 0, outstandingCents: 0 },
      { month: '2026-02', paidCents: 0, refundedCents: 0, disputedCents: 0, outstandingCents: 0 },
      { month: '2026-03', paidCents: 4_001, refundedCents: 0, disputedCents: 4_001, outstandingCents: 4_001 },
    ]);
    // The refund at 9 PM on 31 January in Tulsa is January's (2026-02-01T03:00Z).
    expect(insights.trainersByState).toEqual([
      { state: 'OK', name: 'Oklahoma', trainers: 5, certified: 4 }, // Maria and Devon are in Tulsa, OK too
      { state: 'TX', name: 'Texas', trainers: 1, certified: 1 },
      { state: 'other', name: 'Other or not given', trainers: 2, certified: 2 },
    ]);
    expect(insights.registrations).toHaveLength(12);
    expect(insights.registrations.slice(-2)).toEqual([
      { weekStart: '2026-03-02', registrations: 1, cancelled: 0 },
      { weekStart: '2026-03-09', registrations: 2, cancelled: 1 },
    ]);
  });

  it('downloads each chart as CSV with its type and file name, and refuses an unknown chart', async () => {
    const id = await enrolment('2026-03-01T15:00:00Z', { paidAt: '2026-03-01T15:00:00Z' });
    await ledgerRow(id, { kind: 'payment', cents: 100_005, status: 'paid', paidAt: '2026-03-01T15:00:00Z' });
    const res = await get('/api/admin/insights/revenue.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="soul-punch-revenue-2026-03-10.csv"',
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"Month","Paid (USD)","Refunded (USD)","Disputed (USD)","Instalments outstanding (USD)"',
    );
    expect(lines[12]).toBe('"2026-03",1000.05,0.00,0.00,0.00');
    expect(lines).toHaveLength(14); // header, 12 months, the empty string after the last CRLF

    for (const chart of ['funnel', 'trainers-by-state', 'class-registrations']) {
      const csv = await get(`/api/admin/insights/${chart}.csv`);
      expect(csv.statusCode, chart).toBe(200);
      expect(csv.headers['content-disposition']).toContain(`soul-punch-${chart}-2026-03-10.csv`);
    }
    expect((await get('/api/admin/insights/passwords.csv')).statusCode).toBe(400);
  });
});

describe('the accounting report', () => {
  it('gives each month and the year to the cent, every year with activity, and both as CSV', async () => {
    const id = await enrolment('2025-12-01T15:00:00Z', { paidAt: '2025-12-01T15:00:00Z' });
    await ledgerRow(id, { kind: 'payment', cents: 30_001, status: 'paid', paidAt: '2025-12-31T23:00:00Z' }); // Dec in Tulsa... 5 PM
    await ledgerRow(id, { kind: 'offline', cents: 20_002, status: 'paid', paidAt: '2026-01-01T05:59:00Z' }); // 11:59 PM 31 Dec
    await ledgerRow(id, {
      kind: 'instalment',
      cents: 10_003,
      status: 'paid',
      paidAt: '2026-01-01T06:00:00Z',
    }); // Jan
    await ledgerRow(id, { kind: 'refund', cents: -3, status: 'refunded', paidAt: '2026-02-03T15:00:00Z' });
    await ledgerRow(id, {
      kind: 'refund',
      cents: -10_000,
      status: 'disputed',
      paidAt: '2026-02-04T15:00:00Z',
    });
    await ledgerRow(id, { kind: 'instalment', cents: 7_007, status: 'waived', dueOn: '2026-05-01' });
    await ledgerRow(id, { kind: 'instalment', cents: 7_007, status: 'paused', dueOn: '2026-06-01' });

    const res = await get('/api/admin/accounting?year=2026');
    expect(res.statusCode, res.body).toBe(200);
    const report: AccountingReport = res.json();
    expect(report.months).toHaveLength(12);
    expect(report.months[0]).toMatchObject({
      month: '2026-01',
      receivedCents: 10_003,
      netCents: 10_003,
      payments: 1,
    });
    expect(report.months[1]).toMatchObject({ refundedCents: 3, disputedCents: 10_000, netCents: -10_003 });
    expect(report.total).toEqual({
      receivedCents: 10_003,
      refundedCents: 3,
      disputedCents: 10_000,
      netCents: 0,
      outstandingCents: 7_007,
      waivedCents: 7_007,
      payments: 1,
    });
    expect(report.years.map((y) => [y.year, y.receivedCents, y.netCents])).toEqual([
      [2026, 10_003, 0],
      [2025, 50_003, 50_003],
    ]);
    // This year by default (the brand's 2026).
    expect((await get('/api/admin/accounting')).json().year).toBe(2026);

    const months = await get('/api/admin/accounting/months.csv?year=2026');
    expect(months.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(months.headers['content-disposition']).toBe(
      'attachment; filename="soul-punch-accounting-2026.csv"',
    );
    const rows = months.body.split('\r\n');
    expect(rows[2]).toBe('"2026-02",0.00,0.03,100.00,-100.03,0.00,0.00,0');
    expect(rows[13]).toBe('"Total 2026",100.03,0.03,100.00,0.00,70.07,70.07,1');
    const years = await get('/api/admin/accounting/years.csv');
    expect(years.body.split('\r\n')[2]).toBe('2025,500.03,0.00,0.00,500.03,0.00,0.00,2');

    for (const url of [
      '/api/admin/accounting?year=twenty',
      '/api/admin/accounting?year=1999',
      '/api/admin/accounting?month=1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});

describe('who may read them', () => {
  it('answers 401 without a session and 403 to a trainer', async () => {
    for (const url of [
      '/api/admin/insights',
      '/api/admin/insights/funnel.csv',
      '/api/admin/accounting',
      '/api/admin/accounting/months.csv',
      '/api/admin/accounting/years.csv',
    ]) {
      expect((await anon({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url, cast.maria)).statusCode, url).toBe(403);
    }
  });
});
