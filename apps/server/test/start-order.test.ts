import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { startOpeningDatabase } from '../src/db/database';
import { freshDatabase, testConfig } from './helper';

// The app registers its plugins and routes while the database is still opening (PGlite starts PostgreSQL in
// WebAssembly, decision record 0028). Nothing may query it before the migrations have run: an older database
// would be asked for tables and columns it does not have yet.
describe('start-up order', () => {
  const closing: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('queries the database only after it is ready, the migrations first, then serves', async () => {
    const opened = await startOpeningDatabase(await freshDatabase());
    const queries: string[] = [];
    let isOpen = false;
    const db = opened.db.withPlugin({
      transformQuery: ({ node }) => {
        queries.push(isOpen ? node.kind : `before ready: ${node.kind}`);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    // Held until released: buildApp starts the migrations on it and registers every route meanwhile.
    let reached!: () => void;
    const awaited = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = {
      // biome-ignore lint/suspicious/noThenProperty: a promise-like that tells when buildApp awaits it
      then: (resolve: () => void, reject: (error: unknown) => void) => {
        reached();
        return gate
          .then(() => opened.ready)
          .then(() => {
            isOpen = true;
          })
          .then(resolve, reject);
      },
    } as Promise<void>;
    const building = buildApp(testConfig(), {
      opening: Promise.resolve({ ...opened, db, ready }),
      logger: false,
    });
    await awaited;
    expect(queries).toEqual([]);
    release();
    const app = await building;
    closing.push(() => app.close());
    // The migrations' check comes first (a select on their table), and nothing ran before the database was ready.
    expect(queries.filter((q) => q.startsWith('before ready'))).toEqual([]);
    expect(queries.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/public-trainers/states' })).statusCode).toBe(200);
  }, 60_000);

  it('writes nothing at a start on a database already migrated and seeded', async () => {
    const opened = await startOpeningDatabase(await freshDatabase());
    closing.push(() => opened.close());
    // The first start seeds; its close leaves the database open for the second.
    const keepOpen = { ...opened, close: async () => {} };
    await (await buildApp(testConfig(), { opening: Promise.resolve(keepOpen), logger: false })).close();
    const kinds: string[] = [];
    const db = opened.db.withPlugin({
      transformQuery: ({ node }) => {
        kinds.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const second = await buildApp(testConfig(), {
      opening: Promise.resolve({ ...keepOpen, db }),
      logger: false,
    });
    await second.close();
    expect(kinds).toContain('SelectQueryNode');
    expect(kinds.filter((kind) => kind !== 'SelectQueryNode' && kind !== 'RawNode')).toEqual([]);
  }, 60_000);

  it('fails to build, with the database’s own error, when the database cannot open', async () => {
    const opened = await startOpeningDatabase(await freshDatabase());
    closing.push(() => opened.close());
    const failing = Promise.reject(new Error('the data directory is damaged'));
    failing.catch(() => undefined);
    await expect(
      buildApp(testConfig(), { opening: Promise.resolve({ ...opened, ready: failing }), logger: false }),
    ).rejects.toThrow('the data directory is damaged');
  }, 60_000);
});
