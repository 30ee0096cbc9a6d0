// The public pages under load: each answer of the real app beside a plain Node `http` server sending the same
// bytes (in a worker thread), in the same run, with wrk (50 connections, bench/wrk.ts) in a child process. The two take
// turns, several rounds each, so that the machine's other work falls on both alike. Prints req/s, p50/p99 and the
// ratio app/plain (medians over the rounds). Run through `npm run bench` (see bench/index.ts for the options).
import { Agent, get as httpGet } from 'node:http';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { QUIET_CHECK_MS } from '../src/lib/quiet-collection';
import { ensureBuilt, rssMb, startBuiltServer } from './built-server';
import { type BenchDatabase, benchApp, type Engine, openBenchApp, percentile } from './shared';
import { ensureWrk, type LoadResult, wrkLoad } from './wrk';

export type { LoadResult };

export interface LoadOptions {
  connections: number;
  /** Seconds per round, for each of the two servers. */
  seconds: number;
  rounds: number;
}

/** Browsers ask for brotli first; the app keeps each answer compressed both ways and sends brotli then. */
const ACCEPT_ENCODING = 'br, gzip';

const load = (url: string, connections: number, seconds: number) =>
  wrkLoad(url, connections, seconds, ACCEPT_ENCODING);

/** An answer as the built server sent it: its header lines as sent (names' case, order), and its bytes. */
export interface Recorded {
  /** Name, value, name, value... without those Node writes itself (Date, Connection, Keep-Alive). */
  rawHeaders: string[];
  body: Buffer;
  /** The server's keep-alive timeout in ms, from its Keep-Alive header. */
  keepAliveMs: number;
}

const WRITTEN_BY_NODE = ['date', 'connection', 'keep-alive'];

/** What the built server answers over a kept-alive connection, as bytes and headers (undecoded). */
export function record(address: string, url: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const agent = new Agent({ keepAlive: true });
    const req = httpGet(
      `${address}${url}`,
      { agent, headers: { 'accept-encoding': ACCEPT_ENCODING } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          agent.destroy();
          const body = Buffer.concat(chunks);
          if (res.statusCode !== 200) {
            reject(new Error(`${url}: ${res.statusCode} ${body.toString('utf8', 0, 200)}`));
            return;
          }
          const rawHeaders: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i] as string;
            if (!WRITTEN_BY_NODE.includes(name.toLowerCase()))
              rawHeaders.push(name, res.rawHeaders[i + 1] as string);
          }
          const timeout = /timeout=(\d+)/.exec(String(res.headers['keep-alive']))?.[1];
          resolve({ rawHeaders, body, keepAliveMs: Number(timeout ?? 5) * 1000 });
        });
      },
    );
    req.on('error', reject);
  });
}

/**
 * A plain Node `http` server that sends the recorded bytes for each path: the ceiling to compare with. The same
 * header lines as the app (names as it spells them, Content-Length among them), the same keep-alive timeout, and
 * per request nothing but the lookup and the write. It runs in a worker thread, so work the app still has queued
 * cannot slow it down (nor it the app).
 */
