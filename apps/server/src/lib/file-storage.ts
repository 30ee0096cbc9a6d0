import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { AppError } from './app-error';

/**
 * Where files live: profile pictures and sealed PDFs. Local disk under DATA_DIR by default; an S3-compatible
 * bucket when configured, which is what several app instances share.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the whole file or nothing: a reader never sees part of one. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /** Every key, sorted (backups and the restore drill); only those starting with `prefix` when given. */
  list(prefix?: string): Promise<string[]>;
  /**
   * Whether the store answers, and the room left on a disk (the integrations card); throws when it cannot be
   * reached. Optional: a stand-in without it shows as not checked.
   */
  check?(): Promise<{ location: string; freeBytes: number | null; totalBytes: number | null }>;
}

export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible server (MinIO, R2, a local stand-in); AWS itself when unset. */
      endpoint?: string;
      forcePathStyle: boolean;
      /** Without them the SDK's own chain is used (AWS_* variables, instance roles). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

export const storageFull = () =>
  new AppError(
    507,
    'storage_full',
    'The server has no room left to store this file right now, so nothing was saved. Please try again later; if it keeps happening, tell the Soul Punch team.',
  );

export const storageUnavailable = () =>
  new AppError(
    503,
    'storage_unavailable',
    'File storage is not answering right now. Please try again in a moment.',
    undefined,
    { 'Retry-After': '5' },
  );

const SAFE_KEY = /^[\w-]+(\/[\w-]+)*\.[a-z0-9]+$/;

function checkKey(key: string): string {
  // Keys are made by the server, but never let one walk out of the storage folder or bucket prefix.
  if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

const isDiskFull = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

export interface DiskStorageOptions {
  /** Writes the bytes into the open temporary file (tests replace it to fail half-way, as a full disk does). */
  write?: (handle: FileHandle, data: Buffer) => Promise<void>;
}

export function createDiskStorage(root: string, options: DiskStorageOptions = {}): FileStorage {
  const write = options.write ?? ((handle, data) => handle.writeFile(data));
  const fileFor = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'disk',
    async put(key, data) {
      const file = fileFor(key);
      // Written beside the final name, flushed, then renamed over it: rename is atomic within one file system,
      // so a crash or a full disk leaves either the old file or the new one, never part of one.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const handle = await open(temp, 'wx', 0o644);
        try {
          await write(handle, data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        if (isDiskFull(error)) throw storageFull();
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    async list(prefix = '') {
      let entries: string[];
      try {
        entries = await readdir(root, { recursive: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return entries
        .map((entry) => entry.split(path.sep).join('/'))
        .filter((key) => SAFE_KEY.test(key) && key.startsWith(prefix))
        .sort();
    },
    async check() {
      await mkdir(root, { recursive: true });
      const fs = await statfs(root);
      return { location: root, freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** S3 answers that mean "no room": MinIO's full disk, a provider's quota, HTTP 507. */
const isS3Full = (error: S3ServiceException) =>
  error.$metadata.httpStatusCode === 507 || ['XMinioStorageFull', 'QuotaExceeded'].includes(error.name);

export function createS3Storage(config: Extract<StorageConfig, { kind: 's3' }>): FileStorage {
  // The SDK loads with the first file this instance stores or reads, not at start (0.1 s of a start, 0.3 s on a
  // busy machine).
  let connecting: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () => {
    connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Plain checksummed uploads, not aws-chunked trailers, which many S3-compatible servers do not speak.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    }));
    return connecting;
  };
  const Bucket = config.bucket;
  const isServiceError = (
    sdk: typeof import('@aws-sdk/client-s3'),
    error: unknown,
  ): error is S3ServiceException => error instanceof sdk.S3ServiceException;
  // A service error is the bucket's answer (kept as is); anything else means the store could not be reached.
  const translate =
    (sdk: typeof import('@aws-sdk/client-s3')) =>
    (error: unknown): never => {
      if (isServiceError(sdk, error)) {
        if (isS3Full(error)) throw storageFull();
        throw error;
      }
      throw storageUnavailable();
    };
  return {
    kind: 's3',
    async put(key, data) {
      const ext = key.slice(key.lastIndexOf('.') + 1);
      const { sdk, client } = await s3();
      await client
        .send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: checkKey(key),
            Body: data,
            ContentLength: data.length,
            ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
          }),
        )
        .catch(translate(sdk));
    },
    async get(key) {
      const Key = checkKey(key);
      const { sdk, client } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (!res.Body) return undefined;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (error) {
        if (isServiceError(sdk, error) && error.$metadata.httpStatusCode === 404) return undefined;
        return translate(sdk)(error);
      }
    },
    async delete(key) {
      const Key = checkKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key })).catch(translate(sdk));
    },
    async list(prefix) {
      const { sdk, client } = await s3();
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client
          .send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken, Prefix: prefix || undefined }))
          .catch(translate(sdk));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async check() {
      const { sdk, client } = await s3();
      // A bucket has no free space to tell; that it answers is what matters.
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
      return { location: `s3://${Bucket}`, freeBytes: null, totalBytes: null };
    },
  };
}

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}
