import { type Kysely, sql } from 'kysely';

/**
 * The public directory searched, filtered and sorted in SQL, and the admin search, both on trigram indexes
 * (pg_trgm: PostgreSQL's contrib, PGlite's `@electric-sql/pglite/contrib/pg_trgm`), so a substring search
 * stays fast at 100,000 trainers.
 *
 * `trainer_profiles.search_text` holds, lower-cased, what a visitor may search a listed trainer by (first name,
 * last name when shown, display name, location, specialties and class types); triggers keep it current
 * whichever module writes the trainer or the profile.
 *
 * Every change to what the public pages show (trainers, profiles, classes, documents) is announced on the
 * `public_directory` channel, so the server drops its cached public answers at once (LISTEN/NOTIFY, one per
 * statement).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .alterTable('trainer_profiles')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // The spec's default class type stands in for an empty list, as it does on the cards.
  await sql`
    create function trainer_search_text(p trainer_profiles, t trainers) returns text
    language sql stable as $$
      select lower(concat_ws(E'\n',
        (regexp_split_to_array(btrim(t.name), '\\s+'))[1],
        case when p.show_full_name then t.name end,
        p.display_name,
        p.display_location,
        case when p.show_city then t.city end,
        case when p.show_state then t.state end,
        array_to_string(p.specializations, E'\n'),
        case when cardinality(p.class_types) = 0 then 'Women''s Self Defense'
             else array_to_string(p.class_types, E'\n') end))
    $$`.execute(db);

  await sql`
    create function trainer_profiles_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := coalesce(
        (select trainer_search_text(new, t) from trainers t where t.id = new.trainer_id), '');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger trainer_profiles_search_text before insert or update on trainer_profiles
    for each row execute function trainer_profiles_search_text()`.execute(db);

  await sql`
    create function trainers_search_text() returns trigger language plpgsql as $$
    begin
      update trainer_profiles p set search_text = coalesce(trainer_search_text(p, new), '')
      where p.trainer_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger trainers_search_text after update of name, city, state on trainers
    for each row when (old.name is distinct from new.name or old.city is distinct from new.city
      or old.state is distinct from new.state)
    execute function trainers_search_text()`.execute(db);

  // biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables as they are at this point.
  await (db as Kysely<any>)
    .updateTable('trainer_profiles as p')
    .set({ search_text: sql`coalesce(trainer_search_text(p, t), '')` })
    .from('trainers as t')
    .whereRef('t.id', '=', 'p.trainer_id')
    .execute();

  // fastupdate off: without it, rows written since the last vacuum wait in a pending list that every search
  // reads through (after a bulk load of 100,000 trainers, a nonsense search took 0.5 s instead of 0.2 ms).
  await sql`create index trainer_profiles_search_text on trainer_profiles using gin (search_text gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );

  // The admin list's search (name, e-mail, city, state; spec admin 2.2) and its name order.
  for (const column of ['name', 'email', 'city', 'state']) {
    await sql`create index ${sql.raw(`trainers_${column}_trgm`)} on trainers using gin (${sql.ref(column)} gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
  }
  await sql`create index trainers_name_id on trainers (name, id)`.execute(db);

  await sql`
    create function public_directory_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('public_directory', '');
      return null;
    end $$`.execute(db);
  for (const table of ['trainers', 'trainer_profiles', 'classes', 'documents']) {
    await sql`
      create trigger ${sql.raw(`${table}_public_directory`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function public_directory_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['trainers', 'trainer_profiles', 'classes', 'documents']) {
    await sql`drop trigger ${sql.raw(`${table}_public_directory`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function public_directory_changed()`.execute(db);
  await sql`drop index trainers_name_id`.execute(db);
  for (const column of ['name', 'email', 'city', 'state']) {
    await sql`drop index ${sql.raw(`trainers_${column}_trgm`)}`.execute(db);
  }
  await sql`drop trigger trainers_search_text on trainers`.execute(db);
  await sql`drop function trainers_search_text()`.execute(db);
  await sql`drop trigger trainer_profiles_search_text on trainer_profiles`.execute(db);
  await sql`drop function trainer_profiles_search_text()`.execute(db);
  await db.schema.alterTable('trainer_profiles').dropColumn('search_text').execute();
  await sql`drop function trainer_search_text(trainer_profiles, trainers)`.execute(db);
}
