import {
  computeProfileCompletion,
  type OnboardingChecklist,
  progressBand,
  type TrainerFull,
  type TrainerListItem,
  type TrainerProfileData,
} from '@soulpunch/shared';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { down as beforeProgressFacts, up as progressFacts } from '../src/db/migrations/0017-progress-facts';
import { DEMO_ADMIN, loadDemoDataIfEmpty } from '../src/demo/demo-data';
import { systemClock } from '../src/lib/clock';
import {
  appDeps,
  buildTestApp,
  nextTestIp,
  requestLinkToken,
  seedCast,
  signIn,
  type TestApp,
  withCookie,
} from './helper';

type Method = 'GET' | 'PUT' | 'POST';

/**
 * Issue 23: the admin's bars, the trainer's checklist and the profile editor read the same stored facts. Every
 * view is read here as its screen reads it (the editor's scores from its own answer, as the editor computes them).
 */
function viewsAgree(
  listed: TrainerListItem,
  full: TrainerFull,
  checklist: OnboardingChecklist,
  profile: TrainerProfileData,
) {
  const label = `${full.name} (${full.id})`;
  expect(full.engagement, label).toEqual(listed.trainingEngagement);
  const done = (key: string) => checklist.steps.find((s) => s.key === key)?.completed;
  expect(done('payment_completed'), label).toBe(full.paymentStatus === 'completed');
  expect(done('video_library_access'), label).toBe(profile.materialsUnlocked && full.profile.hasVideoLibrary);
  expect(done('trainer_drive_access'), label).toBe(profile.materialsUnlocked && full.profile.hasTrainerDrive);
  expect(done('whatsapp_access'), label).toBe(full.profile.inWhatsApp);
  expect(done('facebook_group_access'), label).toBe(full.profile.inFacebook);
  // The editor's flags are the admin's flags, and its Materials score is the admin's Material Access.
  for (const flag of ['hasCurriculum', 'hasMarketingResources', 'hasWorkbooks', 'inWhatsApp'] as const) {
    expect(profile[flag], `${label} ${flag}`).toBe(full.profile[flag]);
  }
  expect(computeProfileCompletion(profile).materials, label).toBe(full.engagement.materialAccess);
  if (!profile.materialsUnlocked) expect(full.engagement.materialAccess, label).toBe(0);
}

describe('progress views on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await loadDemoDataIfEmpty(appDeps(t.app, systemClock));
  });
  afterAll(() => t.close());

  /** Signs a demo trainer in like signIn, each link confirmed from its own address (the limit is per address). */
  async function signInTrainer(email: string) {
    const token = await requestLinkToken(t.app, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token },
      remoteAddress: nextTestIp(),
    });
    const cookie = res.cookies.find((c) => c.name === 'sp_session');
    if (!cookie) throw new Error(`${email} could not sign in: ${res.statusCode} ${res.body}`);
    return `sp_session=${cookie.value}`;
  }

  it("agree for every demo trainer: dashboard, list, detail, the trainer's own checklist and editor", async () => {
    const admin = await signIn(t.app, DEMO_ADMIN.email);
    const get = async <T>(cookie: string, url: string) => {
      const res = await t.app.inject(withCookie(cookie, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(200);
      return res.json() as T;
    };
    const listed: TrainerListItem[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await get<TrainerListItem[]>(admin, `/api/trainers?limit=200&offset=${offset}`);
      listed.push(...page);
      if (page.length < 200) break;
    }
    expect(listed.length).toBeGreaterThan(0);

    const stats = await get<{ trainerCount: number; byBand: Record<string, number> }>(
      admin,
      '/api/dashboard/stats',
    );
    expect(stats.trainerCount).toBe(listed.length);
    const bands: Record<string, number> = { High: 0, Medium: 0, Low: 0, 'Very Low': 0 };
    for (const item of listed) {
      const band = progressBand(item.trainingEngagement.overall);
      bands[band] = (bands[band] ?? 0) + 1;
    }
    expect(stats.byBand).toEqual(bands);
    // The list's band filter (trainers grouped by their facts in SQL) keeps exactly the trainers of that band.
    for (const band of Object.keys(bands)) {
      const url = `/api/trainers?band=${encodeURIComponent(band)}&limit=200`;
      const res = await t.app.inject(withCookie(admin, { method: 'GET', url }));
      const inBand = listed.filter((item) => progressBand(item.trainingEngagement.overall) === band);
      expect(res.headers['x-total-count'], band).toBe(String(inBand.length));
      expect((res.json() as TrainerListItem[]).map((item) => item.id)).toEqual(inBand.map((item) => item.id));
    }

    let unpaid = 0;
    for (const item of listed) {
      const full = await get<TrainerFull>(admin, `/api/trainers/${item.id}/full`);
      const trainer = await signInTrainer(item.email);
      const checklist = await get<OnboardingChecklist>(trainer, `/api/trainers/${item.id}/onboarding`);
      const profile = await get<TrainerProfileData>(trainer, `/api/trainer-profile/${item.id}`);
      viewsAgree(item, full, checklist, profile);
      if (!profile.materialsUnlocked) unpaid++;
    }
    // The demo has unpaid trainers too (whose materials the old scores counted); if it ever has none, say so.
    expect(unpaid, 'demo trainers who have not paid').toBeGreaterThan(0);
  });
});

