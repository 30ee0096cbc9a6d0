import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { startPGliteThread } from '../src/db/pglite-thread';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { seededDataDir, testConfig } from './helper';

// The database's thread ending by itself (PostgreSQL's WebAssembly failing, out of memory), not by `close`
// (decision record 0030). The thread, PGlite and the app are the real ones; the test finds the thread as the one
// Node's Worker.postMessage is called on (a spy that passes every call through), and ends it as a crash would.
// (vi.mock would not do: this project's files share their imported modules.)
async function threadAsked(ask: () => Promise<unknown>): Promise<Worker> {
  const posted = vi.spyOn(Worker.prototype, 'postMessage');
  try {
    await ask();
    const worker = posted.mock.contexts.at(-1);
    if (!(worker instanceof Worker)) throw new Error('no database thread was asked');
    return worker;
  } finally {
    posted.mockRestore();
  }
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
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
    const worker = await threadAsked(async () =>
      expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]),
    );

    const waiting = thread.query('select pg_sleep(0.5)');
    await worker.terminate();
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
    const worker = await threadAsked(async () =>
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200),
    );

    await worker.terminate();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('database_unavailable');
  });
});
