import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, resetDatabase, signIn, type TestApp, withCookie } from './helper';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function trainer(
  key: string,
  fields: { name: string; city: string; state: string; hq?: boolean },
  profile: Record<string, unknown> = {},
) {
  const { trainerId } = await createUser(t.app, `${key}@example.com`, ['trainer'], fields.name);
  const id = trainerId as number;
  ids[key] = id;
  await t.app.db
    .updateTable('trainers')
    .set({
      city: fields.city,
      state: fields.state,
      isHeadquarters: fields.hq ?? false,
      phone: '(555) 555-0100',
    })
    .where('id', '=', id)
    .execute();
  const cookie = await signIn(t.app, `${key}@example.com`);
  // Saving through the API geocodes the city, as it does for a real trainer.
  const res = await t.app.inject(
    withCookie(cookie, {
      method: 'POST',
      url: `/api/trainer-profile/${id}`,
      payload: { city: fields.city, ...profile },
    }),
  );
  if (res.statusCode !== 200) throw new Error(res.body);
}

beforeEach(async () => {
  await resetDatabase(t.app);
  await trainer(
    'zoe',
    { name: 'Zoe Adams', city: 'Seattle', state: 'WA' },
    { specializations: ['Travel Safety'] },
  );
  await trainer('hq', { name: 'Jasmine Carter', city: 'Tulsa', state: 'OK', hq: true });
  await trainer(
    'amy',
    { name: 'Amy Brown', city: 'Denver', state: 'CO' },
    {
      showEmail: true,
      showPhone: false,
      publicBio: 'Krav Maga coach',
      availabilityDescription: 'Weekends',
      classTypes: ['Corporate Training'],
    },
  );
  await trainer('hidden', { name: 'Hidden Person', city: 'Austin', state: 'TX' }, { publiclyListed: false });
  await trainer('lost', { name: 'Lost Trainer', city: 'Atlantis', state: 'TX' });
});

const list = (query = '') => t.app.inject({ method: 'GET', url: `/api/public-trainers${query}` });
const names = async (query = '') => (await list(query)).json().map((x: { firstName: string }) => x.firstName);

describe('GET /api/public-trainers', () => {
  it('lists only listed trainers, headquarters first, then by state', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(await names()).toEqual(['Jasmine', 'Amy', 'Lost', 'Zoe']);
    expect(res.json()[0].status).toBe('hq');
  });

  it('shows only public fields, with the spec defaults', async () => {
    const [hq, amy] = (await list()).json();
    expect(hq).toMatchObject({
      displayName: 'Jasmine',
      lastName: null,
      publicBio: 'Soul Punch Certified Trainer',
      experienceDescription: 'Certified Trainer',
      availabilityDescription: 'Contact for availability',
      classTypes: ["Women's Self Defense"],
      rating: 5,
      publicEmail: null,
      publicPhone: null,
    });
    expect(JSON.stringify(hq)).not.toContain('hq@example.com');
    expect(JSON.stringify(hq)).not.toContain('555-0100');
    expect(amy).toMatchObject({
      publicEmail: 'amy@example.com',
      publicPhone: null,
      publicBio: 'Krav Maga coach',
    });
    for (const field of ['email', 'phone', 'notes', 'stripePaymentLink', 'userId'])
      expect(amy).not.toHaveProperty(field);
  });

  it('geocodes from the gazetteer; an unknown place stays listed but off the map', async () => {
    const all = (await list()).json();
    const tulsa = all.find((x: { firstName: string }) => x.firstName === 'Jasmine');
    expect(tulsa.latitude).toBeCloseTo(36.1, 0);
    const lost = all.find((x: { firstName: string }) => x.firstName === 'Lost');
    expect(lost.latitude).toBeNull();
  });

  it('filters by text (first name, location, specialties), state, location, availability and class type', async () => {
    expect(await names('?q=zoe')).toEqual(['Zoe']);
    expect(await names('?q=denver')).toEqual(['Amy']);
    expect(await names('?q=travel')).toEqual(['Zoe']);
    expect(await names('?q=brown')).toEqual([]); // last names are not searched
    expect(await names('?state=wa')).toEqual(['Zoe']);
    expect(await names('?location=Tulsa')).toEqual(['Jasmine']);
    expect(await names('?availability=Weekends')).toEqual(['Amy']);
    expect(await names(`?classType=${encodeURIComponent('Corporate Training')}`)).toEqual(['Amy']);
    expect(await names(`?classType=${encodeURIComponent("Women's Self Defense")}`)).toEqual([
      'Jasmine',
      'Lost',
      'Zoe',
    ]);
  });

  it('sorts by distance from a ZIP, a city or the visitor position', async () => {
    const fromOkc = (await list(`?from=${encodeURIComponent('Oklahoma City, OK')}`)).json();
    expect(fromOkc.map((x: { firstName: string }) => x.firstName)).toEqual(['Jasmine', 'Amy', 'Zoe', 'Lost']);
    expect(fromOkc[0].distanceMiles).toBeGreaterThan(80);
    expect(fromOkc[3].distanceMiles).toBeNull();
    expect(await names('?from=98101')).toEqual(['Zoe', 'Amy', 'Jasmine', 'Lost']);
    expect(await names('?near=39.74,-104.99')).toEqual(['Amy', 'Jasmine', 'Zoe', 'Lost']);
    const unknown = await list('?from=Atlantis%2C%20ZZ');
    expect(unknown.statusCode).toBe(400);
    expect((await list('?near=north')).statusCode).toBe(400);
  });

  it('pages', async () => {
    const res = await list('?limit=2&offset=1');
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.json().map((x: { firstName: string }) => x.firstName)).toEqual(['Amy', 'Lost']);
  });

  it('answers 304 to a client holding the current copy, and changes when a trainer saves', async () => {
    const first = await list();
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('max-age=30');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/public-trainers',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const cookie = await signIn(t.app, 'zoe@example.com');
    await t.app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: `/api/trainer-profile/${ids.zoe}`,
        payload: { publicBio: 'New' },
      }),
    );
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/public-trainers',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('public trainer profile and state counts', () => {
  it('returns a listed trainer and 404 for an unlisted one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public-trainers/${ids.amy}` });
    expect(res.json()).toMatchObject({ firstName: 'Amy', city: 'Denver', publicEmail: 'amy@example.com' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public-trainers/${ids.hidden}` })).statusCode,
    ).toBe(404);
  });

  it('counts listed trainers by state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-trainers/states' });
    expect(res.json()).toEqual([
      { state: 'CO', count: 1 },
      { state: 'OK', count: 1 },
      { state: 'TX', count: 1 },
      { state: 'WA', count: 1 },
    ]);
  });
});
