import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps';
import { manualClock } from '../src/lib/clock';
import { createDiskStorage, createS3Storage, type FileStorage } from '../src/lib/file-storage';
import { runJobOnce } from '../src/lib/scheduler';
import { pictureKeyFor } from '../src/modules/profiles/picture';
import { profileJobs } from '../src/modules/profiles/routes';
import { PICTURE_SWEEP_MIN_AGE_MS } from '../src/modules/profiles/service';
import { buildTestApp, seedCast, TEST_APP_URL, type TestApp, withCookie } from './helper';
import { startS3StandIn } from './s3-stand-in';

const shared = Boolean(process.env.TEST_DATABASE_URL);

function multipart(data: Buffer, boundary = '----soulpunchowner') {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const photo = (background = '#c2255c') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

const keyOf = (url: string) => url.replace(/^\/api\//, '');

let s3: Awaited<ReturnType<typeof startS3StandIn>>;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());

const backends: Array<[string, () => FileStorage]> = [
  ['disk', () => createDiskStorage(mkdtempSync(path.join(tmpdir(), 'sp-pictures-')))],
  ['the S3 stand-in', () => createS3Storage(s3.config)],
];

describe.each(backends)('pictures belong to their owner, on %s', (_name, makeStorage) => {
  let t: TestApp;
  let storage: FileStorage;
  const clock = manualClock('2026-03-02T10:00:00Z');
  let cast: Awaited<ReturnType<typeof seedCast>>;

  beforeAll(async () => {
    storage = makeStorage();
    t = await buildTestApp({}, undefined, { storage, clock });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // One bucket serves every test: start each from an empty picture store.
    for (const key of await storage.list('pictures/')) await storage.delete(key);
    cast = await seedCast(t.app);
  });

  const upload = async (cookie: string, trainerId: number, data?: Buffer) => {
    const body = multipart(data ?? (await photo()));
    return t.app.inject(
      withCookie(cookie, { method: 'POST', url: `/api/trainer-profile/${trainerId}/picture`, ...body }),
    );
  };
  const removePicture = (cookie: string, trainerId: number) =>
    t.app.inject(withCookie(cookie, { method: 'DELETE', url: `/api/trainer-profile/${trainerId}/picture` }));
  const saveProfile = (cookie: string, trainerId: number, payload: object) =>
    t.app.inject(withCookie(cookie, { method: 'POST', url: `/api/trainer-profile/${trainerId}`, payload }));
  const pictureOf = async (cookie: string, trainerId: number) =>
    (
      await t.app.inject(withCookie(cookie, { method: 'GET', url: `/api/trainer-profile/${trainerId}` }))
    ).json().profilePicture as string | null;

  it("refuses a profile that points at another trainer's stored picture, which then survives", async () => {
    const { maria, mariaId, devon, devonId } = cast;
    const devonsUrl = (await upload(devon, devonId)).json().profilePicture as string;
    expect(devonsUrl).toMatch(new RegExp(`^/api/pictures/trainer-${devonId}-`));

    const stolen = await saveProfile(maria, mariaId, { profilePicture: devonsUrl });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toMatchObject({
      code: 'picture_not_yours',
      message: expect.stringMatching(/can only be set by uploading it/),
      fields: { profilePicture: expect.stringMatching(/can only be set by uploading it/) },
    });
    // Written as an absolute address of this site it is refused too.
    const absolute = await saveProfile(maria, mariaId, { profilePicture: `${TEST_APP_URL}${devonsUrl}` });
    expect(absolute.statusCode).toBe(400);
    expect(absolute.json().error.fields.profilePicture).toEqual(expect.any(String));
    expect(await pictureOf(maria, mariaId)).toBeNull();

    // Maria replacing and then removing her own picture never touches Devon's.
    expect((await upload(maria, mariaId)).statusCode).toBe(200);
    expect((await upload(maria, mariaId)).statusCode).toBe(200);
    expect((await removePicture(maria, mariaId)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: devonsUrl })).statusCode).toBe(200);
    expect(await storage.list('pictures/')).toEqual([keyOf(devonsUrl)]);
  });

  it('keeps the stored picture when the editor sends it back, and drops it for an image URL elsewhere', async () => {
    const { maria, mariaId } = cast;
    const url = (await upload(maria, mariaId)).json().profilePicture as string;
    const same = await saveProfile(maria, mariaId, { profilePicture: url, city: 'Boise' });
    expect(same.statusCode).toBe(200);
    expect(same.json().profilePicture).toBe(url);
    expect(await storage.list('pictures/')).toEqual([keyOf(url)]);

    const elsewhere = await saveProfile(maria, mariaId, {
      profilePicture: 'https://images.example.com/m.png',
    });
    expect(elsewhere.json().profilePicture).toBe('https://images.example.com/m.png');
    expect(await storage.list('pictures/')).toEqual([]);
  });

  it('leaves an older shared picture (named before owners were) to the trainers still using it', async () => {
    const { maria, mariaId, devonId } = cast;
    // Data from before this fix: Maria's profile was pointed at Devon's randomly named picture.
    const legacyKey = 'pictures/0b6f3c1e-6a55-4d8e-9b62-1f0e8f1c2d3a.webp';
    await storage.put(
      legacyKey,
      await sharp(await photo())
        .webp()
        .toBuffer(),
    );
    for (const trainerId of [mariaId, devonId]) {
      await t.app.db
        .updateTable('trainerProfiles')
        .set({ profilePicture: `/api/${legacyKey}` })
        .where('trainerId', '=', trainerId)
        .execute();
    }
    expect((await removePicture(maria, mariaId)).json()).toEqual({ profilePicture: null });
    expect(await storage.list('pictures/')).toEqual([legacyKey]);
  });

  it('eight parallel uploads leave exactly one file: the one the profile shows', async () => {
    const { maria, mariaId } = cast;
    const colours = ['#000000', '#111111', '#222222', '#333333', '#444444', '#555555', '#666666', '#777777'];
    const pictures = await Promise.all(colours.map((c) => photo(c)));
    const answers = await Promise.all(pictures.map((data) => upload(maria, mariaId, data)));
    expect(answers.map((res) => res.statusCode)).toEqual(colours.map(() => 200));
    const current = await pictureOf(maria, mariaId);
    expect(current).not.toBeNull();
    expect(await storage.list('pictures/')).toEqual([keyOf(current as string)]);
    expect((await t.app.inject({ method: 'GET', url: current as string })).statusCode).toBe(200);
  });

  it('the sweep removes pictures nobody references once they are old enough, once across instances', async () => {
    const { maria, mariaId, devonId } = cast;
    const kept = (await upload(maria, mariaId)).json().profilePicture as string;
    const bytes = await sharp(await photo())
      .webp()
      .toBuffer();
    const now = clock.now();
    const orphanOld = pictureKeyFor(devonId, new Date(now.getTime() - PICTURE_SWEEP_MIN_AGE_MS - 1000));
    const inFlight = pictureKeyFor(devonId, new Date(now.getTime() - 60_000));
    const legacyOrphan = 'pictures/5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d.webp';
    for (const key of [orphanOld, inFlight, legacyOrphan]) await storage.put(key, bytes);

    const deps: AppDeps = {
      db: t.app.db,
      config: t.app.config,
      mailer: t.app.mailer,
      storage,
      clock,
    };
    const [sweep] = profileJobs(deps);
    if (!sweep) throw new Error('no sweep job');
    // Two instances tick in the same round: one of them sweeps.
    const ran = await Promise.all([
      runJobOnce(t.app.db, sweep, now, shared),
      runJobOnce(t.app.db, sweep, now, shared),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await storage.list('pictures/')).toEqual([keyOf(kept), inFlight].sort());

    // A round later the upload that never reached a profile is old enough to go.
    clock.advance(Math.max(PICTURE_SWEEP_MIN_AGE_MS, sweep.everyMs));
    expect(await runJobOnce(t.app.db, sweep, clock.now(), shared)).toBe(true);
    expect(await storage.list('pictures/')).toEqual([keyOf(kept)]);
    expect((await t.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
  });
});

describe('malformed picture uploads', () => {
  let t: TestApp;
  let storage: FileStorage;
  let cast: Awaited<ReturnType<typeof seedCast>>;
  beforeAll(async () => {
    storage = createDiskStorage(mkdtempSync(path.join(tmpdir(), 'sp-malformed-')));
    t = await buildTestApp({}, undefined, { storage });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    cast = await seedCast(t.app);
  });

  const send = (contentType: string, payload: Buffer) =>
    t.app.inject(
      withCookie(cast.maria, {
        method: 'POST',
        url: `/api/trainer-profile/${cast.mariaId}/picture`,
        headers: { 'content-type': contentType },
        payload,
      }),
    );

  it.each([
    ['a truncated body', 'cut'],
    ['a body that stops inside the part headers', 'headers-cut'],
    ['no boundary in the content type', 'no-boundary'],
    ['a boundary the body never uses', 'wrong-boundary'],
    ['part headers that are not headers', 'bad-headers'],
  ])('answers 400 with a clear message for %s, and stores nothing', async (_label, kind) => {
    const boundary = '----soulpunchbroken';
    const whole = multipart(await photo(), boundary);
    let contentType = whole.headers['content-type'];
    let payload = whole.payload;
    if (kind === 'cut') payload = whole.payload.subarray(0, Math.floor(whole.payload.length / 2));
    if (kind === 'headers-cut') payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`);
    if (kind === 'no-boundary') contentType = 'multipart/form-data';
    if (kind === 'wrong-boundary') contentType = 'multipart/form-data; boundary=----somethingelse';
    if (kind === 'bad-headers') {
      payload = Buffer.from(
        `--${boundary}\r\nthis is not a header at all\r\n\u0000\u0001garbage\r\n\r\nxx\r\n--${boundary}--\r\n`,
      );
    }
    const res = await send(contentType, payload);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().error).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect(res.json().error.message).not.toMatch(/^(Unexpected|Malformed|Multipart)/);
    if (kind !== 'bad-headers') expect(res.json().error.code).toBe('malformed_upload');
    const profile = await t.app.inject(
      withCookie(cast.maria, { method: 'GET', url: `/api/trainer-profile/${cast.mariaId}` }),
    );
    expect(profile.json().profilePicture).toBeNull();
    expect(await storage.list('pictures/')).toEqual([]);
  });
});
