import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
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

/**
 * Calls `onNotify` for each NOTIFY on `channel` (from any process using the database), and `onLost` when
 * notifications may have been missed (the listening connection dropped: it is opened again shortly after).
 * Resolves to a function that stops listening.
 */
export type Listen = (
  channel: string,
  onNotify: () => void,
  onLost: () => void,
) => Promise<() => Promise<void>>;

export interface OpenDatabase {
  db: Db;
  close: () => Promise<void>;
  listen: Listen;
}

const RELISTEN_DELAY_MS = 2000;

/** PostgreSQL: one connection of its own, outside the pool, kept open for LISTEN. */
function listenOnPostgres(url: string): Listen {
  return async (channel, onNotify, onLost) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      c.on('error', () => {
        if (client !== c) return;
        client = null;
        c.end().catch(() => {});
        onLost();
        if (!stopped) retry = setTimeout(() => connect().catch(() => onLost()), RELISTEN_DELAY_MS);
      });
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) return void (await c.end());
      client = c;
      // Whatever changed while no one listened.
      onLost();
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end();
    };
  };
}

export function databaseTargetFor(config: AppConfig): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

export async function openDatabase(
  target: DatabaseTarget,
  onConnectionLost?: (error: Error) => void,
): Promise<OpenDatabase> {
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
    return { db, close: () => db.destroy(), listen: listenOnPostgres(target.url) };
  }

  const unlock = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  try {
    const pglite = new PGlite({
      dataDir: target.kind === 'pglite' ? path.join(target.dataDir, 'pglite') : undefined,
      parsers,
      // Trigram indexes for the directory's and the admin list's substring search (migration 0009).
      extensions: { pg_trgm },
    });
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
    return {
      db,
      // One embedded connection: its notifications arrive with the answer of the statement that made them.
      listen: async (channel, onNotify) => pglite.listen(channel, onNotify),
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
