import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_HEADQUARTERS,
  generateDemoTrainers,
  loadDemoDataIfEmpty,
} from '../src/demo/demo-data';
import { systemClock } from '../src/lib/clock';
import { appDeps, buildTestApp, type TestApp } from './helper';

describe('demo data generator', () => {
  it('is deterministic and varied, with headquarters in Tulsa, OK', () => {
    const a = generateDemoTrainers(40);
    expect(generateDemoTrainers(40)).toEqual(a);
    expect(a).toHaveLength(40);
    const hq = a.filter((t) => t.isHeadquarters);
    expect(hq).toHaveLength(1);
    expect(hq[0]).toMatchObject({ city: 'Tulsa', state: 'OK', paymentStatus: 'completed' });
    expect(new Set(a.map((t) => t.email)).size).toBe(40);
    expect(new Set(a.map((t) => t.state)).size).toBeGreaterThan(20);
    expect(new Set(a.map((t) => t.paymentStatus)).size).toBeGreaterThan(1);
    expect(new Set(a.map((t) => t.completedSteps.length)).size).toBeGreaterThan(2);
  });

  it('makes larger sets with unique e-mails', () => {
    const many = generateDemoTrainers(2000);
    expect(new Set(many.map((t) => t.email)).size).toBe(2000);
  });
});

describe('loading demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('loads into an empty database once, with the admin, headquarters as admin too, and trainer accounts', async () => {
    expect(await loadDemoDataIfEmpty(appDeps(t.app, systemClock))).toBe(true);
    expect(await loadDemoDataIfEmpty(appDeps(t.app, systemClock))).toBe(false);
    const trainers = await t.app.db.selectFrom('trainers').selectAll().execute();
    expect(trainers).toHaveLength(40);
    expect(trainers.every((tr) => tr.userId !== null)).toBe(true);
    const admins = await t.app.db
      .selectFrom('userRoles')
      .innerJoin('users', 'users.id', 'userRoles.userId')
      .select('users.email')
      .where('role', '=', 'admin')
      .orderBy('users.email')
      .execute();
    expect(admins.map((a) => a.email)).toEqual([DEMO_ADMIN.email, DEMO_HEADQUARTERS.email]);
    const profiles = await t.app.db
      .selectFrom('trainerProfiles')
      .select(['trainingDate', 'specializations'])
      .execute();
    expect(profiles).toHaveLength(40);
    expect(profiles[0]?.trainingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Array.isArray(profiles[0]?.specializations)).toBe(true);
    // Every demo city is in the gazetteer, so every demo trainer is on the map.
    expect(trainers.filter((tr) => tr.latitude === null)).toEqual([]);
    const classes = await t.app.db.selectFrom('classes').selectAll().execute();
    // The classes ahead; the past ones are those the demo's reviews were written for (demo-reviews.ts).
    const past = classes.filter((c) => c.startsAt.getTime() <= Date.now());
    const reviewed = await t.app.db.selectFrom('reviews').select('classId').distinct().execute();
    expect(past.length).toBe(reviewed.length + 1); // and the class that ended just before the demo loaded
    expect(classes.length - past.length).toBeGreaterThan(20);
    expect(new Set(classes.map((c) => c.timeZone)).size).toBeGreaterThan(2);
    // The whole demo (forty trainers with their payments, documents and classes): 15 s on a loaded 2-core machine,
    // 37 s when the PostgreSQL pass and the builds run beside it.
  }, 120_000);
});

describe('administrators from ADMIN_EMAILS', () => {
  it('get the admin role at start', async () => {
    const t = await buildTestApp({ adminEmails: ['owner@example.com'] });
    try {
      const roles = await t.app.db
        .selectFrom('userRoles')
        .innerJoin('users', 'users.id', 'userRoles.userId')
        .select(['users.email', 'userRoles.role'])
        .execute();
      expect(roles).toEqual([{ email: 'owner@example.com', role: 'admin' }]);
    } finally {
      await t.close();
    }
  });
});

describe('loading demo data at a generated size (DEMO_TRAINERS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoTrainers: 300 });
  });
  afterAll(() => t.close());

  it('loads the demo and generated trainers, the stories only for the demo forty', async () => {
    expect(await loadDemoDataIfEmpty(appDeps(t.app, systemClock))).toBe(true);
    const count = await t.app.db
      .selectFrom('trainers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(300);
    // The generator's first forty are the demo's own trainers: their payments and documents were made.
    const demo = generateDemoTrainers(40).map((d) => d.email);
    const withDocuments = await t.app.db
      .selectFrom('documents')
      .innerJoin('trainers', 'trainers.id', 'documents.trainerId')
      .select('trainers.email')
      .distinct()
      .execute();
    expect(withDocuments.length).toBeGreaterThan(0);
    expect(withDocuments.every((row) => demo.includes(row.email))).toBe(true);
    // The generated trainers are loaded as they end up, not waiting on a payment that will never be told.
    const generated = await t.app.db
      .selectFrom('trainers')
      .select(['email', 'paymentStatus'])
      .where('email', 'not in', demo)
      .execute();
    expect(generated).toHaveLength(260);
    expect(new Set(generated.map((g) => g.paymentStatus))).toContain('completed');
  }, 120_000);
});
