import { type Kysely, sql } from 'kysely';

/**
 * One stored fact per progress step (issue 23, decision record 0011). The checklist's material and community steps
 * become the profile flags the admin's scores read, and a resource can stand for a step, so opening it ticks it.
 *
 * Nothing saved is lost: a step a trainer marked, and a resource they opened, turn the matching flag on (never
 * off); flags already on stay on. The marks of the four steps that now read a flag are then no longer read, so
 * they are removed; the weekly training link keeps its marks.
 */
const STEP_FLAGS = [
  ['video_library_access', 'has_video_library'],
  ['trainer_drive_access', 'has_trainer_drive'],
  ['whatsapp_access', 'in_whats_app'],
  ['facebook_group_access', 'in_facebook'],
] as const;

/** The portal's seeded Essential Access resources (migration 0003), each the link of one step. */
const STEP_RESOURCES = [
  ['Self-Defense Video Library', 'video_library_access'],
  ['Trainer Resources Drive', 'trainer_drive_access'],
  ['WhatsApp Community', 'whatsapp_access'],
  ['Facebook Group', 'facebook_group_access'],
  ['Zoom Weekly Live Training Access', 'weekly_training_access'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('resources')
    .addColumn('onboarding_step', 'text', (c) =>
      c.check(
        sql`onboarding_step in ('video_library_access', 'trainer_drive_access', 'whatsapp_access', 'facebook_group_access', 'weekly_training_access')`,
      ),
    )
    .execute();
  for (const [name, step] of STEP_RESOURCES) {
    await sql`update resources set onboarding_step = ${step} where kind = 'resource' and name = ${name}`.execute(
      db,
    );
  }

  // A trainer without a profile row read as an empty profile with its defaults: the row says the same.
  await sql`insert into trainer_profiles (trainer_id)
    select id from trainers where id not in (select trainer_id from trainer_profiles)`.execute(db);
  for (const [step, column] of STEP_FLAGS) {
    await sql`update trainer_profiles p set ${sql.ref(column)} = true, updated_at = now()
      where not p.${sql.ref(column)} and (
        exists (select 1 from trainer_onboarding_steps s where s.trainer_id = p.trainer_id and s.step = ${step})
        or exists (select 1 from trainer_resource_visits v join resources r on r.id = v.resource_id
          where v.trainer_id = p.trainer_id and r.onboarding_step = ${step}))`.execute(db);
  }
  await sql`insert into trainer_onboarding_steps (trainer_id, step, completed_at)
    select v.trainer_id, 'weekly_training_access', min(v.first_opened_at)
    from trainer_resource_visits v join resources r on r.id = v.resource_id
    where r.onboarding_step = 'weekly_training_access'
    group by v.trainer_id
    on conflict (trainer_id, step) do nothing`.execute(db);
  await sql`delete from trainer_onboarding_steps
    where step in ('video_library_access', 'trainer_drive_access', 'whatsapp_access', 'facebook_group_access')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The flags keep what the marks said; going back, each flag that is on is a mark again.
  for (const [step, column] of STEP_FLAGS) {
    await sql`insert into trainer_onboarding_steps (trainer_id, step)
      select trainer_id, ${step} from trainer_profiles where ${sql.ref(column)}
      on conflict (trainer_id, step) do nothing`.execute(db);
  }
  await db.schema.alterTable('resources').dropColumn('onboarding_step').execute();
}
