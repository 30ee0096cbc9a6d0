import { type Kysely, sql } from 'kysely';

/**
 * The admin Calendar (issue 26, part 5): Train the Trainer sessions with their registered trainers and attendance,
 * consultation slots an admin publishes and the trainers' bookings of them, group events, and each admin's private
 * feed (only a hash of its secret address is kept). Times are UTC instants with the zone the admin entered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('training_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('scheduled').check(sql`status in ('scheduled', 'cancelled')`),
    )
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('training_sessions_times', sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex('training_sessions_starts_at')
    .on('training_sessions')
    .column('starts_at')
    .execute();

  await db.schema
    .createTable('training_registrations')
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('training_sessions.id').onDelete('cascade'),
    )
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attended_at', 'timestamptz')
    .addColumn('attendance_marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('training_registrations_pk', ['session_id', 'trainer_id'])
    .execute();
  await db.schema
    .createIndex('training_registrations_trainer')
    .on('training_registrations')
    .column('trainer_id')
    .execute();

  await db.schema
    .createTable('consultation_slots')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('host_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('consultation_slots_times', sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex('consultation_slots_starts_at')
    .on('consultation_slots')
    .column('starts_at')
    .execute();

  await db.schema
    .createTable('consultation_bookings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slot_id', 'integer', (c) =>
      c.notNull().references('consultation_slots.id').onDelete('cascade'),
    )
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('booked').check(sql`status in ('booked', 'cancelled')`),
    )
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reminder_sent_at', 'timestamptz')
    .addColumn('booked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A slot is held by one booking at most: the database refuses the second, whatever the service saw.
  await sql`create unique index consultation_bookings_one_per_slot on consultation_bookings (slot_id) where status = 'booked'`.execute(
    db,
  );
  await db.schema
    .createIndex('consultation_bookings_trainer')
    .on('consultation_bookings')
    .column('trainer_id')
    .execute();

  await db.schema
    .createTable('group_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('group_events_times', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('group_events_starts_at').on('group_events').column('starts_at').execute();

  await db.schema
    .createTable('admin_calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'admin_calendar_feeds',
    'group_events',
    'consultation_bookings',
    'consultation_slots',
    'training_registrations',
    'training_sessions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
