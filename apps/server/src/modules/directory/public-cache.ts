import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** One public answer, kept as the bytes to send: plain, gzip and brotli, compressed once when it is built. */
export interface CachedAnswer {
  etag: string;
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
  headers: Record<string, string>;
  contentType: string;
  /** Epoch ms after which the answer is built again (a class it lists has started); Infinity when never. */
  expiresAt: number;
  /** 200, or the status of a page that says so (a trainer who is not listed: 404). */
  status: number;
}

export interface Built {
  /** Sent as JSON, or as it is when it is text of another `contentType` (a calendar file). */
  body?: unknown;
  /** The body already as JSON text (assembled by the database), sent as it is in place of `body`. */
  json?: string;
  contentType?: string;
  headers?: Record<string, string>;
  expiresAt?: number;
  status?: number;
  /**
   * The tables it is made from (besides those of the kept answers its build asks for, which are added): only a
   * change to one of them makes it out of date. Absent: every change does.
   */
  reads?: readonly string[];
}

const JSON_TYPE = 'application/json; charset=utf-8';

export interface Freshness {
  /** Only an answer that shows every change announced: the reader just wrote one (read-your-writes). */
  current?: boolean;
}

/**
 * How long after a change (or its expiry) an answer's old copy may still be sent while the new one is built: the
 * spec's bound for a change to show in the public answers. Past it a request waits for the new copy.
 */
export const MAX_STALE_MS = 2_000;

