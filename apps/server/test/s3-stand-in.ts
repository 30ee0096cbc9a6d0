import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../src/lib/file-storage';

/** A local S3-compatible server (s3rver) with one empty bucket, for the S3 storage back end's tests. */
export async function startS3StandIn(bucket = 'soulpunch-test') {
  const directory = mkdtempSync(path.join(tmpdir(), 'sp-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: Extract<StorageConfig, { kind: 's3' }> = {
    kind: 's3',
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    // s3rver's fixed development credentials.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    config,
    /** The same settings as environment variables, as an operator would write them. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: config.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    } as Record<string, string>,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
