import { type Kysely, sql } from 'kysely';

/**
 * The trainer assistant (issue #11): the knowledge base, its revision counter (so every app instance sees an edit),
 * the questions asked, and retirement of portal resources (a resource someone opened is retired, never deleted).
 * The seeded articles are written by `seedKnowledgeBase` at every start, so new seed articles reach old databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('knowledge_articles')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('audience', 'text', (c) => c.notNull().check(sql`audience in ('public', 'trainer', 'admin')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('draft').check(sql`status in ('draft', 'published', 'retired')`),
    )
    .addColumn('resource_id', 'integer', (c) => c.unique().references('resources.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  // One row: bumped by every change to the articles, read before each search to know the index is stale.
  await db.schema
    .createTable('knowledge_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into knowledge_revision (id, revision) values (1, 1)`.execute(db);

  await db.schema
    .createTable('assistant_questions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('sources', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('answered', 'boolean', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('offline', 'model')`))
    .addColumn('helpful', 'boolean')
    .addColumn('feedback_at', 'timestamptz')
    .addColumn('draft_article_id', 'integer', (c) =>
      c.references('knowledge_articles.id').onDelete('set null'),
    )
    .addColumn('asked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('assistant_questions_asked_at_idx')
    .on('assistant_questions')
    .column('asked_at')
    .execute();

  await db.schema.alterTable('resources').addColumn('retired_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('resources').dropColumn('retired_at').execute();
  for (const table of ['assistant_questions', 'knowledge_revision', 'knowledge_articles']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
