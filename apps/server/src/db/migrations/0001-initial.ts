import { type Kysely, sql } from 'kysely';

// Valid on PostgreSQL 15 and PGlite: no 16+ syntax. Timestamps are timestamptz, calendar dates are date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_email_lower', sql`email = lower(email)`)
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'trainer')`))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('magic_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('hit_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_key_time')
    .on('rate_limit_hits')
    .columns(['key', 'hit_at'])
    .execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('trainers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('payment_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`payment_status in ('pending', 'completed', 'failed', 'refunded')`),
    )
    .addColumn('onboarding_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('payment_pending')
        .check(sql`onboarding_status in ('payment_pending', 'documents_pending', 'completed')`),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('is_headquarters', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('trainers_email_lower', sql`email = lower(email)`)
    .execute();
  // At most one headquarters.
  await sql`create unique index trainers_one_headquarters on trainers (is_headquarters) where is_headquarters`.execute(
    db,
  );

  await db.schema
    .createTable('trainer_profiles')
    .addColumn('trainer_id', 'integer', (c) => c.primaryKey().references('trainers.id').onDelete('cascade'))
    .addColumn('display_name', 'text')
    .addColumn('address', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('notes', 'text')
    .addColumn('bio', 'text')
    .addColumn('website', 'text')
    .addColumn('instagram', 'text')
    .addColumn('facebook', 'text')
    .addColumn('tiktok', 'text')
    .addColumn('linkedin', 'text')
    .addColumn('twitter', 'text')
    .addColumn('pillar', 'text')
    .addColumn('youtube', 'text')
    .addColumn('other_social_media', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('training_date', 'date')
    .addColumn('renewal_date', 'date')
    .addColumn('certification_date', 'date')
    .addColumn('has_insurance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('insurance_provider', 'text')
    .addColumn('insurance_expiry', 'date')
    .addColumn('has_stripe', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('stripe_payment_link', 'text')
    .addColumn('has_paypal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paypal_payment_link', 'text')
    .addColumn('has_pillar', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pillar_account_link', 'text')
    .addColumn('has_affiliate_link', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('affiliate_link', 'text')
    // The spec's defaults: curriculum, marketing resources and workbooks are granted on sign-up.
    .addColumn('has_curriculum', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('has_marketing_resources', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('has_workbooks', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('has_video_library', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_trainer_drive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_canva', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_marketing_assets', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('in_whats_app', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('in_facebook', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('profile_picture', 'text')
    .addColumn('public_bio', 'text')
    .addColumn('display_location', 'text')
    .addColumn('availability_description', 'text')
    .addColumn('display_contact', 'text')
    .addColumn('experience_description', 'text')
    .addColumn('website_public', 'text')
    .addColumn('public_social_media', 'text')
    .addColumn('public_email', 'text')
    .addColumn('public_phone', 'text')
    .addColumn('basic_class_payment_link', 'text')
    .addColumn('publicly_listed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('featured_trainer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('years_experience', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('specializations', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('class_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('show_full_name', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_phone', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_city', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_state', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_bio', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_website', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_social_media', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('trainer_onboarding_steps')
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`step in ('video_library_access', 'trainer_drive_access', 'whatsapp_access', 'facebook_group_access', 'weekly_training_access')`,
        ),
    )
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('trainer_onboarding_steps_pk', ['trainer_id', 'step'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'trainer_onboarding_steps',
    'trainer_profiles',
    'trainers',
    'outbox_messages',
    'rate_limit_hits',
    'magic_links',
    'sessions',
    'user_roles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
