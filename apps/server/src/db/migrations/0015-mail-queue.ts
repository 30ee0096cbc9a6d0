import { type Kysely, sql } from 'kysely';

/**
 * E-mail written in the same transaction as the change it tells of, sent after commit and retried with backoff
 * by the scheduled jobs: a mail server that refuses never undoes (or fails) the work already done.
 * A flex enrolment's instalment schedule at the provider is asked for after the webhook's transaction commits:
 * `instalment_schedule_for` names the subscription still waiting for it, so a failed call is retried.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The delivery round reads only what is still to send.
  await sql`create index mail_queue_due on mail_queue (next_attempt_at) where sent_at is null`.execute(db);
  await db.schema
    .alterTable('enrolments')
    .addColumn('instalment_schedule_for', 'text')
    .addColumn('instalments_scheduled_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('enrolments')
    .dropColumn('instalment_schedule_for')
    .dropColumn('instalments_scheduled_at')
    .execute();
  await db.schema.dropTable('mail_queue').execute();
}
