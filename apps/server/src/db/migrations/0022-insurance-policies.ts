import { type Kysely, sql } from 'kysely';

/**
 * Insurance policies on file (issue 26 part 3): provider, policy number, expiry and the uploaded certificate (PDF
 * or image), each accepted by an admin. The latest row is the trainer's current policy; older ones are its history.
 *
 * The profile's insurance fields stay the trainer's own description (profile completion reads them); a trainer
 * who described a policy with its expiry gets it as a policy waiting for its certificate, not accepted, so nothing
 * typed is lost and nothing unchecked counts as accepted.
 */
const PROVIDER_NAMES = { next: 'Next Insurance', kk: 'K&K Insurance', other: 'Other provider' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insurance_policies')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('policy_number', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'date', (c) => c.notNull())
    .addColumn('certificate_key', 'text')
    .addColumn('certificate_type', 'text', (c) => c.check(sql`certificate_type in ('pdf', 'png', 'jpeg')`))
    .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('insurance_policies_trainer')
    .on('insurance_policies')
    .columns(['trainer_id', 'id'])
    .execute();
  for (const [key, name] of Object.entries(PROVIDER_NAMES)) {
    await sql`insert into insurance_policies (trainer_id, provider, policy_number, expires_on)
      select trainer_id, ${name}, 'not given', insurance_expiry from trainer_profiles
      where has_insurance and insurance_provider = ${key} and insurance_expiry is not null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insurance_policies').execute();
}
