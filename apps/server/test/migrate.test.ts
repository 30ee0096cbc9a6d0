import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from '../src/db/database';
import { migrateToLatest, schemaIsCurrent } from '../src/db/migrate';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('start-up migrations', () => {
  it('takes the one-query path only when every migration has run', async () => {
    const { db } = t.app;
    expect(await schemaIsCurrent(db)).toBe(true);
    const last = await db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    // One missing: the migrator must run (it would apply that migration).
    expect(await schemaIsCurrent(db)).toBe(false);
    await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${new Date().toISOString()})`.execute(
      db,
    );
    expect(await schemaIsCurrent(db)).toBe(true);
  });

  it('migrates a new database, then finds it current', async () => {
    const fresh = await openDatabase({ kind: 'memory' });
    try {
      expect(await schemaIsCurrent(fresh.db)).toBe(false);
      await migrateToLatest(fresh.db);
      expect(await schemaIsCurrent(fresh.db)).toBe(true);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from trainers`.execute(fresh.db);
      expect(rows[0]?.n).toBe(0);
      await migrateToLatest(fresh.db); // a second start changes nothing
      // The embedded database's page cache, which PGlite fills as it starts (the server's memory and start time).
      const cache = await sql<{ size: string }>`select current_setting('shared_buffers') as size`.execute(
        fresh.db,
      );
      expect(cache.rows[0]?.size).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      await fresh.close();
    }
    // A PGlite boot of its own plus every migration: seconds alone, half a minute on a loaded 2-core machine.
  }, 120_000);
});
