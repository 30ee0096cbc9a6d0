import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaIsCurrent } from '../src/db/migrate';
import { buildTestApp, createUser, freshDatabase, type TestApp } from './helper';

// The test apps start from the migrated database made once per run (test/global-setup.ts), not from an empty
// one each: booting and migrating PGlite per file was most of the API suite's time.
describe('the test database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('is a copy of the migrated one made once per run, on either engine', async () => {
    const target = await freshDatabase();
    if (target.kind === 'memory') expect(target.snapshot?.size).toBeGreaterThan(0);
    else expect(target.kind).toBe('postgres');
    expect(await schemaIsCurrent(a.app.db)).toBe(true);
  });

  it('is a copy of its own: what one app writes, another does not see', async () => {
    await createUser(a.app, 'only-in-a@example.com', ['admin']);
    const count = async (t: TestApp) =>
      (await sql<{ n: number }>`select count(*)::int as n from users`.execute(t.app.db)).rows[0]?.n;
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
  });
});
