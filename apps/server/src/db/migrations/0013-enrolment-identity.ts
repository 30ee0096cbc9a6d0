import { type Kysely, sql } from 'kysely';

/**
 * Enrolment bound to a verified e-mail (decision 0008): a 6-digit code e-mailed to the address is entered in the
 * same browser before the provider's checkout opens. Only the code's keyed hash is kept, with its expiry and the
 * wrong tries spent on it. Unpaid enrolments that expired are found by status and age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('enrolments')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('email_code_hash', 'text')
    .addColumn('email_code_expires_at', 'timestamptz')
    .addColumn('email_code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index enrolments_unpaid_created on enrolments (created_at) where status = 'checkout'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index enrolments_unpaid_created`.execute(db);
  await db.schema
    .alterTable('enrolments')
    .dropColumn('email_verified_at')
    .dropColumn('email_code_hash')
    .dropColumn('email_code_expires_at')
    .dropColumn('email_code_attempts')
    .execute();
}
