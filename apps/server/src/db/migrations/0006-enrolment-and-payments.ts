import { type Kysely, sql } from 'kysely';

/** Enrolments, the payment ledger, received provider events, the test provider's checkouts; payment standing on trainers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enrolments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('cookie_hash', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('terms_agreed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('full', 'flex')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('checkout').check(sql`status in ('checkout', 'paid', 'cancelled')`),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('checkout_id', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('checkout_attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('subscription_ended_at', 'timestamptz')
    .addColumn('test_card', 'text')
    .addColumn('last_error', 'text')
    .addColumn('trainer_id', 'integer', (c) => c.references('trainers.id').onDelete('set null'))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One person never ends with two paid enrolments.
  await sql`create unique index enrolments_one_paid_per_email on enrolments (email) where status = 'paid'`.execute(
    db,
  );
  await db.schema.createIndex('enrolments_email').on('enrolments').column('email').execute();
  await db.schema.createIndex('enrolments_subscription').on('enrolments').column('subscription_id').execute();
  await db.schema.createIndex('enrolments_customer').on('enrolments').column('customer_id').execute();
  await db.schema.createIndex('enrolments_checkout').on('enrolments').column('checkout_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('enrolments.id').onDelete('cascade'))
    .addColumn('instalment', 'integer')
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('payment', 'instalment', 'offline', 'refund')`),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('due_on', 'date')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('scheduled', 'paid', 'failed', 'refunded', 'waived', 'disputed', 'paused')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_ref', 'text')
    .addColumn('pay_now_url', 'text')
    .addColumn('receipt_url', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('payments_one_row_per_instalment', ['enrolment_id', 'instalment'])
    .execute();
  await sql`create unique index payments_one_row_per_ref on payments (kind, provider_ref) where provider_ref is not null and kind in ('refund', 'offline')`.execute(
    db,
  );

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('payment_events_received').on('payment_events').column('received_at').execute();

  await db.schema
    .createTable('test_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enrolment_id', 'integer', (c) => c.notNull().references('enrolments.id').onDelete('cascade'))
    .addColumn('instalment', 'integer')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('trainers')
    .addColumn('past_due_since', 'timestamptz')
    .addColumn('access_paused_at', 'timestamptz')
    .addColumn('certification_suspended_at', 'timestamptz')
    .addColumn('certification_suspension_reason', 'text')
    .execute();
  await sql`alter table trainers drop constraint if exists trainers_payment_status_check`.execute(db);
  await sql`alter table trainers add constraint trainers_payment_status_check check (payment_status in ('pending', 'completed', 'past_due', 'failed', 'refunded', 'disputed'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trainers')
    .dropColumn('past_due_since')
    .dropColumn('access_paused_at')
    .dropColumn('certification_suspended_at')
    .dropColumn('certification_suspension_reason')
    .execute();
  await db.schema.dropTable('test_checkouts').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('enrolments').execute();
}
