import { type Kysely, sql } from 'kysely';

/**
 * The public classes answers (lists, class pages, calendar feeds) are cached like the directory's and show how
 * many places are left: a registration or a cancellation made anywhere (another instance, a script) announces
 * itself on the same channel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger class_registrations_public_directory
    after insert or update or delete or truncate on class_registrations
    for each statement execute function public_directory_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger class_registrations_public_directory on class_registrations`.execute(db);
}
