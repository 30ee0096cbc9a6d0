import { gunzipSync } from 'node:zlib';
import { PUBLIC_TRAINERS_PAGE_SIZE, type TrainerMarkerFeed, unpackMarkers } from '@soulpunch/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertDemoData } from '../src/demo/demo-data';
import {
  buildTestApp,
  createUser,
  FRESH_WITHIN,
  resetDatabase,
  signIn,
  type TestApp,
  withCookie,
} from './helper';

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
      // No stars without reviews from people who attended (reviews.test.ts).
      rating: null,
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

  it('never gives out as the preferred contact an address or number the trainer hides', async () => {
    const cookie = await signIn(t.app, 'zoe@example.com');
    const save = async (key: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject(
        withCookie(cookie, { method: 'POST', url: `/api/trainer-profile/${ids[key]}`, payload }),
      );
      expect(res.statusCode).toBe(200);
    };
    // The list and the profile, once the save shows in both (within 2 s).
    const contactOf = (key: string) =>
      expect.poll(async () => {
        const all = (await list()).json() as { id: number; displayContact: string | null }[];
        const listed = all.find((x) => x.id === ids[key])?.displayContact;
        const profile = (
          await t.app.inject({ method: 'GET', url: `/api/public-trainers/${ids[key]}` })
        ).json();
        return [listed, profile.displayContact];
      }, FRESH_WITHIN);
    // Zoe hides her e-mail and phone but once saved her account e-mail (any case) as the preferred contact.
    await save('zoe', { showEmail: false, showPhone: false, displayContact: 'ZOE@example.com' });
    await contactOf('zoe').toEqual([null, null]);
    await save('zoe', { displayContact: '555 555 0100' });
    await contactOf('zoe').toEqual([null, null]);
    await save('zoe', { websitePublic: 'https://zoe.example' });
    await contactOf('zoe').toEqual(['https://zoe.example', 'https://zoe.example']);
    // Shown, the same values are hers to give.
    await save('zoe', { showPhone: true });
    await contactOf('zoe').toEqual(['555 555 0100', '555 555 0100']);
    await save('zoe', { showEmail: true, displayContact: 'zoe@example.com' });
    await contactOf('zoe').toEqual(['zoe@example.com', 'zoe@example.com']);
    // Any other address she typed is hers to give too.
    await save('zoe', { showEmail: false, displayContact: 'classes@zoe.example' });
    await contactOf('zoe').toEqual(['classes@zoe.example', 'classes@zoe.example']);
    expect(JSON.stringify((await list()).json())).not.toContain('zoe@example.com');
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
    // The old copy may still be sent (a 304) until the change shows, within 2 s.
    const changed = () =>
      t.app.inject({ method: 'GET', url: '/api/public-trainers', headers: { 'if-none-match': etag } });
    await expect.poll(async () => (await changed()).statusCode, FRESH_WITHIN).toBe(200);
    expect((await changed()).headers.etag).not.toBe(etag);
  });
});

describe('GET /api/public-trainers in pages (issue 24)', () => {
  const nextOf = (res: Awaited<ReturnType<typeof list>>) => {
    const link = res.headers.link as string | undefined;
    if (link === undefined) return undefined;
    const match = /^<([^>]+)>; rel="next"$/.exec(link);
    expect(match, link).not.toBeNull();
    return match?.[1];
  };

  it('sends a bounded first page without a limit, and the next links lead through the whole list', async () => {
    // The generated trainers bring their own headquarters.
    await t.app.db.updateTable('trainers').set({ isHeadquarters: false }).execute();
    // About half the generated trainers are certified and listed (the rest are in training or lapsed).
    await insertDemoData(t.app.db, PUBLIC_TRAINERS_PAGE_SIZE * 3);
    const first = await list();
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThan(PUBLIC_TRAINERS_PAGE_SIZE);
    expect(first.json()).toHaveLength(PUBLIC_TRAINERS_PAGE_SIZE);
    expect(nextOf(first)).toBe(`/api/public-trainers?limit=${PUBLIC_TRAINERS_PAGE_SIZE}&offset=100`);

    const seen: number[] = [];
    let res = first;
    for (let page = 0; page < 10; page++) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(total));
      seen.push(...res.json().map((x: { id: number }) => x.id));
      const next = nextOf(res);
      if (!next) break;
      res = await t.app.inject({ method: 'GET', url: next });
    }
    // The last page has no next link, and the pages together are the list: every listed trainer, once.
    expect(nextOf(res)).toBeUndefined();
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toContain(ids.amy);
    expect(seen).not.toContain(ids.hidden);
  });

  it('keeps the filters and the page size in the next link, and sends none from the last page', async () => {
    const first = await list('?q=a&limit=2');
    expect(first.headers['x-total-count']).toBe('4');
    expect(nextOf(first)).toBe('/api/public-trainers?q=a&limit=2&offset=2');
    const last = await list('?q=a&limit=2&offset=2');
    expect(last.json()).toHaveLength(2);
    expect(nextOf(last)).toBeUndefined();
    expect(nextOf(await list())).toBeUndefined();
  });

  it('refuses a limit outside 1 to the page size, and a bad offset, changing nothing', async () => {
    for (const query of ['?limit=0', `?limit=${PUBLIC_TRAINERS_PAGE_SIZE + 1}`, '?limit=ten', '?offset=-1']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('validation_error');
    }
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
    await expect.poll(() => names('?q=carter'), FRESH_WITHIN).toEqual(['Jasmine']);
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
    await expect.poll(() => names('?q=seattle'), FRESH_WITHIN).toEqual([]);
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

  it('rebuilds every answer when a trainer, a profile, a class or a document changes, however it is written', async () => {
    const before = (await get('/api/public-trainers/states')).json();
    expect(before).toContainEqual({ state: 'CO', count: 1 });
    // Straight into the database (a script, another instance): the database's notice has the answers rebuilt.
    await t.app.db
      .updateTable('trainers')
      .set({ state: 'UT' })
      .where('id', '=', ids.amy as number)
      .execute();
    // Within 2 s (on PostgreSQL the notice travels on its own connection, then the answer is rebuilt).
    await expect
      .poll(async () => (await get('/api/public-trainers/states')).json(), FRESH_WITHIN)
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
    const after = () =>
      get(`/api/public-trainers/${ids.zoe}`, { 'if-none-match': String(profile.headers.etag) });
    await expect.poll(async () => (await after()).statusCode, FRESH_WITHIN).toBe(200);
    expect((await after()).json().upcomingClasses.map((c: { title: string }) => c.title)).toEqual([
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
