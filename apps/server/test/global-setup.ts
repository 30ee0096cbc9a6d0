// Once per `vitest run` of the server project: a migrated database every test app starts from, instead of each
// app booting an empty PGlite (initdb: 3-5 s on a busy 2-core machine) or migrating a new PostgreSQL database.
// PGlite: a dump of the migrated data directory, loaded by each in-memory PGlite (loadDataDir: under a second).
// PostgreSQL (TEST_DATABASE_URL): a migrated template database that each test database is created from.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PGliteDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { Database } from '../src/db/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tar file). */
    pgliteSnapshot: string;
    /** The migrated template database on TEST_DATABASE_URL's server, or '' without one. */
    postgresTemplate: string;
    /** How this run's test databases are named on that server (dropped together when the run ends). */
    testDatabasePrefix: string;
  }
}

async function pgliteSnapshot(file: string): Promise<void> {
  // The same extensions as openDatabase (apps/server/src/db/database.ts): a snapshot lacking one would not load it.
  const pglite = new PGlite({ extensions: { pg_trgm } });
  const db = new Kysely<Database>({
    dialect: new PGliteDialect({ pglite }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    await migrateToLatest(db);
    // Uncompressed: loading it is what every test app pays, and gunzip would be most of that.
    const dump = await pglite.dumpDataDir('none');
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
    if (!pglite.closed) await pglite.close();
  }
}

async function postgresTemplate(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  // Closed again before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const { db, close } = await openDatabase({ kind: 'postgres', url: templateUrl.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    await close();
  }
}

/**
 * The template and every test database of this run (their names start with `prefix`). Side by side: each drop
 * waits for a checkpoint, and drops asked for together share one (one after another took about a minute).
 */
async function dropDatabases(url: string, template: string, prefix: string): Promise<void> {
  const list = new pg.Client({ connectionString: url });
  await list.connect();
  const { rows } = await list
    .query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [prefix])
    .finally(() => list.end());
  const names = [template, ...rows.map((r) => r.datname)];
  const dropNext = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      for (let name = names.pop(); name; name = names.pop()) {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    } finally {
      await admin.end();
    }
  };
  await Promise.all(Array.from({ length: 16 }, dropNext));
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-test-snapshot-'));
  const url = process.env.TEST_DATABASE_URL;
  const run = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = url ? `sp_tpl_${run}` : '';
  const prefix = url ? `sp_test_${run}_` : '';
  // The test apps run on one engine per run (apps/server/test/helper.ts freshDatabase). The PGlite copy is made on
  // both: the tests that start the server or the admin command as processes run them on a data directory
  // (seededDataDir), which would otherwise be created and migrated from empty at each start (4-10 s each).
  const snapshot = path.join(dir, 'pglite.tar');
  await Promise.all([pgliteSnapshot(snapshot), url ? postgresTemplate(url, template) : undefined]);
  project.provide('pgliteSnapshot', snapshot);
  project.provide('postgresTemplate', template);
  project.provide('testDatabasePrefix', prefix);
  if (process.env.TEST_TIMINGS) {
    console.log(`test databases ready in ${Math.round(performance.now() - started)} ms`);
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && template) await dropDatabases(url, template, prefix);
  };
}
