import { type Kysely, sql } from 'kysely';

/**
 * Trainers an admin added (no checkout) can be paid for: an admin records an offline payment (an enrolment with no
 * terms agreed at a checkout), or e-mails them a link to enrol from the portal. `origin` says where an enrolment
 * began; each admin payment request is kept by its id, so a double submit is applied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('enrolments')
    .alterColumn('terms_agreed_at', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('enrolments')
    .addColumn('origin', 'text', (c) =>
      c.notNull().defaultTo('checkout').check(sql`origin in ('checkout', 'portal', 'offline')`),
    )
    .execute();
  await db.schema
    .createTable('payment_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_requests').execute();
  await db.schema.alterTable('enrolments').dropColumn('origin').execute();
  await sql`update enrolments set terms_agreed_at = created_at where terms_agreed_at is null`.execute(db);
  await db.schema
    .alterTable('enrolments')
    .alterColumn('terms_agreed_at', (c) => c.setNotNull())
    .execute();
}
