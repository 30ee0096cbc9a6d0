import { computeProfileCompletion } from '@soulpunch/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createUser,
  latestMailTo,
  resetDatabase,
  signIn,
  type TestApp,
  tokenFromMail,
  withCookie,
} from './helper';

let t: TestApp;
let admin: string;
let trainer: string;
let mariaId: number;
let devonId: number;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await resetDatabase(t.app);
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  const maria = await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia');
  const devon = await createUser(t.app, 'devon@example.com', ['trainer'], 'Devon Price');
  await createUser(t.app, 'sam@example.com', ['trainer'], 'Sam Lee');
  mariaId = maria.trainerId as number;
  devonId = devon.trainerId as number;
  await t.app.db
    .updateTable('trainers')
    .set({ city: 'Denver', state: 'CO', paymentStatus: 'completed' })
    .where('id', '=', devonId)
    .execute();
  await t.app.db.updateTable('trainers').set({ phone: '(918) 555-0101' }).where('id', '=', mariaId).execute();
  admin = await signIn(t.app, 'boss@example.com');
  trainer = await signIn(t.app, 'maria@example.com');
});

const get = (cookie: string, url: string) => t.app.inject(withCookie(cookie, { method: 'GET', url }));

const validUpdate = {
  name: 'Maria Garcia',
  email: 'maria@example.com',
  phone: '(918) 555-0199',
  city: 'Tulsa',
  state: 'OK',
  profile: {
    displayName: 'Coach Maria',
    trainingDate: '2025-06-01',
    hasInsurance: true,
    hasStripe: true,
    hasPaypal: false,
    hasPillar: false,
    hasAffiliateLink: true,
    stripePaymentLink: 'https://buy.stripe.com/coachmaria',
    paypalPaymentLink: null,
    pillarAccountLink: null,
    affiliateLink: 'https://soulpunch.example/shop?aff=maria',
    hasCurriculum: true,
    hasMarketingResources: true,
    hasWorkbooks: true,
    hasVideoLibrary: false,
    hasTrainerDrive: false,
    inWhatsApp: true,
    inFacebook: false,
    instagram: '@coachmaria',
    website: 'https://coachmaria.example',
  },
};

