// Helpers of the benchmarks (not tests): build the real app on a fresh database seeded with generated trainers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, type RootOperationNode, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseTarget, Db } from '../src/db/database';
import { insertDemoData } from '../src/demo/demo-data';

export type Engine = 'pglite' | 'postgres';

/** The PostgreSQL server to bench on: BENCH_DATABASE_URL, else the local one the tests use. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The bench's databases are named `<prefix>_<trainers>`: two benches on one server need their own prefixes. */
const DATABASE_PREFIX = process.env.BENCH_DATABASE_PREFIX ?? 'sp_bench';

async function freshPostgres(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const webDist = path.resolve(import.meta.dirname, '../../web/dist');

/** The web build the server-rendered pages need (its page renderer in dist-ssr); built once when missing. */
function ensureWebBuild() {
  if (existsSync(path.join(webDist, '..', 'dist-ssr', 'entry-server.js'))) return;
  console.log('  building the web app (npm run build -w @soulpunch/web) for the HTML pages');
  execFileSync('npm', ['run', 'build', '-w', '@soulpunch/web'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
}

/** A database the bench seeded, which its app can be closed on and opened again, or the built server run on. */
export interface BenchDatabase {
  target: DatabaseTarget;
  /** PGlite's files (and the server's other files on either engine). */
  dataDir: string;
  /** The built server's environment for this database (bench/built-server.ts). */
  serverEnv: Record<string, string>;
  drop: () => void;
}

export interface BenchApp {
  app: FastifyInstance;
  database: BenchDatabase;
  /** Closes the app and drops its database. */
  close: () => Promise<void>;
}

/** The app as `npm start` builds it (request logs off, as they would swamp the figures), on `database`. */
export async function openBenchApp(database: BenchDatabase): Promise<FastifyInstance> {
  ensureWebBuild();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'off', WEB_DIST_DIR: webDist },
    {
      sessionSecret: 'bench-secret-that-is-long-enough-000000',
      dataDir: database.dataDir,
      appUrl: 'http://localhost:3000',
    },
  );
  const app = await buildApp(config, { database: database.target, logger: false, scheduler: false });
  await app.ready();
  return app;
}

/**
 * The app on an empty database of the engine, with `trainers` generated trainers. PGlite keeps its files in a
 * temporary directory, as in use.
 */
export async function benchApp(engine: Engine, trainers: number): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-bench-'));
  const url = engine === 'postgres' ? await freshPostgres(`${DATABASE_PREFIX}_${trainers}`) : '';
  const database: BenchDatabase = {
    target: url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir },
    dataDir,
    serverEnv: url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir },
    drop: () => rmSync(dataDir, { recursive: true, force: true }),
  };
  const app = await openBenchApp(database);
  const started = Date.now();
  await insertDemoData(app.db, trainers);
  // Fresh statistics after the bulk load, as after any large import; vacuumed too, so that PostgreSQL's
  // autovacuum does not start on the new rows in the middle of a measurement (it took a core from the app),
  // and written out, so that the checkpointer does not either.
  await sql`vacuum analyze`.execute(app.db);
  await sql`checkpoint`.execute(app.db);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`  seeded ${trainers.toLocaleString('en-US')} trainers in ${seconds} s`);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      database.drop();
    },
  };
}

export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Runs `work` on a database handle that records the queries it builds instead of only running them. */
export async function queriesOf(db: Db, work: (db: Db) => Promise<unknown>): Promise<RootOperationNode[]> {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await work(db.withPlugin(recorder));
  return nodes;
}
