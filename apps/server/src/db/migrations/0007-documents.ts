import { type Kysely, sql } from 'kysely';

/** Document templates (versioned, fixed text), documents to sign, e-sign consent and the hash-chained audit trail. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('document_templates_type_version', ['type', 'version'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('document_templates.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'signed', 'expired')`),
    )
    .addColumn('sent_at', 'timestamptz')
    .addColumn('reminder_sent_at', 'timestamptz')
    .addColumn('last_reminder_at', 'timestamptz')
    .addColumn('viewed_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('signer_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signer_name', 'text')
    .addColumn('signer_email', 'text')
    .addColumn('signature_image', 'text')
    .addColumn('signer_ip', 'text')
    .addColumn('signer_user_agent', 'text')
    .addColumn('consent_id', 'integer')
    .addColumn('signed_template_sha256', 'text')
    .addColumn('pdf_path', 'text')
    .addColumn('pdf_sha256', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('documents_trainer').on('documents').columns(['trainer_id', 'type']).execute();
  await db.schema.createIndex('documents_status').on('documents').column('status').execute();
  await db.schema.createIndex('documents_pdf_sha256').on('documents').column('pdf_sha256').execute();

  await db.schema
    .createTable('esign_consents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('disclosure_version', 'integer', (c) => c.notNull())
    .addColumn('disclosure_sha256', 'text', (c) => c.notNull())
    .addColumn('given_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();

  // Append-only: each entry holds the hash of the one before it, so an edit or a deletion breaks the chain.
  await db.schema
    .createTable('document_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('document_hash', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('entry_hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_events_document')
    .on('document_events')
    .column('document_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_events').execute();
  await db.schema.dropTable('esign_consents').execute();
  await db.schema.dropTable('documents').execute();
  await db.schema.dropTable('document_templates').execute();
}
