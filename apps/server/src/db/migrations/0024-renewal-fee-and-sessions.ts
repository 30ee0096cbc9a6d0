import { type Kysely, sql } from 'kysely';

/**
 * Issue 26's leftovers (decision records 0002 and 0014):
 *
 * - The renewal fee is paid like the program, through an enrolment of its own (`purpose` = 'renewal', no plan,
 *   `renews_expires_on` = the expiry it renews) and a ledger row of kind 'renewal'. The one-paid-enrolment-per-
 *   address rule stays the program's; a renewal is paid once per expiry.
 * - The certification record remembers a fee paid for its current expiry that has not renewed it yet (the rest of
 *   what renewal requires came unmet between the checkout and the payment): the renewal completes once it is met.
 * - What renewal requires is an administrator's setting (one row; none: RENEWAL_REQUIRES).
 * - Each registration of a Train the Trainer session is reminded once the day before (reset when the session moves).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('enrolments')
    .addColumn('purpose', 'text', (c) =>
      c.notNull().defaultTo('program').check(sql`purpose in ('program', 'renewal')`),
    )
    .addColumn('renews_expires_on', 'date')
    .execute();
  await db.schema
    .alterTable('enrolments')
    .alterColumn('plan', (c) => c.dropNotNull())
    .execute();
  await sql`alter table enrolments add constraint enrolments_purpose_fields check (
    (purpose = 'program' and plan is not null and renews_expires_on is null)
    or (purpose = 'renewal' and plan is null and renews_expires_on is not null and trainer_id is not null)
  )`.execute(db);
  await sql`drop index enrolments_one_paid_per_email`.execute(db);
  await sql`create unique index enrolments_one_paid_per_email on enrolments (email) where status = 'paid' and purpose = 'program'`.execute(
    db,
  );
  await sql`create unique index enrolments_one_paid_renewal on enrolments (trainer_id, renews_expires_on) where status = 'paid' and purpose = 'renewal'`.execute(
    db,
  );
  await db.schema.createIndex('enrolments_trainer').on('enrolments').column('trainer_id').execute();

  await sql`alter table payments drop constraint if exists payments_kind_check`.execute(db);
  await sql`alter table payments add constraint payments_kind_check check (kind in ('payment', 'instalment', 'offline', 'refund', 'renewal'))`.execute(
    db,
  );

  await db.schema.alterTable('certification_records').addColumn('renewal_fee_paid_for', 'date').execute();
  await db.schema
    .createTable('certification_settings')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    /** Comma-separated requirement keys ('' for none), as RENEWAL_REQUIRES writes them. */
    .addColumn('renewal_requires', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('training_registrations').addColumn('reminder_sent_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('training_registrations').dropColumn('reminder_sent_at').execute();
  await db.schema.dropTable('certification_settings').execute();
  await db.schema.alterTable('certification_records').dropColumn('renewal_fee_paid_for').execute();
  // The renewal payments go with their enrolments (the ledger's rows cascade).
  await sql`delete from enrolments where purpose = 'renewal'`.execute(db);
  await sql`alter table payments drop constraint if exists payments_kind_check`.execute(db);
  await sql`alter table payments add constraint payments_kind_check check (kind in ('payment', 'instalment', 'offline', 'refund'))`.execute(
    db,
  );
  await db.schema.dropIndex('enrolments_trainer').execute();
  await sql`drop index enrolments_one_paid_renewal`.execute(db);
  await sql`drop index enrolments_one_paid_per_email`.execute(db);
  await sql`create unique index enrolments_one_paid_per_email on enrolments (email) where status = 'paid'`.execute(
    db,
  );
  await sql`alter table enrolments drop constraint enrolments_purpose_fields`.execute(db);
  await db.schema
    .alterTable('enrolments')
    .alterColumn('plan', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('enrolments').dropColumn('renews_expires_on').dropColumn('purpose').execute();
}
