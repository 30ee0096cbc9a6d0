import { type Kysely, sql } from 'kysely';

/**
 * Settings (issue 27, decision record 0016): the read-only staff role and the history of admin-area roles, each
 * person's notification preferences and the items waiting for their daily digest, the brand (one row, announced on
 * the public pages' channel so every instance's cached pages take it within 2 s), and what the mailer last did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_roles drop constraint user_roles_role_check`.execute(db);
  await sql`alter table user_roles add constraint user_roles_role_check check (role in ('admin', 'staff', 'trainer'))`.execute(
    db,
  );

  // Whom and what are copied, so the history still reads right after the account changes or goes.
  await db.schema
    .createTable('role_changes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'staff')`))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('granted', 'removed')`))
    // Null: from the server's command line (npm run admin).
    .addColumn('changed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_by_name', 'text')
    .addColumn('changed_by_email', 'text')
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('role_changes_changed_at')
    .on('role_changes')
    .columns(['changed_at', 'id'])
    .execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delivery', 'text', (c) =>
      c.notNull().check(sql`delivery in ('immediately', 'daily_digest', 'off')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('notification_digest_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Set in the transaction that queues the digest e-mail: an item is in exactly one digest.
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index notification_digest_items_waiting on notification_digest_items (created_at, user_id) where sent_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('branding')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('primary_color', 'text', (c) => c.notNull().check(sql`primary_color ~ '^#[0-9a-f]{6}$'`))
    .addColumn('support_email', 'text', (c) => c.notNull())
    .addColumn('postal_address', 'text')
    .addColumn('logo_key', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The pages every instance keeps (decision record 0012) show the brand: a change is announced like a trainer's.
  await sql`
    create trigger branding_public_directory
    after insert or update or delete or truncate on branding
    for each statement execute function public_directory_changed()`.execute(db);

  await db.schema
    .createTable('mail_health')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_sent_at', 'timestamptz')
    .addColumn('last_failed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_failed_subject', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_health').execute();
  await sql`drop trigger branding_public_directory on branding`.execute(db);
  await db.schema.dropTable('branding').execute();
  await db.schema.dropTable('notification_digest_items').execute();
  await db.schema.dropTable('notification_preferences').execute();
  await db.schema.dropTable('role_changes').execute();
  await sql`delete from user_roles where role = 'staff'`.execute(db);
  await sql`alter table user_roles drop constraint user_roles_role_check`.execute(db);
  await sql`alter table user_roles add constraint user_roles_role_check check (role in ('admin', 'trainer'))`.execute(
    db,
  );
}