const PLAIN_SERVER = `
  const { createServer } = require('node:http');
  const { parentPort, workerData } = require('node:worker_threads');
  const answers = new Map(workerData.answers.map(([url, { rawHeaders, body }]) => [
    url,
    // The worker gets a Uint8Array: one Buffer over its memory, made once.
    { headers: rawHeaders, body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) },
  ]));
  const server = createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  });
  // As Fastify's server: its keep-alive timeout (Node's default is 5 s), no time limit on a request.
  server.keepAliveTimeout = workerData.keepAliveMs;
  server.requestTimeout = 0;
  server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

export async function plainServer(recorded: Map<string, Recorded>) {
  const keepAliveMs = [...recorded.values()][0]?.keepAliveMs ?? 5000;
  const worker = new Worker(PLAIN_SERVER, {
    eval: true,
    workerData: { answers: [...recorded], keepAliveMs },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { port, close: () => worker.terminate() };
}

/**
 * What rebuilding an answer costs once something public changed: the answer is marked out of date, asked for
 * (the old copy goes out at once) and the time until its rebuild is done is what a change costs the server.
 */
async function rebuildCost(app: FastifyInstance, url: string): Promise<number> {
  const cache = app.publicDirectoryCache;
  await cache.whenSettled();
  cache.invalidate();
  const started = performance.now();
  await app.inject({ method: 'GET', url, headers: { 'accept-encoding': ACCEPT_ENCODING } });
  await cache.whenSettled();
  return performance.now() - started;
}

export interface ChangeFigures {
  engine: Engine;
  trainers: number;
  change: string;
  /** From the write to the last rebuild it started (the old copies are sent meanwhile). */
  settledMs: number;
  /** Kept answers rebuilt, and kept in all. */
  rebuilt: number;
  kept: number;
}

/**
 * What one change costs with every answer of the bench kept: a write through the database (its trigger announces
 * it, as any instance or script would), then the time until the cache has rebuilt every answer it touched. Issue
 * 24 asks for 2 s. Checks that the change shows in the classes list.
 */
async function afterChange(
  app: FastifyInstance,
  write: () => Promise<unknown>,
  shows: () => Promise<boolean>,
): Promise<Omit<ChangeFigures, 'engine' | 'trainers' | 'change'>> {
  const cache = app.publicDirectoryCache;
  await cache.whenSettled();
  const kept = cache.size;
  const changes = cache.changes;
  const builds = cache.builds;
  const started = performance.now();
  await write();
  // PostgreSQL's notice comes back on the listening connection; PGlite's before the write's answer.
  while (cache.changes === changes) await new Promise((resolve) => setImmediate(resolve));
  await cache.whenSettled();
  const settledMs = performance.now() - started;
  const rebuilt = cache.builds - builds;
  if (!(await shows())) throw new Error('the change does not show in the rebuilt answers');
  return { settledMs, rebuilt, kept };
}

/** A registration for the first class listed, then its trainer's certification lapsing. */
async function benchChanges(
  app: FastifyInstance,
  engine: Engine,
  trainers: number,
): Promise<ChangeFigures[]> {
  const firstListed = async () =>
    (await app.inject({ method: 'GET', url: '/api/classes' })).json()[0] as {
      id: number;
      trainerId: number;
      spotsLeft: number;
    };
  const first = await firstListed();
  const figures: ChangeFigures[] = [];
  const registration = await afterChange(
    app,
    () =>
      app.db
        .insertInto('classRegistrations')
        .values({
          classId: first.id,
          name: 'Bench Visitor',
          email: `bench-${Date.now()}@example.com`,
          status: 'registered',
          cancelTokenHash: `bench-${Date.now()}-${Math.random()}`,
        })
        .execute(),
    async () => (await firstListed()).spotsLeft === first.spotsLeft - 1,
  );
  figures.push({ engine, trainers, change: 'a class registered for', ...registration });
  const lapse = await afterChange(
    app,
    () =>
      app.db
        .updateTable('certificationRecords')
        .set({ status: 'lapsed' })
        .where('trainerId', '=', first.trainerId)
        .execute(),
    async () => (await firstListed()).trainerId !== first.trainerId,
  );
  figures.push({ engine, trainers, change: "the first class's trainer lapses", ...lapse });
  const everything = await afterChange(
    app,
    async () => app.publicDirectoryCache.invalidate(),
    async () => true,
  );
  figures.push({ engine, trainers, change: 'every answer (notices missed)', ...everything });
  for (const f of figures) {
    console.log(
      `  after ${f.change}: settled in ${fixed(f.settledMs)} ms, ${f.rebuilt} of ${f.kept} kept answers rebuilt`,
    );
  }
  return figures;
}

/** Waits until the app has worked through what a load left queued. */
async function settle(address: string) {
  await fetch(`${address}/api/health`);
}

export interface MemoryFigure {
  engine: Engine;
  trainers: number;
  /** RSS right after the loads, and REST_MS later. */
  rssMb: number;
  restMb: number;
}

/** Two of the server's quiet checks and a second more: the time it takes to collect a busy spell's garbage. */
export const REST_MS = 2 * QUIET_CHECK_MS + 1000;

export interface PageFigures {
  engine: Engine;
  trainers: number;
  page: string;
  url: string;
  bytes: number;
  /** The answer's first build (nothing cached), and a rebuild after a change (sent stale meanwhile). */
  coldMs: number;
  rebuildMs: number;
  /** Medians over the rounds. */
  app: LoadResult;
  plain: LoadResult;
  /** app/plain of each round, and their median. */
  ratios: number[];
  ratio: number;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const medianResult = (results: LoadResult[]): LoadResult => ({
  rps: median(results.map((r) => r.rps)),
  p50: median(results.map((r) => r.p50)),
  p99: median(results.map((r) => r.p99)),
  errors: results.reduce((sum, r) => sum + r.errors, 0),
});

/**
 * The answers measured: the API's public answers and the server-rendered pages, as a visitor gets them; each
 * with the short name `--answers` picks it by.
 */
async function benchPages(app: FastifyInstance, only: readonly string[] | undefined) {
  const hq = await app.db
    .selectFrom('trainers')
    .select('id')
    .where('isHeadquarters', '=', true)
    .executeTakeFirstOrThrow();
  const firstClass = await app.db.selectFrom('classes').select('id').orderBy('id').executeTakeFirstOrThrow();
  const pages: Array<[name: string, page: string, url: string]> = [
    // The spec's 'returns the list': a bounded first page and a Link to the next (issue 24).
    ['list', 'public list, no query', '/api/public-trainers'],
    ['first-page', 'public list, first page', '/api/public-trainers?limit=12'],
    ['markers', 'map markers', '/api/public-trainers/markers'],
    ['states', 'state counts', '/api/public-trainers/states'],
    ['profile', 'public profile', `/api/public-trainers/${hq.id}`],
    ['classes', 'classes list', '/api/classes'],
    ['ics', '.ics feed (a trainer)', `/api/calendar/trainers/${hq.id}.ics`],
    // The server-rendered pages (no session cookie).
    ['find-trainer-page', '/find-trainer (HTML)', '/find-trainer'],
    ['classes-page', '/classes (HTML)', '/classes'],
    ['calendar-page', '/public-calendar (HTML)', '/public-calendar'],
    ['trainer-page', '/trainer/:id (HTML)', `/trainer/${hq.id}`],
    ['class-page', '/public/class/:id (HTML)', `/public/class/${firstClass.id}`],
  ];
  const unknown = only?.filter((name) => !pages.some(([known]) => known === name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(`--answers: no answer named ${unknown.join(', ')} (${pages.map(([n]) => n).join(', ')})`);
  }
  return pages
    .filter(([name]) => !only || only.includes(name))
    .map(([, page, url]): [string, string] => [page, url]);
}

/** Each answer's first build (nothing cached), then its rebuild once everything kept is out of date. */
async function benchBuilds(app: FastifyInstance, pages: Array<[string, string]>) {
  const builds = new Map<string, { coldMs: number; rebuildMs: number; bytes: number }>();
  for (const [, url] of pages) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': ACCEPT_ENCODING } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    const coldMs = performance.now() - started;
    builds.set(url, { coldMs, rebuildMs: await rebuildCost(app, url), bytes: res.rawPayload.length });
  }
  return builds;
}

type Builds = Awaited<ReturnType<typeof benchBuilds>>;

/**
 * The loads: the built server in its own process (as production runs it) and plain http sending its bytes take
 * turns; then the server's memory after them.
 */
async function benchLoads(
  database: BenchDatabase,
  pages: Array<[string, string]>,
  builds: Builds,
  options: LoadOptions,
  about: { engine: Engine; trainers: number },
): Promise<{ figures: PageFigures[]; rssMb: number; restMb: number }> {
  const port = Number(process.env.BENCH_PORT) || 3800 + Math.floor(Math.random() * 90);
  const server = await startBuiltServer(database.serverEnv, port);
  try {
    const recorded = new Map<string, Recorded>();
    for (const [, url] of pages) recorded.set(url, await record(server.address, url));
    const plain = await plainServer(recorded);
    const figures: PageFigures[] = [];
    try {
      for (const [page, url] of pages) {
        const appUrl = `${server.address}${url}`;
        const plainUrl = `http://127.0.0.1:${plain.port}${url}`;
        await load(appUrl, options.connections, 1);
        await settle(server.address);
        await load(plainUrl, options.connections, 1);
        const app: LoadResult[] = [];
        const reference: LoadResult[] = [];
        // In turns, the app first in one round and plain http first in the next.
        for (let round = 0; round < options.rounds; round++) {
          const appFirst = round % 2 === 0;
          if (!appFirst) reference.push(await load(plainUrl, options.connections, options.seconds));
          app.push(await load(appUrl, options.connections, options.seconds));
          await settle(server.address);
          if (appFirst) reference.push(await load(plainUrl, options.connections, options.seconds));
        }
        const ratios = app.map((a, i) => a.rps / (reference[i] as LoadResult).rps);
        const row: PageFigures = {
          ...about,
          page,
          url,
          bytes: recorded.get(url)?.body.length ?? 0,
          coldMs: builds.get(url)?.coldMs ?? Number.NaN,
          rebuildMs: builds.get(url)?.rebuildMs ?? Number.NaN,
          app: medianResult(app),
          plain: medianResult(reference),
          ratios,
          ratio: median(ratios),
        };
        figures.push(row);
        console.log(formatRow(row));
      }
    } finally {
      await plain.close();
    }
    // What the server holds once the loads are done: its code, the database engine (PGlite's is in the
    // process) and the kept answers; then at rest, once it has collected the loads' garbage (quiet-collection.ts)
    // and its allocator has handed back what was freed.
    const rss = rssMb(server.pid);
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const rest = rssMb(server.pid);
    console.log(
      `  the server's memory (RSS): ${rss.toFixed(0)} MB after the loads, ${rest.toFixed(0)} MB ${REST_MS / 1000} s later`,
    );
    return { figures, rssMb: rss, restMb: rest };
  } finally {
    await server.stop();
  }
}