export interface PublicCache {
  /**
   * The answer for `key`: the kept one, even out of date (then rebuilt in the background, see MAX_STALE_MS), or
   * the one `build` makes for a key never built (once, however many requests ask meanwhile).
   */
  get(key: string, build: () => Promise<Built>, options?: Freshness): Promise<CachedAnswer>;
  /** The answer to send at once for this address (path and query), if it was answered before and may be sent. */
  atAddress(url: string, options?: Freshness): CachedAnswer | undefined;
  /** How many changes have been announced so far (a write compares it before and after, see routes.ts). */
  readonly changes: number;
  /** Notes that the address `url` is answered by `answer`, while it is the current answer of `key`. */
  remember(url: string, key: string, answer: CachedAnswer): void;
  /**
   * Something the public pages show has changed, in `table` (or anywhere, when not named): the answers made from
   * it are out of date and rebuilt, one at a time.
   */
  invalidate(table?: string): void;
  /** Forgets every answer and drops what is being built (the database was emptied: tests between cases). */
  clear(): void;
  /** Resolves once no build is queued or running (tests and the bench wait for the rebuilds a change started). */
  whenSettled(): Promise<void>;
  /** What the last build of `key` cost, in ms (its queries, rendering and compression), if it was ever built. */
  lastRebuildMs(key: string): number | undefined;
  /** How many builds have run (tests count what a change rebuilt). */
  readonly builds: number;
  /** Whether the kept answer of `key` misses a change (or has expired). */
  isOutOfDate(key: string): boolean;
  readonly size: number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * `plain` in brotli or gzip at `level` (brotli's quality), on the thread pool. A body kept for many requests is
 * worth the slow levels; one compressed for each request (a page behind a sign-in) takes brotli's 5 and gzip's 6:
 * on the 300 KB admin trainer list, 2-14 ms for 10.7 KB in brotli, where its 9 took 130-190 ms for 4% fewer bytes.
 */
export function compressBody(plain: Buffer, encoding: 'br' | 'gzip', level: number): Promise<Buffer> {
  return encoding === 'gzip'
    ? gzipAsync(plain, { level })
    : brotliAsync(plain, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      });
}

/**
 * Above this, the slower levels cost more time than they save bytes: the map's feed at 100,000 trainers (1.3 MB)
 * took 92 ms of CPU with gzip's level 9 and 40 ms with 6, for 0.6% more bytes.
 */
const LARGE_BODY = 1024 * 1024;

/** Compressed on the thread pool: a large list does not hold up other requests while it is encoded. */
export async function encodeAnswer({
  body,
  json,
  contentType = JSON_TYPE,
  headers = {},
  expiresAt = Number.POSITIVE_INFINITY,
  status = 200,
}: Built): Promise<CachedAnswer> {
  const plain = Buffer.from(
    json ?? (contentType !== JSON_TYPE && typeof body === 'string' ? body : JSON.stringify(body)),
  );
  const large = plain.length > LARGE_BODY;
  const [gzipped, br] = await Promise.all([
    compressBody(plain, 'gzip', large ? 6 : 9),
    compressBody(plain, 'br', large ? 5 : 9),
  ]);
  return {
    // Weak: the same entity is sent in three encodings.
    etag: `W/"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
    plain,
    gzip: gzipped,
    br,
    headers,
    contentType,
    expiresAt,
    status,
  };
}

/** One key's kept answer, updated in place by each rebuild (so the addresses that point at it stay valid). */
interface Entry {
  key: string;
  answer: CachedAnswer;
  build: () => Promise<Built>;
  /** The changes (counted by `invalidate`) it was built after. */
  generation: number;
  /** Cache-clock ms since when the answer misses a change; undefined while it shows every change. */
  changedAt?: number;
  /** The tables it is made from, those of the answers it was built from included; undefined: all of them. */
  reads?: ReadonlySet<string>;
}

/** A build in progress: the changes announced while it ran make its answer out of date from the first it reads. */
interface Job {
  generation: number;
  changes: { table?: string; at: number }[];
  promise?: Promise<Entry>;
}

/** Whether a change to `table` (undefined: to anything) touches an answer that reads `reads`. */
const touches = (reads: ReadonlySet<string> | undefined, table: string | undefined) =>
  table === undefined || reads === undefined || reads.has(table);

/**
 * Builds run with this set: an answer built for another (a page built from the lists it shows) must be built from
 * the data of now, not from an old copy; and the build gathers the tables of the answers it asks for (null: it
 * asked for one that reads everything).
 */
const insideBuild = new AsyncLocalStorage<{ reads: Set<string> | null }>();
/** Builds running, in every cache of the process. */
let buildsRunning = 0;

/**
 * Runs `work` as a build, and turns insideBuild off once no build runs: while it is on, Node runs its hook for
 * every promise and async resource the process makes, each request's among them (a public answer sent before
 * routing cost a tenth more with it). A build turns it on again.
 */
function runAsBuild<T>(context: { reads: Set<string> | null }, work: () => Promise<T>): Promise<T> {
  buildsRunning++;
  return insideBuild
    .run(context, async () => work())
    .finally(() => {
      buildsRunning--;
      if (buildsRunning === 0) insideBuild.disable();
    });
}

/** The build running here (if any) was made from an answer that reads `reads`. */
function noteRead(reads: ReadonlySet<string> | undefined) {
  const build = insideBuild.getStore();
  if (!build || build.reads === null) return;
  if (reads === undefined) build.reads = null;
  else for (const table of reads) build.reads.add(table);
}

/**
 * Public answers kept in memory as ready bytes. A change (`invalidate`, from the database's announcement) or an
 * expiry (a class it lists starts, by the app's clock) makes an answer out of date: its old copy is still sent,
 * at once, while a queue rebuilds out-of-date answers one at a time, off the request path; requests wait only for
 * a key never built, or for one whose copy has been out of date for more than MAX_STALE_MS. At most `maxEntries`
 * are kept; the oldest goes first. The cache is a copy of what the database says, so each instance keeps its own.
 */
export function createPublicCache({
  maxEntries = 500,
  now = Date.now,
  onRebuildError = () => {},
}: {
  maxEntries?: number;
  now?: () => number;
  /** A rebuild failed: its key is forgotten (the next request builds it, and gets the error if it persists). */
  onRebuildError?: (error: unknown, key: string) => void;
} = {}): PublicCache {
  const entries = new Map<string, Entry>();
  const addresses = new Map<string, Entry>();
  const jobs = new Map<string, Job>();
  const buildCosts = new Map<string, number>();
  /** Out-of-date keys a request asked for (rebuilt first), then the others. */
  const wanted = new Set<string>();
  const waiting = new Set<string>();
  let generation = 0;
  let epoch = 0;
  let builds = 0;
  let worker: Promise<void> | undefined;

  /** Since when the answer is out of date (a change, or its expiry), or undefined while it is current. */
  const outOfDateSince = (entry: Entry): number | undefined => {
    const since = Math.min(entry.changedAt ?? Number.POSITIVE_INFINITY, entry.answer.expiresAt);
    return since <= now() ? since : undefined;
  };

  const keep = (
    key: string,
    build: () => Promise<Built>,
    answer: CachedAnswer,
    job: Job,
    reads: ReadonlySet<string> | undefined,
    changedAt: number | undefined,
  ) => {
    const { generation: built } = job;
    const entry = entries.get(key);
    if (entry) {
      // A slower build started before a newer one: the newer copy stays.
      if (entry.generation > built) return entry;
      Object.assign(entry, { answer, build, generation: built, changedAt, reads });
      return entry;
    }
    const created: Entry = { key, answer, build, generation: built, changedAt, reads };
    entries.set(key, created);
    if (entries.size > maxEntries) forget(entries.keys().next().value as string);
    return created;
  };

  const forget = (key: string) => {
    entries.delete(key);
    wanted.delete(key);
    waiting.delete(key);
  };

  const build = (key: string, buildAnswer: () => Promise<Built>): Promise<Entry> => {
    const running = jobs.get(key);
    if (running?.promise && running.generation === generation) return running.promise;
    const startedIn = epoch;
    const started = performance.now();
    const job: Job = { generation, changes: [] };
    const context = { reads: new Set<string>() as Set<string> | null };
    builds++;
    const promise = runAsBuild(context, buildAnswer)
      .then(async (built) => {
        const reads = built.reads && context.reads ? new Set([...built.reads, ...context.reads]) : undefined;
        return { answer: await encodeAnswer(built), reads };
      })
      .then(
        ({ answer, reads }) => {
          buildCosts.set(key, performance.now() - started);
          // The cache was emptied meanwhile: send it to those who asked, keep it for no one.
          if (epoch !== startedIn)
            return { key, answer, build: buildAnswer, generation: job.generation, reads };
          const changedAt = job.changes.find((change) => touches(reads, change.table))?.at;
          const entry = keep(key, buildAnswer, answer, job, reads, changedAt);
          // Built from data that changed meanwhile: kept as out of date, and built again.
          if (changedAt !== undefined) queue(key);
          return entry;
        },
        (error: unknown) => {
          if (epoch === startedIn) forget(key);
          throw error;
        },
      )
      .finally(() => {
        if (jobs.get(key) === job) jobs.delete(key);
      });
    job.promise = promise;
    jobs.set(key, job);
    return promise;
  };

  const queue = (key: string, asked = false) => {
    if (wanted.has(key)) return;
    if (asked) {
      waiting.delete(key);
      wanted.add(key);
    } else waiting.add(key);
    worker ??= Promise.resolve().then(rebuildQueued);
  };

  /** One rebuild at a time, asked-for keys first, until the queue is empty. */
  const rebuildQueued = async () => {
    for (;;) {
      const key = (wanted.values().next().value ?? waiting.values().next().value) as string | undefined;
      if (key === undefined) break;
      wanted.delete(key);
      waiting.delete(key);
      const entry = entries.get(key);
      if (!entry || outOfDateSince(entry) === undefined) continue;
      await build(key, entry.build).catch((error: unknown) => onRebuildError(error, key));
    }
    worker = undefined;
  };

  /** The copy to send now, if there is one: current, or out of date for less than MAX_STALE_MS (then rebuilt). */
  const sendable = (entry: Entry, { current = false }: Freshness = {}): CachedAnswer | undefined => {
    const since = outOfDateSince(entry);
    if (since === undefined) return entry.answer;
    queue(entry.key, true);
    // A build for another answer needs this one as the data is now; so does someone who just wrote.
    if (current || insideBuild.getStore()) return undefined;
    return now() - since < MAX_STALE_MS ? entry.answer : undefined;
  };

  return {
    get size() {
      return entries.size;
    },
    get changes() {
      return generation;
    },
    get builds() {
      return builds;
    },
    invalidate(table) {
      generation++;
      const at = now();
      for (const job of jobs.values()) job.changes.push({ table, at });
      for (const entry of entries.values()) {
        if (!touches(entry.reads, table)) continue;
        entry.changedAt ??= at;
        queue(entry.key);
      }
    },
    isOutOfDate(key) {
      const entry = entries.get(key);
      return entry !== undefined && outOfDateSince(entry) !== undefined;
    },
    clear() {
      epoch++;
      generation++;
      entries.clear();
      addresses.clear();
      wanted.clear();
      waiting.clear();
    },
    async whenSettled() {
      while (worker || jobs.size > 0) {
        await Promise.allSettled([worker, ...[...jobs.values()].map((job) => job.promise)]);
      }
    },
    lastRebuildMs(key) {
      return buildCosts.get(key);
    },
    atAddress(url, options) {
      const entry = addresses.get(url);
      if (!entry) return undefined;
      if (entries.get(entry.key) !== entry) {
        addresses.delete(url);
        return undefined;
      }
      const answer = sendable(entry, options);
      if (answer) noteRead(entry.reads);
      return answer;
    },
    remember(url, key, answer) {
      const entry = entries.get(key);
      if (entry?.answer !== answer || addresses.get(url) === entry) return;
      addresses.delete(url);
      addresses.set(url, entry);
      if (addresses.size > maxEntries) addresses.delete(addresses.keys().next().value as string);
    },
    async get(key, buildAnswer, options) {
      const entry = entries.get(key);
      const answer = entry && sendable(entry, options);
      if (entry && answer) {
        noteRead(entry.reads);
        return answer;
      }
      const built = await build(key, buildAnswer);
      noteRead(built.reads);
      return built.answer;
    },
  };
}

/**
 * One value computed per round of changes (`changes`: the public cache's count) and shared by the answers built in
 * it, such as a count several answers show. A value that fails is dropped, so the next one to ask computes again.
 */
export function keptPerChange<T>(changes: () => number) {
  let kept: { change: number; value: Promise<T> } | undefined;
  return {
    /** The value kept in this round of changes, if any. */
    current: (): Promise<T> | undefined => (kept?.change === changes() ? kept.value : undefined),
    keep(value: Promise<T>): Promise<T> {
      const mine = { change: changes(), value };
      kept = mine;
      value.catch(() => {
        if (kept === mine) kept = undefined;
      });
      return value;
    },
  };
}
