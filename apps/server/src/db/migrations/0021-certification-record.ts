import { type Kysely, sql } from 'kysely';

/**
 * The certification record the server owns (issue 26, decision record 0014): one per trainer once issued (no row:
 * in training), its history (who, why) and the reminders sent (each once per expiry and threshold).
 *
 * The profile's typed renewal date becomes the record's expiry, nothing lost: a trainer certified today (paid and
 * onboarding completed, which the public rule already required) gets a certified record expiring on that date
 * (else the training date plus 2 years, else 2 years from the certification date or today); any other trainer who
 * typed a date keeps it on an 'in training' record until an admin issues one. Each gets a 'migrated' history entry
 * that says what it came from. The scheduled round then marks renewal due and lapses on the app's clock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certification_records')
    .addColumn('trainer_id', 'integer', (c) => c.primaryKey().references('trainers.id').onDelete('cascade'))
    .addColumn('certificate_number', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('in_training', 'certified', 'renewal_due', 'lapsed', 'suspended', 'revoked')`),
    )
    .addColumn('issued_on', 'date')
    .addColumn('expires_on', 'date')
    .addColumn('insurance_paused_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'issued_has_number',
      sql`status = 'in_training' or (certificate_number is not null and issued_on is not null and expires_on is not null)`,
    )
    .execute();
  await db.schema
    .createTable('certification_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'date')
    .addColumn('reason', 'text')
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('certification_history_trainer')
    .on('certification_history')
    .columns(['trainer_id', 'id'])
    .execute();
  await db.schema
    .createTable('certification_reminders')
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    /** 'certification' or 'insurance'. */
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('due_on', 'date', (c) => c.notNull())
    /** Days before `due_on` ('90', '30', ...) or 'lapsed'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('certification_reminders_once', ['trainer_id', 'subject', 'due_on', 'kind'])
    .execute();

  // Random, unguessable numbers (64 bits from the strong generator behind gen_random_uuid), in the app's format.
  await sql`
    insert into certification_records (trainer_id, certificate_number, status, issued_on, expires_on)
    select t.id,
      (select 'SP-' || substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4)
        from (select upper(md5(gen_random_uuid()::text || t.id)) as h) r),
      'certified',
      coalesce(p.certification_date, p.training_date, current_date),
      coalesce(p.renewal_date, (p.training_date + interval '2 years')::date,
        (coalesce(p.certification_date, current_date) + interval '2 years')::date)
    from trainers t left join trainer_profiles p on p.trainer_id = t.id
    where t.payment_status = 'completed' and t.onboarding_status = 'completed'`.execute(db);
  await sql`
    insert into certification_records (trainer_id, status, expires_on)
    select p.trainer_id, 'in_training', p.renewal_date from trainer_profiles p
    where p.renewal_date is not null
      and p.trainer_id not in (select trainer_id from certification_records)`.execute(db);
  await sql`
    insert into certification_history (trainer_id, action, to_status, expires_on, reason)
    select c.trainer_id, 'migrated', c.status, c.expires_on,
      case when p.renewal_date is not null then 'Renewal date typed on the profile: ' || p.renewal_date::text
        else 'Certified before the certification record existed' end
    from certification_records c left join trainer_profiles p on p.trainer_id = c.trainer_id`.execute(db);
  await db.schema.alterTable('trainer_profiles').dropColumn('renewal_date').execute();

  await sql`
    create trigger certification_records_public_directory
    after insert or update or delete or truncate on certification_records
    for each statement execute function public_directory_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trainer_profiles').addColumn('renewal_date', 'date').execute();
  await sql`update trainer_profiles p set renewal_date = c.expires_on
    from certification_records c where c.trainer_id = p.trainer_id`.execute(db);
  await db.schema.dropTable('certification_reminders').execute();
  await db.schema.dropTable('certification_history').execute();
  await db.schema.dropTable('certification_records').execute();
}