export async function benchPublicPages(
  engine: Engine,
  trainers: number,
  options: LoadOptions,
  /** The answers to measure, by short name (benchPages); all when absent. */
  answers?: readonly string[],
): Promise<{ figures: PageFigures[]; memory: MemoryFigure | null; changes: ChangeFigures[] }> {
  console.log(
    `\n${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${trainers.toLocaleString('en-US')} trainers`,
  );
  ensureWrk();
  await ensureBuilt();
  const about = { engine, trainers };
  const { app, database } = await benchApp(engine, trainers);
  let open: FastifyInstance | null = app;
  try {
    const pages = await benchPages(app, answers);
    const builds = await benchBuilds(app, pages);
    let figures: PageFigures[];
    let memory: MemoryFigure | null = null;
    if (options.rounds === 0) {
      // --rounds 0: the builds and the changes only.
      figures = pages.map(([page, url]) => {
        const build = builds.get(url) ?? { coldMs: Number.NaN, rebuildMs: Number.NaN, bytes: 0 };
        console.log(
          `  ${page.padEnd(24)} ${(build.bytes / 1024).toFixed(1).padStart(7)} KB br  build ${fixed(build.coldMs)} ms, rebuild ${fixed(build.rebuildMs)} ms`,
        );
        const none = { rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, errors: 0 };
        return { ...about, page, url, ...build, app: none, plain: none, ratios: [], ratio: Number.NaN };
      });
    } else {
      // The built server opens the database itself (PGlite's files take one process at a time).
      await app.close();
      open = null;
      const loads = await benchLoads(database, pages, builds, options, about);
      figures = loads.figures;
      memory = { ...about, rssMb: loads.rssMb, restMb: loads.restMb };
      open = await openBenchApp(database);
      for (const [, url] of pages) await open.inject({ method: 'GET', url });
    }
    // Last: the lapse takes a trainer out of the answers loaded above.
    const changes = await benchChanges(open ?? app, engine, trainers);
    return { figures, memory, changes };
  } finally {
    await open?.close();
    database.drop();
  }
}

const fixed = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function formatRow(f: PageFigures): string {
  const errors =
    f.app.errors || f.plain.errors ? `  (errors: app ${f.app.errors}, plain ${f.plain.errors})` : '';
  return [
    `  ${f.page.padEnd(24)}`,
    `${(f.bytes / 1024).toFixed(1).padStart(7)} KB br`,
    `app ${fixed(f.app.rps).padStart(6)} req/s p50 ${fixed(f.app.p50, 1).padStart(5)} ms p99 ${fixed(f.app.p99, 1).padStart(6)} ms`,
    `plain ${fixed(f.plain.rps).padStart(6)} req/s p50 ${fixed(f.plain.p50, 1).padStart(5)} ms p99 ${fixed(f.plain.p99, 1).padStart(6)} ms`,
    `ratio ${f.ratio.toFixed(2)} (rounds ${f.ratios.map((r) => r.toFixed(2)).join(', ')})`,
    `build ${fixed(f.coldMs)} ms, rebuild ${fixed(f.rebuildMs)} ms${errors}`,
  ].join('  ');
}
