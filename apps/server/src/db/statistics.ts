import { sql } from 'kysely';
import { DAY_MS } from '../lib/clock';
import type { ScheduledJob } from '../lib/scheduler';
import type { Db } from './database';

// The planner's statistics on the embedded database. PostgreSQL's autovacuum gathers them as tables grow; PGlite
// runs no autovacuum, so nothing did: a database of 100,000 seeded trainers never analyzed took over ten minutes of
// CPU on the classes list (a plan made for empty tables), against 0.1 s once analyzed.

/** Whether trainers are there but their statistics are not (never analyzed: after a bulk load, or ever before). */
export async function statisticsMissing(db: Db): Promise<boolean> {
  const { rows } = await sql<{ missing: boolean }>`
    select exists (select 1 from trainers)
       and not exists (select 1 from pg_stats where schemaname = 'public' and tablename = 'trainers') as missing
  `.execute(db);
  return rows[0]?.missing === true;
}

/** Gathers every table's statistics (ANALYZE samples each table: 2.4 s of the database's thread at 100,000). */
export async function gatherStatistics(db: Db): Promise<void> {
  await sql`analyze`.execute(db);
}

/** Once a day on the embedded database, as autovacuum would as the tables change. */
export const embeddedStatisticsJob = (db: Db): ScheduledJob => ({
  name: 'embedded-database-statistics',
  everyMs: DAY_MS,
  run: () => gatherStatistics(db),
});
