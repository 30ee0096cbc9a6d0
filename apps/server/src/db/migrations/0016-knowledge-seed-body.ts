import { type Kysely, sql } from 'kysely';

/**
 * The body the seed last wrote into each seeded article. At start the seed re-renders an article whose body is
 * still that text (no admin edited it), so prices and schedules in the knowledge base follow the live values.
 * Existing installations: an article no admin ever touched (no editor, never updated after its insert) counts as
 * the seed's own text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('knowledge_articles').addColumn('seed_body', 'text').execute();
  await sql`update knowledge_articles set seed_body = body
    where resource_id is null and updated_by is null and updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('knowledge_articles').dropColumn('seed_body').execute();
}
