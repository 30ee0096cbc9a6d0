import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUnsafeInput, jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../src/plugins/validation';
import { buildTestApp, seedCast, TEST_APP_URL, type TestApp, withCookie } from './helper';

/** Issue 22, finding 10 and the lone surrogates of finding 12: input limits that hold on every route. */

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number, leaf = '1') => `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;

/** The work done on bodies of about `bytes` bytes, in the shapes that made the old walk slow. */
function stepsFor(shape: 'wide' | 'chains' | 'deep', bytes: number): number {
  let text: string;
  if (shape === 'wide') {
    text = JSON.stringify(Array.from({ length: Math.floor(bytes / 10) }, (_, i) => `item${i}`));
  } else if (shape === 'chains') {
    // Many branches each nested to just within the limit, every one ending in text to look at.
    const chain = nestedObjects(MAX_JSON_DEPTH - 1, '"leaf"');
    text = `[${Array.from({ length: Math.floor(bytes / chain.length) }, () => chain).join(',')}]`;
  } else {
    // One long chain with a NUL at the bottom: the path of the report is as long as the body is deep.
    const depth = Math.floor(bytes / 2);
    text = `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`;
  }
  const steps = { count: 0 };
  const found = findUnsafeInput(
    JSON.parse(text),
    shape === 'deep' ? Number.POSITIVE_INFINITY : undefined,
    steps,
  );
  expect(found?.problem).toBe(shape === 'deep' ? 'nul' : undefined);
  return steps.count;
}

describe('the text check walks any body once', () => {
  it('does work in proportion to the size: ten times the body, about ten times the steps', () => {
    for (const shape of ['wide', 'chains', 'deep'] as const) {
      const ratio = stepsFor(shape, 100_000) / stepsFor(shape, 10_000);
      expect(ratio, shape).toBeGreaterThan(8);
      expect(ratio, shape).toBeLessThan(12);
    }
  });

  it('reports the first NUL or lone surrogate with its path, in keys as in values', () => {
    expect(findUnsafeInput({ a: 'ok', b: ['x', 'y\0'] })).toEqual({ path: 'b.1', problem: 'nul' });
    expect(findUnsafeInput({ a: 'x\ud800', b: 'y\0' })).toEqual({ path: 'a', problem: 'surrogate' });
    expect(findUnsafeInput({ a: { 'k\udc00': 1 } })).toEqual({ path: 'a.k\udc00', problem: 'surrogate' });
    expect(findUnsafeInput('\udfff')).toEqual({ path: '_', problem: 'surrogate' });
    // A pair is one character, not a broken one.
    expect(findUnsafeInput({ emoji: '🥋 \ud83e\udd4b' })).toBeUndefined();
    // Raw bytes are not text: an uploaded file is never looked into.
    expect(findUnsafeInput(Buffer.from([0, 0xed, 0xa0, 0x80]))).toBeUndefined();
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels, in parsed values and in JSON text`, () => {
    expect(findUnsafeInput(JSON.parse(nestedArrays(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(findUnsafeInput(JSON.parse(nestedArrays(MAX_JSON_DEPTH + 1)))?.problem).toBe('too_deep');
    expect(jsonNestsDeeperThan(nestedObjects(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nestedObjects(MAX_JSON_DEPTH + 1))).toBe(true);
    // Brackets inside strings, escaped quotes included, are text.
    expect(jsonNestsDeeperThan(JSON.stringify({ a: `"${'['.repeat(100)}\\"{{{` }))).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\",${nestedArrays(MAX_JSON_DEPTH)}]`)).toBe(true);
  });
});

let t: TestApp;
let admin: string;
let maria: string;
let mariaId: number;

describe('through the app', () => {
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ({ admin, maria, mariaId } = await seedCast(t.app));
  });

  const json = (payload: string | Buffer, url = '/api/auth/magic-link', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_APP_URL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload,
    });
  /** E-mail sent to anyone but the cast, whose sign-in links are sent before each test. */
  const sentMail = () =>
    t.app.db
      .selectFrom('outboxMessages')
      .select('toAddress')
      .where('toAddress', 'not in', ['maria@example.com', 'devon@example.com', 'boss@example.com'])
      .execute();

  describe('deeply nested bodies', () => {
    it('answers an 18 KB body of nested arrays, and a body at the size limit, with 400 before parsing it', async () => {
      for (const body of [`{"email":${nestedArrays(9000)}}`, nestedArrays(500_000)]) {
        const res = await json(body);
        expect(res.statusCode, `${body.length} bytes`).toBe(400);
        expect(res.json().error).toEqual({
          code: 'body_too_deep',
          message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
        });
      }
      expect(await sentMail()).toEqual([]);
    });

    it(`lets ${MAX_JSON_DEPTH} levels through to the route's own validation, and refuses one more`, async () => {
      const within = await json(nestedObjects(MAX_JSON_DEPTH));
      expect(within.statusCode).toBe(400);
      expect(within.json().error.code).toBe('validation_error');
      const beyond = await json(nestedObjects(MAX_JSON_DEPTH + 1));
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json().error.code).toBe('body_too_deep');
      // Brackets in text are not nesting.
      const text = await json(JSON.stringify({ email: `${'['.repeat(100)}@example.com` }));
      expect(text.json().error.code).toBe('validation_error');
    });
  });

  describe('lone surrogates and NULs are refused wherever text comes in', () => {
    const surrogateMessage = 'Text may not contain a broken Unicode character (an unpaired surrogate).';
    const adminEdit = {
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
    const trainerRow = () =>
      t.app.db
        .selectFrom('trainers')
        .select(['name', 'city'])
        .where('id', '=', mariaId)
        .executeTakeFirstOrThrow();
    const changes = () => t.app.db.selectFrom('trainerChanges').selectAll().execute();

    it("in an admin's trainer edit: 400 naming the field, nothing saved", async () => {
      // JSON.stringify writes a lone surrogate as the escape \ud800, as a hostile client would.
      const body = JSON.stringify({ ...adminEdit, city: 'Tul\ud800sa' });
      expect(body).toContain('\\ud800');
      const res = await t.app.inject(
        withCookie(admin, {
          method: 'PUT',
          url: `/api/trainers/${mariaId}`,
          headers: { 'content-type': 'application/json' },
          payload: body,
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'validation_error',
        message: surrogateMessage,
        fields: { city: surrogateMessage },
      });
      expect(await trainerRow()).toEqual({ name: 'Maria Garcia', city: 'Tulsa' });
      expect(await changes()).toEqual([]);
      // The same edit without it is saved.
      const fine = await t.app.inject(
        withCookie(admin, {
          method: 'PUT',
          url: `/api/trainers/${mariaId}`,
          payload: { ...adminEdit, city: 'Tulsa 🥋' },
        }),
      );
      expect(fine.statusCode).toBe(200);
    });

    it('in otherSocialMedia (and in a key): 400, the profile unchanged', async () => {
      const url = `/api/trainer-profile/${mariaId}`;
      const res = await json(
        JSON.stringify({
          otherSocialMedia: [{ platform: 'Mastodon', url: 'https://social.example/@m\udc00' }],
        }),
        url,
        maria,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ 'otherSocialMedia.0.url': surrogateMessage });
      const key = await json('{"otherSocialMedia":[],"\\ud800":1}', url, maria);
      expect(key.statusCode).toBe(400);
      expect(key.json().error.message).toBe(surrogateMessage);
      const profile = await t.app.db
        .selectFrom('trainerProfiles')
        .select('otherSocialMedia')
        .where('trainerId', '=', mariaId)
        .executeTakeFirstOrThrow();
      expect(profile.otherSocialMedia ?? []).toEqual([]);
      const fine = await json(
        JSON.stringify({ otherSocialMedia: [{ platform: 'Mastodon', url: 'https://social.example/@m' }] }),
        url,
        maria,
      );
      expect(fine.statusCode).toBe(200);
    });

    it("as a surrogate's own UTF-8 bytes in a body: 400, not silently replaced", async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"email":"a'),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('@example.com"}'),
      ]);
      const res = await json(bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'invalid_encoding',
        message: 'The request body is not valid UTF-8 text.',
      });
      expect(await sentMail()).toEqual([]);
    });

    it('in a query string: 400; proper UTF-8 and plain text still work', async () => {
      const get = (url: string) => t.app.inject(withCookie(admin, { method: 'GET', url }));
      for (const query of [
        'q=%ED%A0%80',
        'q=Mar%ED%B0%80ia',
        'q=%uD800',
        'q=%FF',
        'paymentStatus=paid&q=%ED%A0%80',
      ]) {
        const res = await get(`/api/trainers?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error, query).toEqual({
          code: 'bad_address',
          message: 'This address is not valid.',
        });
      }
      const nul = await get('/api/trainers?q=a%00b');
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error.fields).toEqual({ q: 'Text may not contain NUL characters.' });
      expect((await get('/api/trainers?q=%F0%9F%A5%8B')).statusCode).toBe(200);
      expect((await get('/api/trainers?q=Maria')).json().map((r: { id: number }) => r.id)).toEqual([mariaId]);
    });

    it('in a path parameter: 400', async () => {
      for (const url of ['/api/pictures/a%00.webp', '/api/pictures/%ED%A0%80.webp']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code, url).toMatch(/^(bad_address|validation_error)$/);
      }
    });
  });
});
