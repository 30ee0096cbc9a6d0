import { type Kysely, sql } from 'kysely';

/** Classes owned by trainers, their registrations and waitlists; e-mail attachments (calendar invites). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('classes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('notes', 'text')
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity > 0`))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('group', 'workshop', 'private', 'corporate', 'series')`),
    )
    .addColumn('level', 'text', (c) =>
      c.notNull().check(sql`level in ('beginner', 'all-levels', 'custom', 'advanced')`),
    )
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('payment_link', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'cancelled')`),
    )
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('classes_end_after_start', sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex('classes_status_start')
    .on('classes')
    .columns(['status', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('classes_trainer_start')
    .on('classes')
    .columns(['trainer_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('class_registrations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('registered', 'waitlisted', 'cancelled')`),
    )
    .addColumn('cancel_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One live registration per person and class.
  await sql`create unique index class_registrations_one_live on class_registrations (class_id, email) where status <> 'cancelled'`.execute(
    db,
  );
  await db.schema
    .createIndex('class_registrations_class_status')
    .on('class_registrations')
    .columns(['class_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .alterTable('outbox_messages')
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('attachments').execute();
  await db.schema.dropTable('class_registrations').execute();
  await db.schema.dropTable('classes').execute();
}