describe('GET /api/trainers', () => {
  it('lists trainers with their scores and the true total', async () => {
    const res = await get(admin, '/api/trainers');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const list = res.json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Devon Price', 'Maria Garcia', 'Sam Lee']);
    expect(list[1]).toMatchObject({
      email: 'maria@example.com',
      phone: '(918) 555-0101',
      paymentStatus: 'pending',
      trainingEngagement: {
        profileSetup: 63, // name, email, phone, city, state of 8
        businessSetup: 0,
        materialAccess: 0, // three are granted on sign-up, but none is reachable before paying
        communityEngagement: 0,
        overall: 16,
      },
    });
  });

  it('searches name, e-mail, city and state, case-insensitively', async () => {
    const names = async (q: string) =>
      (await get(admin, `/api/trainers?q=${encodeURIComponent(q)}`))
        .json()
        .map((x: { name: string }) => x.name);
    expect(await names('MARIA')).toEqual(['Maria Garcia']);
    expect(await names('denv')).toEqual(['Devon Price']);
    expect(await names('ok')).toEqual(['Maria Garcia', 'Sam Lee']);
    expect(await names('@EXAMPLE.com')).toHaveLength(3);
    expect(await names('100%')).toEqual([]);
  });

  it('pages, and filters by payment status and band', async () => {
    const page = await get(admin, '/api/trainers?limit=2&offset=2');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((x: { name: string }) => x.name)).toEqual(['Sam Lee']);
    const paid = await get(admin, '/api/trainers?paymentStatus=completed');
    expect(paid.json().map((x: { name: string }) => x.name)).toEqual(['Devon Price']);
    const veryLow = await get(admin, '/api/trainers?band=Very%20Low&limit=1');
    expect(veryLow.headers['x-total-count']).toBe('3');
    expect(veryLow.json()).toHaveLength(1);
    expect((await get(admin, '/api/trainers?band=High')).json()).toEqual([]);
    expect((await get(admin, '/api/trainers?limit=0')).statusCode).toBe(400);
    expect((await get(admin, '/api/trainers?sort=name')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await get(trainer, '/api/trainers')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/trainers' })).statusCode).toBe(401);
  });

  it('exports the filtered list as CSV, with formulas defused', async () => {
    await t.app.db
      .updateTable('trainers')
      .set({ city: '=HYPERLINK("x")' })
      .where('id', '=', mariaId)
      .execute();
    const res = await get(admin, '/api/trainers/export?q=maria');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="trainers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,name,email,phone,city,state,paymentStatus,onboardingStatus,profileSetup,businessSetup,materialAccess,communityEngagement,overall,band',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Maria Garcia","maria@example.com","(918) 555-0101","\'=HYPERLINK(""x"")"');
    expect(lines[1]).toMatch(/"Very Low"$/);
    expect((await get(trainer, '/api/trainers/export')).statusCode).toBe(403);
  });
});

describe('GET /api/trainers/{id}/full', () => {
  it('returns the trainer with profile and engagement', async () => {
    const res = await get(admin, `/api/trainers/${mariaId}/full`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: mariaId,
      name: 'Maria Garcia',
      profile: { hasCurriculum: true, hasStripe: false, instagram: null },
      engagement: { overall: 16 },
    });
  });

  it('lets a trainer read their own, not another', async () => {
    expect((await get(trainer, `/api/trainers/${mariaId}/full`)).statusCode).toBe(200);
    expect((await get(trainer, `/api/trainers/${devonId}/full`)).statusCode).toBe(403);
  });

  it('answers 404 for a missing id and 400 for a bad one', async () => {
    const missing = await get(admin, '/api/trainers/99999/full');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Trainer not found');
    expect((await get(admin, '/api/trainers/abc/full')).statusCode).toBe(400);
  });
});

