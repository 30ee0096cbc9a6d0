import { type Kysely, sql } from 'kysely';

/**
 * The public classes lists at 100,000 trainers (issue 24): counting the upcoming classes of listed trainers read
 * every trainer, profile and class row (about 150 MB) on each build. These indexes hold just what the count and
 * the listed-trainer test read, so the count is a join of index-only scans:
 * - scheduled classes by start (with the id the lists order by, and the trainer);
 * - trainers who may be listed (active, access and certification not paused), by id;
 * - certification records that list their trainer;
 * - profiles with whether they are listed.
 * The NOTIFY of a change now names its table, so that an instance rebuilds only the answers that read it (a
 * registration does not rebuild the trainers' list, decision record 0018).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index classes_scheduled_start on classes (starts_at, id) include (trainer_id) where status = 'scheduled'`.execute(
    db,
  );
  await sql`create index trainers_may_be_listed on trainers (id) where status = 'active' and access_paused_at is null and certification_suspended_at is null`.execute(
    db,
  );
  await sql`create index certification_records_listing on certification_records (trainer_id) where status in ('certified', 'renewal_due') and insurance_paused_at is null`.execute(
    db,
  );
  await sql`create index trainer_profiles_listed on trainer_profiles (trainer_id, publicly_listed)`.execute(
    db,
  );
  await sql`
    create or replace function public_directory_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('public_directory', tg_table_name);
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function public_directory_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('public_directory', '');
      return null;
    end $$`.execute(db);
  for (const index of [
    'trainer_profiles_listed',
    'certification_records_listing',
    'trainers_may_be_listed',
    'classes_scheduled_start',
  ]) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
}
