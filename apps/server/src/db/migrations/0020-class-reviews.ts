import { type Kysely, sql } from 'kysely';

/**
 * Reviews from people who attended a class (issue 26, part 6). After a class ends, each registration still holding
 * its place gets one review link (`review_links`: the token only as a keyed hash, sent once per registration,
 * usable once); a review is one per registration. An admin hides or shows a review with a reason, kept in
 * `review_moderation`; the trainer features some on their profile. Reviews change the public answers (rating,
 * testimonials), so they announce themselves on the directory's channel like the other listed tables (0011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_links')
    .addColumn('registration_id', 'integer', (c) =>
      c.primaryKey().references('class_registrations.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('registration_id', 'integer', (c) =>
      c.notNull().unique().references('class_registrations.id').onDelete('cascade'),
    )
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('stars', 'smallint', (c) => c.notNull().check(sql`stars between 1 and 5`))
    .addColumn('comment', 'text')
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('hidden_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A hidden review is never featured: hiding one takes it off the profile too.
    .addCheckConstraint('reviews_hidden_not_featured', sql`not (featured and hidden_at is not null)`)
    .execute();
  await sql`create index reviews_trainer_visible on reviews (trainer_id, stars) where hidden_at is null`.execute(
    db,
  );
  await db.schema.createIndex('reviews_created_at').on('reviews').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('review_moderation')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('hidden', 'shown')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('review_moderation_review')
    .on('review_moderation')
    .column('review_id')
    .execute();

  await sql`
    create trigger reviews_public_directory
    after insert or update or delete or truncate on reviews
    for each statement execute function public_directory_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger reviews_public_directory on reviews`.execute(db);
  await db.schema.dropTable('review_moderation').execute();
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropTable('review_links').execute();
}
