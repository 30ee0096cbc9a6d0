import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  CamelCasePlugin,
  Kysely,
  PGliteDialect,
  type PGlite as PGliteForKysely,
  PostgresDialect,
  sql,
} from 'kysely';
import type pg from 'pg';
import type { AppConfig } from '../config';
import { lockDataDir } from './pglite-lock';
import { startPGliteThread } from './pglite-thread';
import type { Database } from './schema';
import { VALUE_PARSERS } from './value-parsers.js';

export type Db = Kysely<Database>;

/** PostgreSQL's driver, loaded only when the app uses PostgreSQL: a start on the embedded database skips it. */
const loadPg = async () => (await import('pg')).default;

/**
 * PGlite's page cache, inside its WebAssembly memory (PostgreSQL's default is 128MB). PGlite zeroes the whole of
 * it as it starts, in WebAssembly not yet optimised: at 128MB that was 100 MB of the server's memory and a tenth of
 * its start; 16MB against 32MB is 18-22 MB less memory and about 0.1 s less CPU (decision record 0028). Pages
 * beyond it are read again from the data directory's files, which the operating system keeps cached.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** A throw-away in-memory database, for tests; `snapshot` (PGlite's dumpDataDir) starts it already migrated. */
  | { kind: 'memory'; snapshot?: Blob };

/** Where the listener tells of an outage: once when it starts and once when it ends, not at each retry. */
export interface ListenLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ListenHandlers {
  /** A NOTIFY on the channel, from any process using the database, with its payload ('' when none). */
  onNotify: (payload: string) => void;
  /**
   * Notifications may have been missed: the listening connection was lost and is open again. Called once per
   * outage, after reconnecting (until then nothing is heard, so nothing is gained by calling it earlier).
   */
  onMissed: () => void;
  log?: ListenLog;
}

export interface Listening {
  /**
   * Resolves to true once every notification committed before the call has been handled (`onNotify` called);
   * to false when that cannot be known (not connected, or no answer in time). Never rejects.
   */
  sync(): Promise<boolean>;
  stop(): Promise<void>;
}

/** Listens on `channel` until stopped, reconnecting after any outage. */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Listening>;

export interface OpenDatabase {
  db: Db;
  close: () => Promise<void>;
  listen: Listen;
}

/**
 * A database still opening: its handle can be passed around (and queried: a query waits) before `ready`, which
 * settles once it takes queries and rejects if it cannot open. PGlite starts PostgreSQL in WebAssembly, about a
 * second at each start, and waits on its files and its compilation meanwhile; the app registers its routes then.
 */
export interface OpeningDatabase extends OpenDatabase {
  ready: Promise<void>;
}

/** Reconnection: the first retry soon, then doubling up to the ceiling (a random part spreads instances out). */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 3000;
/** A connection cut without a word (a network partition) is noticed by a probe this often... */
const PROBE_EVERY_MS = 15_000;
/** ...which gets this long to answer, as does a sync or a connection attempt. */
const ANSWER_WITHIN_MS = 5000;
const SYNC_WITHIN_MS = 2000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * PostgreSQL: one connection of its own, outside the pool, kept open for LISTEN and opened again, with backoff,
 * whenever it is lost (for as long as the app runs). A sync is a NOTIFY this connection sends to itself on a
 * channel of its own: PostgreSQL delivers notifications in commit order, so by the time it comes back every
 * notification committed before it has arrived.
 */
export function listenOnPostgres(
  url: string,
  { probeEveryMs = PROBE_EVERY_MS, answerWithinMs = ANSWER_WITHIN_MS } = {},
): Listen {
  return async (channel, { onNotify, onMissed, log }) => {
    const syncChannel = `sync_${randomUUID().replaceAll('-', '')}`;
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    let failures = 0;
    let lostAt: number | null = null;
    let syncSeq = 0;
    const syncWaiters = new Map<string, () => void>();

    const lose = (c: pg.Client, err?: unknown) => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      for (const resolve of syncWaiters.values()) resolve();
      syncWaiters.clear();
      if (stopped) return;
      lostAt = Date.now();
      log?.warn(
        { err, channel },
        'change notifications lost: listening again as soon as the database answers',
      );
      schedule();
    };

    const schedule = () => {
      const ceiling = Math.min(RELISTEN_MAX_MS, RELISTEN_FIRST_MS * 2 ** failures);
      retry = setTimeout(() => void connect(), ceiling * (0.5 + Math.random() / 2));
      retry.unref();
    };

    const connect = async () => {
      const { Client, escapeIdentifier } = await loadPg();
      const c = new Client({ connectionString: url, connectionTimeoutMillis: answerWithinMs });
      c.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
        else if (message.channel === syncChannel) syncWaiters.get(message.payload ?? '')?.();
      });
      // Without a listener the connection's error would end the process.
      c.on('error', (err) => lose(c, err));
      c.on('end', () => lose(c));
      try {
        await c.connect();
        await c.query(`listen ${escapeIdentifier(channel)}; listen ${escapeIdentifier(syncChannel)}`);
      } catch (err) {
        c.end().catch(() => {});
        if (stopped) return;
        failures += 1;
        // The first attempt at start-up is told; later failures belong to an outage already told.
        if (lostAt === null) {
          lostAt = Date.now();
          log?.warn(
            { err, channel },
            'change notifications unavailable: listening as soon as the database answers',
          );
        }
        schedule();
        return;
      }
      if (stopped) return void c.end().catch(() => {});
      client = c;
      if (lostAt !== null) {
        log?.info(
          { channel, downMs: Date.now() - lostAt, attempts: failures + 1 },
          'change notifications restored',
        );
        // Whatever changed while no one listened.
        onMissed();
      }
      lostAt = null;
      failures = 0;
    };

    const probe = setInterval(() => {
      const c = client;
      if (c) within(c.query('select 1'), answerWithinMs).catch((err) => lose(c, err));
    }, probeEveryMs);
    probe.unref();

    const syncOnce = async (): Promise<boolean> => {
      const c = client;
      if (!c) return false;
      const token = String(++syncSeq);
      const heard = new Promise<boolean>((resolve) => {
        syncWaiters.set(token, () => resolve(client === c));
      });
      try {
        await within(
          Promise.all([c.query('select pg_notify($1, $2)', [syncChannel, token]), heard]),
          SYNC_WITHIN_MS,
        );
        return await heard;
      } catch {
        return false;
      } finally {
        syncWaiters.delete(token);
      }
    };
    // Writes answered together share one sync, started after each of them asked: one sent earlier might have
    // been committed before their own notifications.
    let running: Promise<boolean> | undefined;
    let next: Promise<boolean> | undefined;
    const sync = (): Promise<boolean> => {
      if (next) return next;
      if (!running) {
        running = syncOnce().finally(() => {
          running = undefined;
        });
        return running;
      }
      next = running.then(() => {
        next = undefined;
        return sync();
      });
      return next;
    };

    await connect();
    return {
      sync,
      stop: async () => {
        stopped = true;
        clearTimeout(retry);
        clearInterval(probe);
        const c = client;
        client = null;
        for (const resolve of syncWaiters.values()) resolve();
        await c?.end();
      },
    };
  };
}

