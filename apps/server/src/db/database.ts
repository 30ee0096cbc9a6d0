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

export async function openDatabase(target: DatabaseTarget): Promise<{ db: Db; close: () => Promise<void> }> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
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
