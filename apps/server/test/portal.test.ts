import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, seedCast, signIn, type TestApp, withCookie } from './helper';

let t: TestApp;
let maria: string;
let mariaId: number;
let devonId: number;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  ({ maria, mariaId, devonId, admin } = await seedCast(t.app));
});

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject(withCookie(cookie, { method, url, payload }));

describe('onboarding checklist', () => {
  it('starts with Account Created only, and marked steps persist on the server', async () => {
    const start = await call(maria, 'GET', `/api/trainers/${mariaId}/onboarding`);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ completedCount: 1, total: 8, percent: 13 });

    const marked = await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/whatsapp_access`, {
      completed: true,
    });
    expect(marked.json().completedCount).toBe(2);
    await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/facebook_group_access`, {
      completed: true,
    });
    // Another session (another device) sees the same state.
    const other = await signIn(t.app, 'maria@example.com');
    const again = await call(other, 'GET', `/api/trainers/${mariaId}/onboarding`);
    expect(
      again
        .json()
        .steps.filter((s: { completed: boolean }) => s.completed)
        .map((s: { key: string }) => s.key),
    ).toEqual(['account_created', 'whatsapp_access', 'facebook_group_access']);
    const unmarked = await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/whatsapp_access`, {
      completed: false,
    });
    expect(unmarked.json().completedCount).toBe(2);
  });

  it('takes payment and documents from real state and refuses to toggle them', async () => {
    const res = await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/payment_completed`, {
      completed: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('step_not_editable');
    await t.app.db
      .updateTable('trainers')
      .set({ paymentStatus: 'completed', onboardingStatus: 'completed' })
      .where('id', '=', mariaId)
      .execute();
    const list = await call(maria, 'GET', `/api/trainers/${mariaId}/onboarding`);
    expect(list.json().completedCount).toBe(3);
  });

  it("keeps a trainer out of another trainer's checklist; admins may read it", async () => {
    expect((await call(maria, 'GET', `/api/trainers/${devonId}/onboarding`)).statusCode).toBe(403);
    expect(
      (await call(maria, 'PUT', `/api/trainers/${devonId}/onboarding/whatsapp_access`, { completed: true }))
        .statusCode,
    ).toBe(403);
    expect((await call(admin, 'GET', `/api/trainers/${devonId}/onboarding`)).statusCode).toBe(200);
    expect(
      (await call(maria, 'PUT', `/api/trainers/${mariaId}/onboarding/whatsapp_access`, {})).statusCode,
    ).toBe(400);
  });
});

describe('resources', () => {
  it('lists the catalogue from the database, with the coming-soon category and the training items', async () => {
    const res = await call(maria, 'GET', '/api/resources');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual([
      'Essential Access',
      'Business Setup',
      'Marketing & Communication',
      'Legal & Compliance',
      'Analytics & Tracking',
    ]);
    expect(body.categories[4].comingSoon).toBe(true);
    expect(body.categories[1].resources).toHaveLength(9);
    expect(body.categories[0].resources[2]).toMatchObject({
      name: 'WhatsApp Community',
      badge: 'Active',
      visited: false,
    });
    // The prototype's Train the Trainer (Tulsa, July 25-27, 2025) is over, so the dashboard no longer shows it.
    expect(body.upcomingTraining).toEqual([]);
    expect(body.trainingSchedule[0].name).toBe('Master Weekly Trainings Schedule');
  });

  it('remembers the first visit per trainer', async () => {
    const { categories } = (await call(maria, 'GET', '/api/resources')).json();
    const id = categories[0].resources[0].id;
    expect((await call(maria, 'POST', `/api/resources/${id}/visits`)).json()).toEqual({ firstVisit: true });
    expect((await call(maria, 'POST', `/api/resources/${id}/visits`)).json()).toEqual({ firstVisit: false });
    const after = (await call(maria, 'GET', '/api/resources')).json();
    expect(after.categories[0].resources[0].visited).toBe(true);
    // Devon has not opened it.
    const devon = await signIn(t.app, 'devon@example.com');
    expect((await call(devon, 'GET', '/api/resources')).json().categories[0].resources[0].visited).toBe(
      false,
    );
    expect((await call(maria, 'POST', '/api/resources/99999/visits')).statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/resources/${id}/visits`)).statusCode).toBe(403);
  });
});
