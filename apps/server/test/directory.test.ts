import { gunzipSync } from 'node:zlib';
import { type TrainerMarkerFeed, unpackMarkers } from '@soulpunch/shared';
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
    expect(await names('?q=brown')).toEqual([]); // a last name the trainer does not show is not searched
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

describe('searching the directory (issue 14.6)', () => {
  async function showProfile(key: string, profile: Record<string, unknown>) {
    const cookie = await signIn(t.app, `${key}@example.com`);
    const res = await t.app.inject(
      withCookie(cookie, { method: 'POST', url: `/api/trainer-profile/${ids[key]}`, payload: profile }),
    );
    expect(res.statusCode).toBe(200);
  }

  it('matches a last name only when the trainer shows it', async () => {
    expect(await names('?q=carter')).toEqual([]);
    await showProfile('hq', { showFullName: true });
    expect(await names('?q=carter')).toEqual(['Jasmine']);
    expect(await names('?q=CARTER')).toEqual(['Jasmine']);
    expect(await names(`?q=${encodeURIComponent('jasmine carter')}`)).toEqual(['Jasmine']);
  });

  it('matches the display name, the shown location and the class types', async () => {
    await showProfile('amy', { displayName: 'Coach Amy', displayLocation: 'Front Range, Colorado' });
    expect(await names('?q=coach')).toEqual(['Amy']);
    expect(await names('?q=front%20range')).toEqual(['Amy']);
    expect(await names('?q=corporate')).toEqual(['Amy']);
    expect(await names('?q=seattle')).toEqual(['Zoe']);
    await showProfile('zoe', { showCity: false, showState: false });
    expect(await names('?q=seattle')).toEqual([]);
  });

  it('follows a name changed by an administrator, and treats % and _ as plain text', async () => {
    await showProfile('zoe', { showFullName: true });
    await t.app.db
      .updateTable('trainers')
      .set({ name: 'Zoe Hart-Lee' })
      .where('id', '=', ids.zoe as number)
      .execute();
    expect(await names('?q=hart-lee')).toEqual(['Zoe']);
    expect(await names('?q=adams')).toEqual([]);
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?q=_')).toEqual([]);
  });
});

describe('GET /api/public-trainers/markers', () => {
  it('gives id, position, name and the headquarters flag of every pinned match', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-trainers/markers' });
    expect(res.statusCode).toBe(200);
    const feed = res.json() as TrainerMarkerFeed;
    expect(Object.keys(feed).sort()).toEqual(['headquarters', 'idSteps', 'latitudes', 'longitudes', 'names']);
    expect(feed.headquarters).toEqual([ids.hq]);
    const markers = unpackMarkers(feed);
    // Lost (an unknown place) is listed but not pinned; Hidden is not listed.
    expect(markers.map((m) => m[3]).sort()).toEqual(['Amy', 'Jasmine', 'Zoe']);
    const hq = markers.find((m) => m[0] === ids.hq);
    expect(hq?.[1]).toBeCloseTo(36.1, 0);
    expect(hq?.[2]).toBeCloseTo(-95.9, 0);
    expect(hq?.[4]).toBe(1);
    expect(markers.find((m) => m[0] === ids.amy)?.[4]).toBe(0);
  });

  it('takes the same filters as the list, and refuses others', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-trainers/markers?state=CO' });
    expect(res.json().names).toEqual(['Amy']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/public-trainers/markers?limit=5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_error');
  });
});

describe('cached public answers', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the same bytes compressed once, as the client accepts them', async () => {
    const plain = await get('/api/public-trainers?limit=2');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const gzipped = await get('/api/public-trainers?limit=2', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['x-total-count']).toBe('4');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const br = await get('/api/public-trainers?limit=2', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const refused = await get('/api/public-trainers?limit=2', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
  });

  it('drops every answer when a trainer, a profile, a class or a document changes, however it is written', async () => {
    const before = (await get('/api/public-trainers/states')).json();
    expect(before).toContainEqual({ state: 'CO', count: 1 });
    // Straight into the database (a script, another instance): the database's notice clears the cache.
    await t.app.db
      .updateTable('trainers')
      .set({ state: 'UT' })
      .where('id', '=', ids.amy as number)
      .execute();
    // (On PostgreSQL the notice travels on its own connection: it may take a moment.)
    await expect
      .poll(async () => (await get('/api/public-trainers/states')).json())
      .toContainEqual({ state: 'UT', count: 1 });

    const profile = await get(`/api/public-trainers/${ids.zoe}`);
    expect(profile.json().upcomingClasses).toEqual([]);
    const cookie = await signIn(t.app, 'zoe@example.com');
    const created = await t.app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: `/api/trainers/${ids.zoe}/classes`,
        payload: {
          title: 'Basic Self-Defense',
          date: '2099-05-01',
          startTime: '10:00',
          location: 'Seattle, WA',
        },
      }),
    );
    expect(created.statusCode).toBeLessThan(300);
    const after = await get(`/api/public-trainers/${ids.zoe}`, {
      'if-none-match': profile.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().upcomingClasses.map((c: { title: string }) => c.title)).toEqual([
      'Basic Self-Defense',
    ]);
  });

  it('answers an address it has answered before from the ready bytes, with the same headers', async () => {
    const cache = t.app.publicDirectoryCache;
    const sameParts = (res: Awaited<ReturnType<typeof get>>) => {
      const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
      return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
    };
    for (const url of [
      '/api/public-trainers?limit=2',
      '/api/public-trainers/markers?state=CO',
      `/api/public-trainers/${ids.amy}`,
      '/api/classes',
      `/api/calendar/trainers/${ids.amy}.ics`,
    ]) {
      expect(cache.atAddress(url), url).toBeUndefined();
      const first = await get(url, { 'accept-encoding': 'gzip' });
      expect(first.statusCode, url).toBe(200);
      expect(cache.atAddress(url), url).toBeDefined();
      const again = await get(url, { 'accept-encoding': 'gzip' });
      expect(sameParts(again), url).toEqual(sameParts(first));
      expect(again.headers['content-security-policy'], url).toBeTruthy();
      expect(again.headers['x-request-id'], url).not.toBe(first.headers['x-request-id']);
      const held = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(held.statusCode, url).toBe(304);
    }
    // Another spelling of the same query is answered by the route, and then remembered too.
    expect((await get('/api/public-trainers?limit=2&offset=0')).json()).toEqual(
      (await get('/api/public-trainers?limit=2')).json(),
    );
    expect(cache.atAddress('/api/public-trainers?limit=2&offset=0')).toBeDefined();
  });

  it('does not cache an error: an unknown trainer is 404 and an unknown place 400, every time', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await get('/api/public-trainers/999999')).statusCode).toBe(404);
      expect((await get('/api/public-trainers?from=00000')).statusCode).toBe(400);
    }
    expect(t.app.publicDirectoryCache.atAddress('/api/public-trainers?from=00000')).toBeUndefined();
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

describe('GET /api/public-trainers/map-tiles', () => {
  it('has no tiles by default, so the map draws the bundled atlas and calls no one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public-trainers/map-tiles' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tiles: null });
  });

  it('gives the configured provider and its attribution', async () => {
    const tiles = { url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example Maps' };
    const withTiles = await buildTestApp({ mapTiles: tiles });
    try {
      const res = await withTiles.app.inject({ method: 'GET', url: '/api/public-trainers/map-tiles' });
      expect(res.json()).toEqual({ tiles });
    } finally {
      await withTiles.close();
    }
  });
});
