import { type Kysely, sql } from 'kysely';

/**
 * Upcoming training (the in-person Train the Trainer) gets real dates, so the dashboard can give the year and stop
 * showing a session once it is over. The prototype's 'Tulsa, OK 7/25-7/27' was the 2025 session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('resources')
    .addColumn('starts_on', 'date')
    .addColumn('ends_on', 'date')
    .execute();
  await db.schema
    .alterTable('resources')
    .addCheckConstraint('resources_training_dates', sql`ends_on is null or ends_on >= starts_on`)
    .execute();
  await sql`update resources set details = 'Tulsa, OK', starts_on = '2025-07-25', ends_on = '2025-07-27'
    where kind = 'upcoming_training' and details = 'Tulsa, OK 7/25-7/27'`.execute(db);
  // The assistant's article about it said '7/25-7/27' too; assistants on every instance reload on the new revision.
  const changed =
    await sql`update knowledge_articles set body = replace(body, 'Tulsa, OK 7/25-7/27', 'Tulsa, OK')
    where resource_id is not null and body like '%Tulsa, OK 7/25-7/27%'`.execute(db);
  if (Number(changed.numAffectedRows ?? 0) > 0) {
    await sql`update knowledge_revision set revision = revision + 1 where id = 1`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update resources set details = 'Tulsa, OK 7/25-7/27'
    where kind = 'upcoming_training' and details = 'Tulsa, OK' and starts_on = '2025-07-25'`.execute(db);
  await db.schema.alterTable('resources').dropColumn('starts_on').dropColumn('ends_on').execute();
}
