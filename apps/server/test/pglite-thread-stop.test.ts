import { rmSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { startPGliteThread } from '../src/db/pglite-thread';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { seededDataDir, testConfig } from './helper';

// The database's thread ending by itself (PostgreSQL's WebAssembly failing, out of memory), not by `close`
// (decision record 0030). Node's Worker is wrapped only to keep each one started, so the test can end it as a
// crash would; the thread, PGlite and the app are the real ones.
const started = vi.hoisted(() => [] as Worker[]);
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:worker_threads')>();
  class KeptWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      started.push(this);
    }
  }
  return { ...actual, Worker: KeptWorker };
});

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  started.length = 0;
});

describe('the database thread stopping by itself', () => {
  it('fails the calls waiting and every later one, and tells once', async () => {
    const stops: Error[] = [];
    const thread = startPGliteThread({
      dataDir: 'memory://',
      sharedBuffers: '16MB',
      onStopped: (error) => stops.push(error),
    });
    cleanups.push(() => thread.close());
    await thread.waitReady;
    expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);

    const waiting = thread.query('select pg_sleep(0.5)');
    await started[0]?.terminate();
    const failure = await waiting.catch((error: unknown) => error);
    expect(String(failure)).toContain('The database thread stopped');
    // Answered 503 ("try again in a moment"), as a lost PostgreSQL connection is.
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(thread.query('select 1 as one')).rejects.toThrow('The database thread stopped');
    await expect(thread.transaction(async () => 1)).rejects.toThrow('The database thread stopped');
    expect(thread.closed).toBe(true);
    expect(stops).toHaveLength(1);
    await thread.close();
    expect(stops).toHaveLength(1);
  });

  it('turns the health check to 503, as a lost PostgreSQL connection does', async () => {
    const dataDir = seededDataDir('sp-thread-stop-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const app = await buildApp(testConfig({ dataDir }), {
      database: { kind: 'pglite', dataDir },
      logger: false,
    });
    cleanups.push(() => app.close());
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await started[0]?.terminate();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('database_unavailable');
  });
});
