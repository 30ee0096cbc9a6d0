import { fc, test } from '@fast-check/vitest';
import {
  type AccountingTotals,
  DEFAULT_TIME_ZONE,
  EMPTY_TOTALS,
  instantToZonedTime,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { accountingByYear, accountingReport } from '../src/modules/insights/accounting';
import { buildTestApp, type TestApp } from './helper';

/**
 * The accounting report's totals equal the ledger's, to the cent, whatever the ledger holds: random payments,
 * instalments and offline payments (some refunded or disputed later), refunds, disputes and unpaid instalments,
 * at random instants that crowd the brand's month and year boundaries (where a UTC month would differ). The
 * expectation is summed here row by row, in JavaScript, from the rows as written: not by the report's SQL.
 */

let t: TestApp;
let app: FastifyInstance;
let enrolmentId: number;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const row = await app.db
    .insertInto('enrolments')
    .values({
      publicId: 'enr_property',
      cookieHash: 'hash_property',
      fullName: 'Ledger Property',
      email: 'ledger@example.com',
      termsAgreedAt: new Date('2025-01-01T00:00:00Z'),
      plan: 'flex',
      amountCents: 1,
      totalCents: 6,
      currency: 'usd',
      provider: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  enrolmentId = row.id;
});
afterAll(() => t.close());

const YEARS = [2025, 2026, 2027];
/** New Year and every month's turn in Tulsa, with a few hours either side. */
const boundaries = YEARS.flatMap((y) => Array.from({ length: 12 }, (_, m) => Date.UTC(y, m, 1, 6)));
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2025, 0, 1, 6), max: Date.UTC(2028, 0, 1, 5, 59) }),
  fc
    .tuple(fc.constantFrom(...boundaries), fc.integer({ min: -3 * 3600_000, max: 3 * 3600_000 }))
    .map(([at, offset]) => at + offset),
);
const cents = fc.integer({ min: 1, max: 50_000_000 });
const day = fc
  .integer({ min: 0, max: 3 * 365 })
  .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

type Row = {
  kind: 'payment' | 'instalment' | 'offline' | 'refund';
  status: 'paid' | 'refunded' | 'disputed' | 'scheduled' | 'failed' | 'paused' | 'waived';
  amountCents: number;
  paidAt: Date | null;
  dueOn: string | null;
};

const moneyIn = fc.record({
  kind: fc.constantFrom('payment' as const, 'instalment' as const, 'offline' as const),
  // A payment refunded or disputed later keeps its paid day.
  status: fc.constantFrom('paid' as const, 'refunded' as const, 'disputed' as const),
  amountCents: cents,
  paidAt: instant.map((ms) => new Date(ms)),
  dueOn: fc.option(day, { nil: null }),
});
const moneyOut = fc.record({
  kind: fc.constant('refund' as const),
  status: fc.constantFrom('refunded' as const, 'disputed' as const),
  amountCents: cents.map((c) => -c),
  paidAt: instant.map((ms) => new Date(ms)),
  dueOn: fc.constant(null),
});
const unpaid = fc.record({
  kind: fc.constantFrom('instalment' as const, 'payment' as const),
  status: fc.constantFrom('scheduled' as const, 'failed' as const, 'paused' as const, 'waived' as const),
  amountCents: cents,
  paidAt: fc.constant(null),
  dueOn: day,
});
const ledger = fc.array(fc.oneof(moneyIn, moneyOut, unpaid), { maxLength: 40 });

/** The expected totals of one period ('YYYY' or 'YYYY-MM'), summed from the rows as written. */
function expected(rows: readonly Row[], period: string): AccountingTotals {
  const t = { ...EMPTY_TOTALS };
  for (const row of rows) {
    if (row.paidAt && instantToZonedTime(row.paidAt, DEFAULT_TIME_ZONE).date.startsWith(period)) {
      t.netCents += row.amountCents;
      if (row.kind !== 'refund') {
        t.receivedCents += row.amountCents;
        t.payments += 1;
      } else if (row.status === 'disputed') t.disputedCents -= row.amountCents;
      else t.refundedCents -= row.amountCents;
    }
    if (!row.paidAt && row.dueOn?.startsWith(period)) {
      if (row.status === 'waived') t.waivedCents += row.amountCents;
      else t.outstandingCents += row.amountCents;
    }
  }
  return t;
}

describe('the accounting report', () => {
  test.prop([ledger], { numRuns: 30 })(
    "equals the ledger's sums by month, year and in all, to the cent",
    async (rows) => {
      await sql`delete from payments`.execute(app.db);
      if (rows.length > 0) {
        await app.db
          .insertInto('payments')
          .values(rows.map((row) => ({ ...row, enrolmentId, instalment: null, currency: 'usd' })))
          .execute();
      }
      for (const year of YEARS) {
        const report = await accountingReport(app.db, year);
        expect(report.total).toEqual(expected(rows, String(year)));
        for (const month of report.months) {
          const { month: key, ...totals } = month;
          expect(totals, key).toEqual(expected(rows, key));
        }
      }
      // Every row that moved money is in exactly one year: the years' net is the ledger's own sum.
      const years = await accountingByYear(app.db);
      const ledgerSum = rows.filter((r) => r.paidAt).reduce((sum, r) => sum + r.amountCents, 0);
      expect(years.reduce((sum, y) => sum + y.netCents, 0)).toBe(ledgerSum);
      for (const y of years) {
        expect(y.netCents).toBe(y.receivedCents - y.refundedCents - y.disputedCents);
      }
    },
  );
});
