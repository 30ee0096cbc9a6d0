import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import * as certificationRecord from '../src/db/migrations/0021-certification-record';
import * as insurancePolicies from '../src/db/migrations/0022-insurance-policies';
import { freshDatabase } from './helper';

// Migration 0021 turns the profile's typed renewal date into the certification record's expiry, nothing lost;
// 0022 copies the profile's insurance into a policy waiting for its certificate. Run on a database as it was
// before them (0018), with the trainers of every case.

let fresh: Awaited<ReturnType<typeof openDatabase>>;
let db: Db;
beforeAll(async () => {
  // PGlite, or a database of its own on PostgreSQL when TEST_DATABASE_URL is set.
  fresh = await openDatabase(await freshDatabase());
  db = fresh.db;
  await migrateToLatest(db);
  await insurancePolicies.down(db as never);
  await certificationRecord.down(db as never);
});
afterAll(() => fresh.close());

async function trainer(
  name: string,
  paid: boolean,
  profile: { renewal: string | null; training: string | null; insurance?: [string, string] },
): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`insert into trainers (name, email, payment_status, onboarding_status)
    values (${name}, ${`${name.toLowerCase()}@example.com`}, ${paid ? 'completed' : 'pending'},
      ${paid ? 'completed' : 'payment_pending'}) returning id`.execute(db);
  const id = rows[0]?.id as number;
  await sql`insert into trainer_profiles (trainer_id, renewal_date, training_date, has_insurance, insurance_provider,
      insurance_expiry)
    values (${id}, ${profile.renewal}, ${profile.training}, ${!!profile.insurance}, ${profile.insurance?.[0] ?? null},
      ${profile.insurance?.[1] ?? null})`.execute(db);
  return id;
}

describe('migrations 0021 and 0022', () => {
  it('keep every typed renewal date as a record expiry, certify who was certified, and can go back', async () => {
    const typed = await trainer('Ann', true, { renewal: '2027-04-10', training: '2025-04-10' });
    const untyped = await trainer('Ben', true, { renewal: null, training: '2025-06-01' });
    const unpaid = await trainer('Cal', false, { renewal: '2026-12-31', training: null });
    const nothing = await trainer('Dee', false, { renewal: null, training: null });
    const insured = await trainer('Eve', true, {
      renewal: '2027-01-01',
      training: '2025-01-01',
      insurance: ['kk', '2026-09-30'],
    });

    await certificationRecord.up(db as never);
    await insurancePolicies.up(db as never);

    const records = await db.selectFrom('certificationRecords').selectAll().orderBy('trainerId').execute();
    const byId = new Map(records.map((r) => [r.trainerId, r]));
    expect(byId.get(typed)).toMatchObject({
      status: 'certified',
      expiresOn: '2027-04-10',
      issuedOn: '2025-04-10',
    });
    expect(byId.get(untyped)).toMatchObject({ status: 'certified', expiresOn: '2027-06-01' });
    expect(byId.get(unpaid)).toMatchObject({
      status: 'in_training',
      expiresOn: '2026-12-31',
      certificateNumber: null,
    });
    expect(byId.has(nothing)).toBe(false);
    const numbers = records.map((r) => r.certificateNumber).filter(Boolean);
    for (const n of numbers) expect(n).toMatch(/^SP-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(new Set(numbers).size).toBe(numbers.length);

    const history = await db.selectFrom('certificationHistory').selectAll().orderBy('trainerId').execute();
    expect(history.find((h) => h.trainerId === typed)).toMatchObject({
      action: 'migrated',
      toStatus: 'certified',
      reason: 'Renewal date typed on the profile: 2027-04-10',
    });
    expect(history.find((h) => h.trainerId === unpaid)?.reason).toBe(
      'Renewal date typed on the profile: 2026-12-31',
    );
    expect(history).toHaveLength(4);

    const policies = await db.selectFrom('insurancePolicies').selectAll().execute();
    expect(policies).toEqual([
      expect.objectContaining({
        trainerId: insured,
        provider: 'K&K Insurance',
        expiresOn: '2026-09-30',
        acceptedAt: null,
        certificateKey: null,
      }),
    ]);

    // Going back puts each expiry in the profile's renewal date.
    await insurancePolicies.down(db as never);
    await certificationRecord.down(db as never);
    const { rows } = await sql<{ renewalDate: string | null }>`
      select trainer_id, renewal_date from trainer_profiles order by trainer_id`.execute(db);
    expect(rows.map((r) => r.renewalDate)).toEqual([
      '2027-04-10',
      '2027-06-01',
      '2026-12-31',
      null,
      '2027-01-01',
    ]);
    await certificationRecord.up(db as never);
    await insurancePolicies.up(db as never);
  });
});