export function databaseTargetFor(config: AppConfig): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** Throws unless the database answers a query now (the health check: up, reachable, taking queries). */
export async function checkDatabaseAnswers(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function openDatabase(
  target: DatabaseTarget,
  onConnectionLost?: (error: Error) => void,
): Promise<OpenDatabase> {
  const { ready, ...database } = await startOpeningDatabase(target, onConnectionLost);
  await ready;
  return database;
}

export async function startOpeningDatabase(
  target: DatabaseTarget,
  onConnectionLost?: (error: Error) => void,
): Promise<OpeningDatabase> {
  const plugins = [new CamelCasePlugin()];
  if (target.kind === 'postgres') {
    const pg = await loadPg();
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Fail a request after 5 s rather than queue it forever when the server cannot be reached.
      connectionTimeoutMillis: 5000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          VALUE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A connection that dies (PostgreSQL restarting) is dropped and replaced on next use; its query, if any, fails
    // on its own. Without these listeners the connection's error event would end the process.
    pool.on('error', (error) => onConnectionLost?.(error));
    pool.on('connect', (client) => client.on('error', (error) => onConnectionLost?.(error)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, close: () => db.destroy(), listen: listenOnPostgres(target.url), ready: Promise.resolve() };
  }

  if (target.kind === 'pglite') return openPGliteThread(target.dataDir, plugins, onConnectionLost);
  // A throw-away database for tests, in this thread: tests open hundreds of them. PGlite's code is loaded here only
  // (the server's thread never runs it).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const pglite = new PGlite({
    parsers: VALUE_PARSERS,
    loadDataDir: target.snapshot,
    // Trigram indexes for the directory's and the admin list's substring search (migration 0009).
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  return embeddedDatabase(pglite, pglite.waitReady, plugins);
}

/**
 * The data directory's database, in a thread of its own (decision record 0030): PostgreSQL starts there while this
 * thread loads the app and registers its routes, and its queries run beside the requests' JSON and HTML work.
 */
function openPGliteThread(
  dataDir: string,
  plugins: CamelCasePlugin[],
  onConnectionLost?: (error: Error) => void,
): OpeningDatabase {
  const unlock = lockDataDir(dataDir);
  const pglite = startPGliteThread({
    dataDir: path.join(dataDir, 'pglite'),
    sharedBuffers: PGLITE_SHARED_BUFFERS,
    // Told like a lost PostgreSQL connection; the health check answers 503 from then on.
    onStopped: onConnectionLost,
  });
  const ready = pglite.waitReady.catch((error: unknown) => {
    unlock();
    throw error;
  });
  return embeddedDatabase(pglite, ready, plugins, unlock);
}

/** What both embedded databases have: Kysely's part of PGlite, LISTEN and close. */
interface EmbeddedPGlite extends PGliteForKysely {
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Kysely and LISTEN over one embedded PGlite, in this thread or its own; `released` runs once it is closed (the data
 * directory's lock). One connection: a statement's notifications are handled before its answer arrives (the
 * thread posts them first), so there is nothing to wait for in `sync`.
 */
function embeddedDatabase(
  pglite: EmbeddedPGlite,
  ready: Promise<void>,
  plugins: CamelCasePlugin[],
  released: () => void = () => {},
): OpeningDatabase {
  ready.catch(() => undefined); // whoever awaits it gets the failure; none until then is unhandled
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return {
    db,
    ready,
    listen: async (channel, { onNotify }) => {
      const stop = await pglite.listen(channel, (payload) => onNotify(payload ?? ''));
      return { sync: async () => true, stop };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      released();
    },
  };
}
