import { type Kysely, sql } from 'kysely';

/**
 * Scheduled work runs in rounds (every JOBS_EVERY_SECONDS, aligned to the clock). Each job's last claimed round is
 * kept here, so when several app instances tick at the same moment exactly one of them does the round's work.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_job_rounds')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('round', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_job_rounds').execute();
}
