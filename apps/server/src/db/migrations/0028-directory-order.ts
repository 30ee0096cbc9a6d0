import { type Kysely, sql } from 'kysely';

/**
 * The public directory's first page at 100,000 trainers (issue 24): its order (headquarters first, then by shown
 * state, then by shown name) was computed from the trainer and the profile together, so every build sorted every
 * listed trainer to send 100 of them. The profile now keeps that order's values, as it keeps its search text
 * (migration 0011), and triggers keep them current whichever module writes the trainer or the profile:
 * - `directory_headquarters`: the trainer is the headquarters;
 * - `directory_state`: the state, when the trainer shows it;
 * - `directory_name`: the shown name (display name, else full or first name), lower-cased.
 * An index of listed profiles in that order gives a page by walking it, each trainer's standing checked on the way.
 * The map's feed and the count of listed trainers by state read every listed trainer: two covering indexes in id
 * order (listed profiles with their shown state and what their shown name is made from; trainers who may be listed
 * with a position) make them merges of index-only scans instead of reads of the trainers' and the profiles' tables
 * (85 MB of profiles at 100,000).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('trainer_profiles')
    .addColumn('directory_headquarters', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('directory_state', 'text')
    .addColumn('directory_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // The same values as the directory's SQL (modules/directory/repository.ts) and toPublicTrainer compute.
  await sql`
    create function trainer_directory_name(p trainer_profiles, t trainers) returns text
    language sql stable as $$
      select lower(coalesce(nullif(btrim(p.display_name), ''),
        case when p.show_full_name then t.name else (regexp_split_to_array(btrim(t.name), '\\s+'))[1] end))
    $$`.execute(db);

  await sql`
    create function trainer_profiles_directory_order() returns trigger language plpgsql as $$
    declare t trainers;
    begin
      select * into t from trainers where id = new.trainer_id;
      new.directory_headquarters := coalesce(t.is_headquarters, false);
      new.directory_state := case when new.show_state then t.state end;
      new.directory_name := coalesce(trainer_directory_name(new, t), '');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger trainer_profiles_directory_order
    before insert or update of trainer_id, display_name, show_full_name, show_state on trainer_profiles
    for each row execute function trainer_profiles_directory_order()`.execute(db);

  await sql`
    create function trainers_directory_order() returns trigger language plpgsql as $$
    begin
      update trainer_profiles p set
        directory_headquarters = new.is_headquarters,
        directory_state = case when p.show_state then new.state end,
        directory_name = coalesce(trainer_directory_name(p, new), '')
      where p.trainer_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger trainers_directory_order after update of name, state, is_headquarters on trainers
    for each row when (old.name is distinct from new.name or old.state is distinct from new.state
      or old.is_headquarters is distinct from new.is_headquarters)
    execute function trainers_directory_order()`.execute(db);

  // biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables as they are at this point.
  await (db as Kysely<any>)
    .updateTable('trainer_profiles as p')
    .set({
      directory_headquarters: sql`t.is_headquarters`,
      directory_state: sql`case when p.show_state then t.state end`,
      directory_name: sql`coalesce(trainer_directory_name(p, t), '')`,
    })
    .from('trainers as t')
    .whereRef('t.id', '=', 'p.trainer_id')
    .execute();

  await sql`create index trainer_profiles_directory_order on trainer_profiles
    (directory_headquarters desc, directory_state asc nulls last, directory_name, trainer_id)
    where publicly_listed`.execute(db);
  await sql`create index trainer_profiles_listed_by_id on trainer_profiles (trainer_id)
    include (directory_state, show_city, display_name, show_full_name) where publicly_listed`.execute(db);
  await sql`create index trainers_on_map on trainers (id) include (name, latitude, longitude, is_headquarters)
    where status = 'active' and access_paused_at is null and certification_suspended_at is null
      and latitude is not null and longitude is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'trainers_on_map',
    'trainer_profiles_listed_by_id',
    'trainer_profiles_directory_order',
  ]) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
  await sql`drop trigger trainers_directory_order on trainers`.execute(db);
  await sql`drop function trainers_directory_order()`.execute(db);
  await sql`drop trigger trainer_profiles_directory_order on trainer_profiles`.execute(db);
  await sql`drop function trainer_profiles_directory_order()`.execute(db);
  await db.schema
    .alterTable('trainer_profiles')
    .dropColumn('directory_headquarters')
    .dropColumn('directory_state')
    .dropColumn('directory_name')
    .execute();
  await sql`drop function trainer_directory_name(trainer_profiles, trainers)`.execute(db);
}