describe('PUT /api/trainers/{id}', () => {
  const put = (cookie: string, id: number, payload: unknown) =>
    t.app.inject(
      withCookie(cookie, { method: 'PUT', url: `/api/trainers/${id}`, payload: payload as object }),
    );

  it('saves every field, changes the scores, and records who changed what', async () => {
    const res = await put(admin, mariaId, validUpdate);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phone: '(918) 555-0199',
      city: 'Tulsa',
      profile: validUpdate.profile,
      engagement: {
        profileSetup: 100,
        businessSetup: 50,
        materialAccess: 0, // Maria has not paid yet
        communityEngagement: 75,
        overall: 56,
      },
    });
    const changes = await get(admin, `/api/trainers/${mariaId}/changes`);
    expect(changes.statusCode).toBe(200);
    const [entry] = changes.json();
    expect(entry.changedBy).toEqual({ name: 'Bea Boss', email: 'boss@example.com' });
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'phone', from: '(918) 555-0101', to: '(918) 555-0199' },
        { field: 'profile.hasStripe', from: false, to: true },
        { field: 'profile.instagram', from: null, to: '@coachmaria' },
      ]),
    );
    expect(entry.changes.find((c: { field: string }) => c.field === 'name')).toBeUndefined();

    // Saving the same values again records nothing new.
    await put(admin, mariaId, validUpdate);
    expect((await get(admin, `/api/trainers/${mariaId}/changes`)).json()).toHaveLength(1);
  });

  it('counts a business channel once it has its link, and keeps the links a request leaves out', async () => {
    const { stripePaymentLink: _s, affiliateLink: _a, ...withoutLinks } = validUpdate.profile;
    // Switched on but with no link yet: no channel takes payment.
    const bare = await put(admin, mariaId, {
      ...validUpdate,
      profile: { ...withoutLinks, paypalPaymentLink: null, pillarAccountLink: null },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().engagement.businessSetup).toBe(0);
    const linked = await put(admin, mariaId, validUpdate);
    expect(linked.json().engagement.businessSetup).toBe(50);
    const entry = (await get(admin, `/api/trainers/${mariaId}/changes`)).json()[0];
    expect(entry.changes).toContainEqual({
      field: 'profile.stripePaymentLink',
      from: null,
      to: 'https://buy.stripe.com/coachmaria',
    });
    // A client that does not send the links leaves them as they were.
    const kept = await put(admin, mariaId, { ...validUpdate, profile: withoutLinks });
    expect(kept.json().profile.stripePaymentLink).toBe('https://buy.stripe.com/coachmaria');
    expect(kept.json().engagement.businessSetup).toBe(50);
    // The trainer's editor scores Business by the same rule.
    const own = (await get(trainer, `/api/trainer-profile/${mariaId}`)).json();
    expect(computeProfileCompletion(own).business).toBe(50);
    const bad = await put(admin, mariaId, {
      ...validUpdate,
      profile: { ...validUpdate.profile, paypalPaymentLink: 'not a link' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('moves the sign-in e-mail with the trainer e-mail', async () => {
    const res = await put(admin, mariaId, { ...validUpdate, email: 'Maria.New@Example.com' });
    expect(res.statusCode).toBe(200);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'maria.new@example.com' },
      remoteAddress: '10.7.7.7',
    });
    expect(link.statusCode).toBe(202);
    expect(tokenFromMail((await latestMailTo(t.app, 'maria.new@example.com'))?.textBody ?? '')).toBeTruthy();
  });

  it.each([
    ['an invalid e-mail', { email: 'nope' }, 'email', 'Please enter a valid email'],
    ['a short name', { name: 'M' }, 'name', 'Name must be at least 2 characters'],
    ['a bad phone', { phone: 'call me' }, 'phone', 'Please enter a valid phone number'],
    ['a too-long city', { city: 'x'.repeat(101) }, 'city', 'City must be at most 100 characters'],
    [
      'an impossible date',
      { profile: { ...validUpdate.profile, trainingDate: '2025-02-30' } },
      'profile.trainingDate',
      'Please enter a valid date',
    ],
    [
      'a website that is not a URL',
      { profile: { ...validUpdate.profile, website: 'my site' } },
      'profile.website',
      'Please enter a valid URL (starting with http:// or https://)',
    ],
    ['payment state', { paymentStatus: 'completed' }, '_', 'Unknown field: paymentStatus'],
  ])('refuses %s with 400 and a field message, changing nothing', async (_label, patch, field, message) => {
    const before = await get(admin, `/api/trainers/${mariaId}/full`);
    const res = await put(admin, mariaId, { ...validUpdate, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await get(admin, `/api/trainers/${mariaId}/full`)).json()).toEqual(before.json());
    expect((await get(admin, `/api/trainers/${mariaId}/changes`)).json()).toEqual([]);
  });

  it("refuses another account's e-mail", async () => {
    const res = await put(admin, mariaId, { ...validUpdate, email: 'devon@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('This email is already used by another account');
    const adminEmail = await put(admin, mariaId, { ...validUpdate, email: 'boss@example.com' });
    expect(adminEmail.statusCode).toBe(400);
  });

  it('answers 403 to a trainer, even for their own record, and 404 for a missing id', async () => {
    expect((await put(trainer, mariaId, validUpdate)).statusCode).toBe(403);
    expect((await put(admin, 99999, validUpdate)).statusCode).toBe(404);
  });
});

describe('GET /api/dashboard/stats', () => {
  it('counts trainers by onboarding status, payment status and band', async () => {
    const res = await get(admin, '/api/dashboard/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      trainerCount: 3,
      byPaymentStatus: { pending: 2, completed: 1 },
      byOnboardingStatus: { payment_pending: 3 },
      byBand: { High: 0, Medium: 0, Low: 0, 'Very Low': 3 },
      pendingDocuments: [],
      awaitingDocuments: [],
      awaitingDocumentsTotal: 0,
      pendingDocumentsElsewhere: 0,
    });
    expect((await get(trainer, '/api/dashboard/stats')).statusCode).toBe(403);
  });
});
