import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { createDiskStorage, createS3Storage, type FileStorage } from '../src/lib/file-storage';
import { buildTestApp, createUser, signIn, type TestApp, withCookie } from './helper';
import { startS3StandIn } from './s3-stand-in';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-files-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

/** What a full disk does: part of the file reaches the disk, then the write fails with ENOSPC. */
const writeHalfThenFull = async (handle: import('node:fs/promises').FileHandle, data: Buffer) => {
  await handle.write(data.subarray(0, Math.floor(data.length / 2)));
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
};

/** The contract both back ends keep. */
function behavesAsFileStorage(name: string, make: () => Promise<FileStorage>) {
  describe(`${name} storage`, () => {
    let storage: FileStorage;
    beforeAll(async () => {
      storage = await make();
    });

    it('stores, reads, replaces, lists and deletes files by key', async () => {
      const pdf = Buffer.from('%PDF-1.7 sealed');
      await storage.put('documents/7/12-abc.pdf', pdf);
      await storage.put('pictures/p1.webp', Buffer.from('first'));
      await storage.put('pictures/p1.webp', Buffer.from('second'));
      expect(await storage.get('documents/7/12-abc.pdf')).toEqual(pdf);
      expect((await storage.get('pictures/p1.webp'))?.toString()).toBe('second');
      expect(await storage.list()).toEqual(['documents/7/12-abc.pdf', 'pictures/p1.webp']);
      await storage.delete('pictures/p1.webp');
      await storage.delete('pictures/never-there.webp');
      expect(await storage.get('pictures/p1.webp')).toBeUndefined();
      expect(await storage.list()).toEqual(['documents/7/12-abc.pdf']);
    });

    it('refuses a key that could leave its folder', async () => {
      await expect(storage.put('../escape.webp', Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get('pictures/../../etc.pdf')).rejects.toThrow(/Unsafe storage key/);
    });
  });
}

behavesAsFileStorage('disk', async () => createDiskStorage(tempDir()));

let s3: Awaited<ReturnType<typeof startS3StandIn>>;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());
behavesAsFileStorage('S3', async () => createS3Storage(s3.config));

describe('disk storage on a full disk', () => {
  it('answers 507 with a clear message and leaves no partial file, keeping the previous one', async () => {
    const root = tempDir();
    await createDiskStorage(root).put('pictures/p1.webp', Buffer.from('the old picture'));
    const full = createDiskStorage(root, { write: writeHalfThenFull });
    const error = await full.put('pictures/p1.webp', Buffer.alloc(4096, 1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 507, code: 'storage_full' });
    expect((error as Error).message).toMatch(/no room left to store this file/);
    await expect(full.put('pictures/p2.webp', Buffer.alloc(4096, 1))).rejects.toMatchObject({
      statusCode: 507,
    });
    expect(filesUnder(root).map((e) => e.name)).toEqual(['p1.webp']);
    expect((await full.get('pictures/p1.webp'))?.toString()).toBe('the old picture');
  });
});

describe('S3 storage that cannot be reached', () => {
  it('answers 503 storage_unavailable instead of an internal error', async () => {
    const gone = createS3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    await expect(gone.put('pictures/p.webp', Buffer.from('x'))).rejects.toMatchObject({
      statusCode: 503,
      code: 'storage_unavailable',
    });
    await expect(gone.get('pictures/p.webp')).rejects.toMatchObject({ statusCode: 503 });
  });
});

function multipart(data: Buffer) {
  const boundary = '----soulpunchstorage';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function signedInTrainer(t: TestApp) {
  const { trainerId } = await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia');
  return { trainerId: trainerId as number, cookie: await signIn(t.app, 'maria@example.com') };
}

const photo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#c2255c' } })
    .png()
    .toBuffer();

describe('profile pictures through the API', () => {
  let onS3: TestApp;
  let onFullDisk: TestApp;
  const fullRoot = tempDir();
  beforeAll(async () => {
    onS3 = await buildTestApp({ storage: s3.config });
    onFullDisk = await buildTestApp({}, undefined, {
      storage: createDiskStorage(fullRoot, { write: writeHalfThenFull }),
    });
  });
  afterAll(async () => {
    await onS3?.close();
    await onFullDisk?.close();
  });

  const uploadPicture = async (t: TestApp) => {
    const { trainerId, cookie } = await signedInTrainer(t);
    const body = multipart(await photo());
    const res = await t.app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: `/api/trainer-profile/${trainerId}/picture`,
        payload: body.payload,
        headers: body.headers,
      }),
    );
    return { res, trainerId, cookie };
  };

  it('on S3: the upload lands in the bucket and is served from it', async () => {
    const { res } = await uploadPicture(onS3);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().profilePicture as string;
    const key = `pictures/${url.split('/').pop()}`;
    const stored = await createS3Storage(s3.config).get(key);
    expect(stored).toBeDefined();
    const served = await onS3.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored as Buffer)).toBe(true);
    // Nothing was written to the local disk.
    expect(readdirSync(onS3.app.config.dataDir)).not.toContain('uploads');
  });

  it('on a full disk: 507 with the error envelope, the profile unchanged and no file left', async () => {
    const { res, trainerId, cookie } = await uploadPicture(onFullDisk);
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({
      error: {
        code: 'storage_full',
        message: expect.stringMatching(/no room left to store this file right now, so nothing was saved/),
      },
    });
    const profile = await onFullDisk.app.inject(
      withCookie(cookie, { method: 'GET', url: `/api/trainer-profile/${trainerId}` }),
    );
    expect(profile.json().profilePicture).toBeNull();
    expect(filesUnder(fullRoot)).toEqual([]);
  });
});
