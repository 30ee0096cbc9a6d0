import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Db, openDatabase } from '../src/db/database';
import { embeddedStatisticsJob, gatherStatistics, statisticsMissing } from '../src/db/statistics';
import { freshDatabase, seededDataDir, testConfig } from './helper';

// PGlite runs no autovacuum: the app gathers the planner's statistics itself (src/db/statistics.ts).

const addTrainers = (db: Db, count: number, from = 0) =>
  db
    .insertInto('trainers')
    .values(
      Array.from({ length: count }, (_, n) => n + from).map((i) => ({
        name: `Stat Trainer ${i}`,
        email: `stat.${i}@example.com`,
        city: 'Tulsa',
        state: 'OK',
      })),
    )
    .execute();

const trainerRowsPlanned = async (db: Db) =>
  Number(
    (
      await sql<{
        reltuples: number;
      }>`select reltuples from pg_class where oid = 'trainers'::regclass`.execute(db)
    ).rows[0]?.reltuples,
  );

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("the embedded database's statistics", () => {
  it('are missing once trainers are loaded and never analyzed, and gathered by the daily job', async () => {
    const { db, close } = await openDatabase(await freshDatabase());
    cleanups.push(close);
    // An empty directory needs none.
    expect(await statisticsMissing(db)).toBe(false);
    await addTrainers(db, 40);
    expect(await statisticsMissing(db)).toBe(true);

    await embeddedStatisticsJob(db).run(new Date());
    expect(await statisticsMissing(db)).toBe(false);
    expect(await trainerRowsPlanned(db)).toBe(40);
    // Later rows count at the next run.
    await addTrainers(db, 1, 40);
    await gatherStatistics(db);
    expect(await trainerRowsPlanned(db)).toBe(41);
  });

  it('runs once a day', () => {
    expect(embeddedStatisticsJob({} as Db).everyMs).toBe(24 * 60 * 60 * 1000);
  });

  it('are gathered as the app starts on a database loaded in bulk without them', async () => {
    const dataDir = seededDataDir('sp-statistics-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const target = { kind: 'pglite' as const, dataDir };
    const loader = await openDatabase(target);
    await addTrainers(loader.db, 25);
    expect(await statisticsMissing(loader.db)).toBe(true);
    await loader.close();

    const app = await buildApp(testConfig({ dataDir }), { database: target, logger: false });
    cleanups.push(() => app.close());
    await app.ready();
    expect(await statisticsMissing(app.db)).toBe(false);
    expect(await trainerRowsPlanned(app.db)).toBe(25);
  });
});
