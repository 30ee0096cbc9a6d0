import { type Kysely, sql } from 'kysely';

/** The audit trail of admin edits: who changed which fields of a trainer, when, from what to what. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trainer_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trainer_changes_trainer')
    .on('trainer_changes')
    .columns(['trainer_id', 'changed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trainer_changes').execute();
}