describe('changing a progress fact from each side', () => {
  let t: TestApp;
  let maria: string;
  let mariaId: number;
  let devon: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ({ maria, mariaId, devon, admin } = await seedCast(t.app));
  });

  const call = (cookie: string, method: Method, url: string, payload?: object) =>
    t.app.inject(withCookie(cookie, { method, url, payload }));
  const pay = () =>
    t.app.db.updateTable('trainers').set({ paymentStatus: 'completed' }).where('id', '=', mariaId).execute();

  /** Every view of Maria: the admin's list row and detail, her checklist and her editor's answer. */
  async function mariaViews() {
    const list = (await call(admin, 'GET', '/api/trainers?q=maria')).json() as TrainerListItem[];
    const listed = list.find((item) => item.id === mariaId);
    if (!listed) throw new Error('Maria is not in the admin list');
    const full = (await call(admin, 'GET', `/api/trainers/${mariaId}/full`)).json() as TrainerFull;
    const checklist = (await call(maria, 'GET', `/api/trainers/${mariaId}/onboarding`)).json();
    const profile = (await call(maria, 'GET', `/api/trainer-profile/${mariaId}`)).json();
    viewsAgree(listed, full, checklist, profile);
    const done = (key: string) =>
      (checklist as OnboardingChecklist).steps.find((s) => s.key === key)?.completed;
    return { engagement: full.engagement, full, done };
  }

  it('starts a new unpaid trainer at no material access; paying reaches the granted three of five', async () => {
    const before = await mariaViews();
    expect(before.engagement.materialAccess).toBe(0);
    expect(before.done('payment_completed')).toBe(false);
    await pay();
    const after = await mariaViews();
    expect(after.engagement.materialAccess).toBe(60);
    expect(after.done('payment_completed')).toBe(true);
  });

  it("admin edit: ticking 'Video library' completes the trainer's step", async () => {
    await pay();
    const { full } = await mariaViews();
    const { name, email, phone, city, state, profile } = full;
    const res = await call(admin, 'PUT', `/api/trainers/${mariaId}`, {
      name,
      email,
      phone,
      city,
      state,
      profile: { ...profile, hasVideoLibrary: true },
    });
    expect(res.statusCode).toBe(200);
    const after = await mariaViews();
    expect(after.done('video_library_access')).toBe(true);
    expect(after.engagement.materialAccess).toBe(80);
  });

  it("trainer toggle: marking 'WhatsApp Access' moves the admin's Community score, logged as hers", async () => {
    expect((await mariaViews()).engagement.communityEngagement).toBe(0);
    const res = await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/whatsapp_access`, {
      completed: true,
    });
    expect(res.statusCode).toBe(200);
    const after = await mariaViews();
    expect(after.engagement.communityEngagement).toBe(25);
    expect(after.full.profile.inWhatsApp).toBe(true);
    const changes = (await call(admin, 'GET', `/api/trainers/${mariaId}/changes`)).json();
    expect(changes[0]).toMatchObject({
      changedBy: { email: 'maria@example.com' },
      changes: [{ field: 'profile.inWhatsApp', from: false, to: true }],
    });
    // Unmarking takes it back everywhere.
    await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/whatsapp_access`, { completed: false });
    expect((await mariaViews()).engagement.communityEngagement).toBe(0);
  });

  it('resource opened: the first opening of a step’s resource ticks the step in every view', async () => {
    await pay();
    const resources = (await call(maria, 'GET', '/api/resources')).json();
    const all = resources.categories.flatMap(
      (c: { resources: Array<{ id: number; name: string }> }) => c.resources,
    );
    const drive = all.find((r: { name: string }) => r.name === 'Trainer Resources Drive');
    const facebook = all.find((r: { name: string }) => r.name === 'Facebook Group');
    expect((await call(maria, 'POST', `/api/resources/${drive.id}/visits`)).json()).toEqual({
      firstVisit: true,
    });
    expect((await call(maria, 'POST', `/api/resources/${facebook.id}/visits`)).statusCode).toBe(200);
    const after = await mariaViews();
    expect(after.done('trainer_drive_access')).toBe(true);
    expect(after.done('facebook_group_access')).toBe(true);
    expect(after.engagement.materialAccess).toBe(80);
    expect(after.engagement.communityEngagement).toBe(25);
    // Only the first opening ticks: an untick after it stands when she opens the link again.
    await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/trainer_drive_access`, {
      completed: false,
    });
    expect((await call(maria, 'POST', `/api/resources/${drive.id}/visits`)).json()).toEqual({
      firstVisit: false,
    });
    expect((await mariaViews()).done('trainer_drive_access')).toBe(false);
  });

  it('opening a material before paying ticks nothing; marking it is refused and changes nothing', async () => {
    const resources = (await call(maria, 'GET', '/api/resources')).json();
    const video = resources.categories[0].resources.find(
      (r: { name: string }) => r.name === 'Self-Defense Video Library',
    );
    await call(maria, 'POST', `/api/resources/${video.id}/visits`);
    const res = await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/video_library_access`, {
      completed: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'step_locked',
      message: 'This step opens once your payment is complete.',
    });
    const after = await mariaViews();
    expect(after.full.profile.hasVideoLibrary).toBe(false);
    await pay();
    expect((await mariaViews()).done('video_library_access')).toBe(false);
  });

  it("refuses a visitor, another trainer, and a step that is not the trainer's to mark", async () => {
    const url = `/api/trainers/${mariaId}/onboarding/whatsapp_access`;
    const visitor = await t.app.inject({ method: 'PUT', url, payload: { completed: true } });
    expect(visitor.statusCode).toBe(401);
    expect((await call(devon, 'PUT', url, { completed: true })).statusCode).toBe(403);
    const payment = await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/payment_completed`, {
      completed: true,
    });
    expect(payment.statusCode).toBe(400);
    expect((await call(maria, 'PUT', url, { completed: 'yes' })).statusCode).toBe(400);
    expect((await mariaViews()).full.profile.inWhatsApp).toBe(false);
  });
});

describe('migration 0017: marks and openings become the profile flags, nothing lost', () => {
  it('turns each marked step and opened step resource into its flag, keeping flags already on', async () => {
    const fresh = await openDatabase({ kind: 'memory' });
    try {
      const { db } = fresh;
      await migrateToLatest(db);
      // Back to the schema before 0017, as an installation that has not run it yet.
      const raw = db as unknown as Kysely<unknown>;
      await beforeProgressFacts(raw);
      const insertTrainer = async (email: string) => {
        const { rows } = await sql<{ id: number }>`insert into trainers (name, email)
          values (${email}, ${email}) returning id`.execute(db);
        return rows[0]?.id as number;
      };
      const marked = await insertTrainer('marked@example.com');
      const opened = await insertTrainer('opened@example.com');
      const noProfile = await insertTrainer('no-profile@example.com');
      await sql`insert into trainer_profiles (trainer_id, in_facebook) values (${marked}, true), (${opened}, false)`.execute(
        db,
      );
      await sql`insert into trainer_onboarding_steps (trainer_id, step)
        values (${marked}, 'video_library_access'), (${marked}, 'whatsapp_access'),
          (${marked}, 'weekly_training_access')`.execute(db);
      await sql`insert into trainer_resource_visits (trainer_id, resource_id)
        select ${opened}, id from resources
        where name in ('Trainer Resources Drive', 'Zoom Weekly Live Training Access', 'Marketing Guidelines')`.execute(
        db,
      );

      await progressFacts(raw);

      const { rows } = await sql<{
        trainerId: number;
        hasVideoLibrary: boolean;
        hasTrainerDrive: boolean;
        inWhatsApp: boolean;
        inFacebook: boolean;
        hasCurriculum: boolean;
      }>`select trainer_id, has_video_library, has_trainer_drive, in_whats_app, in_facebook, has_curriculum
        from trainer_profiles order by trainer_id`.execute(db);
      expect(rows).toEqual([
        {
          trainerId: marked,
          hasVideoLibrary: true,
          hasTrainerDrive: false,
          inWhatsApp: true,
          inFacebook: true,
          hasCurriculum: true,
        },
        {
          trainerId: opened,
          hasVideoLibrary: false,
          hasTrainerDrive: true,
          inWhatsApp: false,
          inFacebook: false,
          hasCurriculum: true,
        },
        // A trainer without a profile row gets one with the defaults it was read with.
        {
          trainerId: noProfile,
          hasVideoLibrary: false,
          hasTrainerDrive: false,
          inWhatsApp: false,
          inFacebook: false,
          hasCurriculum: true,
        },
      ]);
      const steps = await sql<{ trainerId: number; step: string }>`select trainer_id, step
        from trainer_onboarding_steps order by trainer_id, step`.execute(db);
      expect(steps.rows).toEqual([
        { trainerId: marked, step: 'weekly_training_access' },
        { trainerId: opened, step: 'weekly_training_access' },
      ]);
      const linked = await sql<{ name: string; onboardingStep: string }>`select name, onboarding_step
        from resources where onboarding_step is not null order by onboarding_step`.execute(db);
      expect(linked.rows.map((r) => [r.onboardingStep, r.name])).toEqual([
        ['facebook_group_access', 'Facebook Group'],
        ['trainer_drive_access', 'Trainer Resources Drive'],
        ['video_library_access', 'Self-Defense Video Library'],
        ['weekly_training_access', 'Zoom Weekly Live Training Access'],
        ['whatsapp_access', 'WhatsApp Community'],
      ]);
    } finally {
      await fresh.close();
    }
  });
});
