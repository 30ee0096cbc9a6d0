import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './pglite-lock';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** A throw-away in-memory database, for tests. */
  | { kind: 'memory' };

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

// Both drivers must return the same values: numbers for bigint/numeric (counts, sums) and 'YYYY-MM-DD' text
// for calendar dates (a JS Date would shift them by the server's time zone).
const parsers: Record<number, (value: string) => unknown> = {
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number(v),
  [DATE]: (v) => v,
};

export async function openDatabase(
  target: DatabaseTarget,
  onConnectionLost?: (error: Error) => void,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Fail a request after 5 s rather than queue it forever when the server cannot be reached.
      connectionTimeoutMillis: 5000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A connection that dies (PostgreSQL restarting) is dropped and replaced on next use; its query, if any, fails
    // on its own. Without these listeners the connection's error event would end the process.
    pool.on('error', (error) => onConnectionLost?.(error));
    pool.on('connect', (client) => client.on('error', (error) => onConnectionLost?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, close: () => db.destroy() };
  }

  const unlock = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  try {
    const pglite = new PGlite({
      dataDir: target.kind === 'pglite' ? path.join(target.dataDir, 'pglite') : undefined,
      parsers,
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
    return {
      db,
      close: async () => {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
