import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loadDemoDataIfEmpty } from '../src/demo/demo-data';
import { manualClock, systemClock } from '../src/lib/clock';
import { createRequiredDocuments } from '../src/modules/documents/service';
import { appDeps, buildTestApp, createUser, seedCast, signIn, type TestApp, withCookie } from './helper';

// Issue 23: the dashboard read 'Documents Pending 14' beside 'No pending documents', and named trainers by id.

interface Stats {
  byOnboardingStatus: Record<string, number>;
  pendingDocuments: Array<{ trainerId: number; trainerName: string; status: string }>;
  awaitingDocuments: Array<{
    trainerId: number;
    trainerName: string;
    documents: Array<{ type: string; status: string; title: string }>;
  }>;
  awaitingDocumentsTotal: number;
  pendingDocumentsElsewhere: number;
}

const clock = manualClock('2026-04-01T15:00:00Z');

describe('GET /api/dashboard/stats: the counts and the lists beside them agree', () => {
  let t: TestApp;
  let cast: Awaited<ReturnType<typeof seedCast>>;
  beforeAll(async () => {
    t = await buildTestApp({}, undefined, { clock });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    cast = await seedCast(t.app);
  });

  const stats = async (cookie: string) => {
    const res = await t.app.inject(withCookie(cookie, { method: 'GET', url: '/api/dashboard/stats' }));
    expect(res.statusCode).toBe(200);
    return res.json() as Stats;
  };

  it('lists by name every trainer the Documents Pending count counts, with their documents or none', async () => {
    const deps = appDeps(t.app, clock);
    await t.app.db
      .updateTable('trainers')
      .set({ paymentStatus: 'completed', onboardingStatus: 'documents_pending' })
      .where('id', 'in', [cast.mariaId, cast.devonId])
      .execute();
    // Maria has her three documents, one of them signed; Devon was never sent any.
    await createRequiredDocuments(deps, cast.mariaId);
    await t.app.db
      .updateTable('documents')
      .set({ status: 'signed', signedAt: clock.now() })
      .where('trainerId', '=', cast.mariaId)
      .where('type', '=', 'nda')
      .execute();
    // An unpaid trainer an admin added: documents waiting, but onboarding waits on the payment first.
    const sam = (await createUser(t.app, 'sam@example.com', ['trainer'], 'Sam Lee')).trainerId as number;
    await createRequiredDocuments(deps, sam);

    const figures = await stats(cast.admin);
    expect(figures.byOnboardingStatus.documents_pending).toBe(2);
    expect(figures.awaitingDocumentsTotal).toBe(2);
    expect(figures.awaitingDocuments).toHaveLength(2);
    expect(figures.awaitingDocuments).toEqual([
      { trainerId: cast.devonId, trainerName: 'Devon Price', documents: [] },
      {
        trainerId: cast.mariaId,
        trainerName: 'Maria Garcia',
        documents: [
          expect.objectContaining({ type: 'trainer_agreement', title: 'Trainer Agreement', status: 'sent' }),
          expect.objectContaining({ type: 'nda', status: 'signed' }),
          expect.objectContaining({ type: 'liability_waiver', status: 'sent' }),
        ],
      },
    ]);
    // The count opens the trainer list filtered to the same trainers.
    const list = await t.app.inject(
      withCookie(cast.admin, { method: 'GET', url: '/api/trainers?onboardingStatus=documents_pending' }),
    );
    expect(list.headers['x-total-count']).toBe('2');
    // Every open document, Sam's too, carries its trainer's name.
    expect(figures.pendingDocuments.map((d) => [d.trainerName, d.status])).toEqual(
      expect.arrayContaining([
        ['Sam Lee', 'sent'],
        ['Maria Garcia', 'sent'],
      ]),
    );
    expect(figures.pendingDocuments).toHaveLength(5);
    // Sam's three open documents: Sam is not in the stage.
    expect(figures.pendingDocumentsElsewhere).toBe(3);
  });

  it('drops a trainer who moves past the stage from both the count and the list', async () => {
    await t.app.db
      .updateTable('trainers')
      .set({ paymentStatus: 'completed', onboardingStatus: 'documents_pending' })
      .where('id', '=', cast.mariaId)
      .execute();
    expect((await stats(cast.admin)).awaitingDocuments.map((a) => a.trainerName)).toEqual(['Maria Garcia']);
    await t.app.db
      .updateTable('trainers')
      .set({ onboardingStatus: 'completed' })
      .where('id', '=', cast.mariaId)
      .execute();
    const figures = await stats(cast.admin);
    expect(figures.byOnboardingStatus.documents_pending).toBeUndefined();
    expect(figures.awaitingDocuments).toEqual([]);
    expect(figures.awaitingDocumentsTotal).toBe(0);
  });

  it('answers 401 to a visitor and 403 to a trainer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
    const res = await t.app.inject(withCookie(cast.maria, { method: 'GET', url: '/api/dashboard/stats' }));
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/stats on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await loadDemoDataIfEmpty(appDeps(t.app, systemClock));
  });
  afterAll(() => t.close());

  it('names the first ten trainers of the Documents Pending count, as the filtered trainer list does', async () => {
    const admin = await signIn(t.app, DEMO_ADMIN.email);
    const figures = (
      await t.app.inject(withCookie(admin, { method: 'GET', url: '/api/dashboard/stats' }))
    ).json() as Stats;
    const list = await t.app.inject(
      withCookie(admin, { method: 'GET', url: '/api/trainers?onboardingStatus=documents_pending&limit=200' }),
    );
    const listed = list.json() as Array<{ id: number; name: string }>;

    expect(figures.byOnboardingStatus.documents_pending).toBeGreaterThan(0);
    expect(figures.awaitingDocumentsTotal).toBe(figures.byOnboardingStatus.documents_pending);
    expect(figures.awaitingDocuments.map((a) => [a.trainerId, a.trainerName])).toEqual(
      listed.slice(0, 10).map((item) => [item.id, item.name]),
    );
    expect(list.headers['x-total-count']).toBe(String(figures.awaitingDocumentsTotal));
  });
});
