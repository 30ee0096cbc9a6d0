import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addYears, type Role } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { DatabaseTarget } from '../src/db/database';
import type { AppDeps } from '../src/deps';
import type { Clock } from '../src/lib/clock';
import { createDiskStorage, type FileStorage } from '../src/lib/file-storage';
import { newCertificateNumber } from '../src/modules/certification/service';
import { MAX_STALE_MS } from '../src/modules/directory/public-cache';
import { ensureUser, grantRole } from '../src/modules/users/repository';

export const TEST_APP_URL = 'http://localhost:3000';

/**
 * A change shows in the public answers within 2 s, on every instance (decision record 0012): `expect.poll` over a
 * public answer for that long, no longer, until the change shows.
 */
export const FRESH_WITHIN = { timeout: MAX_STALE_MS, interval: 10 };

/** The migrated PGlite data directory made once per run (test/global-setup.ts), read once per test file. */
let snapshot: Blob | undefined;
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (file && !snapshot) snapshot = new Blob([readFileSync(file)]);
  return snapshot;
}

/**
 * A new folder for a server or command run as a process (DATA_DIR), holding the migrated embedded database: the
 * process finds its migrations done, as on any start after the first. The start from an empty folder has its own
 * tests (migrate.test.ts; the browser tests' servers). `tar` is Debian's: the snapshot is an uncompressed tarball.
 */
export function seededDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const pgdata = path.join(dir, 'pglite');
  mkdirSync(pgdata);
  const untar = spawnSync('tar', ['-xf', inject('pgliteSnapshot'), '-C', pgdata], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`could not unpack the migrated database: ${untar.stderr}`);
  return dir;
}

/**
 * A fresh database per app: in-memory PGlite by default, or a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (CI runs both). Both start from the migrated copy made once per run (test/global-setup.ts), so
 * the app's own migration finds nothing to do; without one (a run that skipped the global setup) the app migrates
 * the empty database itself. PostgreSQL's copies are dropped together when the run ends (global-setup.ts): each
 * DROP DATABASE forces a checkpoint of every database's writes, 1-3 s a test file while other files write.
 */
export async function freshDatabase(): Promise<DatabaseTarget> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { kind: 'memory', snapshot: pgliteSnapshot() };
  const name = `${inject('testDatabasePrefix') || `sp_test_${process.pid}_`}${Math.random().toString(36).slice(2, 10)}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // A test database need not survive a crash: a commit does not wait for its write to reach the disk (one sync
  // each, many per test); the rest of PostgreSQL behaves as in production.
  dbUrl.searchParams.set('options', '-c synchronous_commit=off');
  return { kind: 'postgres', url: dbUrl.toString() };
}

export function testConfig(overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-test-'));
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'off', ...env },
    {
      dataDir,
      appUrl: TEST_APP_URL,
      sessionSecret: 'test-secret-that-is-long-enough-0123456789',
      ...overrides,
    },
  );
}

export interface TestApp {
  app: FastifyInstance;
  close: () => Promise<void>;
}

/** Builds the real app on a fresh database. `beforeReady` may add routes (e.g. one that throws). */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  beforeReady?: (app: FastifyInstance) => void,
  options: { clock?: Clock; storage?: FileStorage; logger?: BuildOptions['logger'] } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const target = await freshDatabase();
  const app = await buildApp(config, {
    database: target,
    logger: options.logger ?? false,
    clock: options.clock,
    storage: options.storage,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A user with the given roles; with 'trainer' also a trainer record linked to the account, certified (an issued
 * certification record, as a trainer in good standing has) unless `certified: false` leaves them in training.
 */
export async function createUser(
  app: FastifyInstance,
  email: string,
  roles: Role[],
  name = email.split('@')[0] ?? email,
  { certified = true } = {},
): Promise<{ userId: number; trainerId: number | null }> {
  const user = await ensureUser(app.db, email, name);
  for (const role of roles) await grantRole(app.db, user.id, role);
  let trainerId: number | null = null;
  if (roles.includes('trainer')) {
    const trainer = await app.db
      .insertInto('trainers')
      .values({ userId: user.id, name, email: user.email, city: 'Tulsa', state: 'OK' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('trainerProfiles').values({ trainerId: trainer.id }).execute();
    if (certified) await certifyForTest(app, trainer.id);
    trainerId = trainer.id;
  }
  return { userId: user.id, trainerId };
}

/** An issued certificate valid two more years, as the migration gives trainers certified before the record. */
export async function certifyForTest(app: FastifyInstance, trainerId: number, expiresOn?: string) {
  const today = new Date().toISOString().slice(0, 10);
  await app.db
    .insertInto('certificationRecords')
    .values({
      trainerId,
      certificateNumber: newCertificateNumber(),
      status: 'certified',
      issuedOn: today,
      expiresOn: expiresOn ?? addYears(today, 2),
    })
    .onConflict((oc) => oc.column('trainerId').doNothing())
    .execute();
}

/** The services' dependencies as the app builds them, for tests that call a service or a scheduled job directly. */
export function appDeps(app: FastifyInstance, clock: Clock): AppDeps {
  return {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    storage: createDiskStorage(path.join(app.config.dataDir, 'uploads')),
    clock,
  };
}

let ipCounter = 0;
/** Each sign-in comes from its own address so tests do not trip the per-IP limit meant for real clients. */
export const nextTestIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function latestMailTo(app: FastifyInstance, email: string) {
  return app.db
    .selectFrom('outboxMessages')
    .selectAll()
    .where('toAddress', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function tokenFromMail(text: string): string {
  const match = text.match(/\/auth\/confirm\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no sign-in link in: ${text}`);
  return match[1];
}

export async function requestLinkToken(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    payload: { email },
    remoteAddress: nextTestIp(),
  });
  if (res.statusCode !== 202) throw new Error(`magic link request failed: ${res.statusCode} ${res.body}`);
  const mail = await latestMailTo(app, email);
  return tokenFromMail(mail?.textBody ?? '');
}

/** Signs in through the real magic-link flow and returns the Cookie header to send. */
export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const token = await requestLinkToken(app, email);
  const res = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sp_session');
  if (!cookie) throw new Error('no session cookie');
  return `sp_session=${cookie.value}`;
}

/** A request from our own pages with this cookie: browsers send Origin on every write, and the server insists. */
export const withCookie = (cookie: string, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { origin: TEST_APP_URL, ...(options.headers ?? {}), cookie },
});

/**
 * What `truncate <tables> restart identity cascade` does: empties these tables and every table that refers to
 * them, and restarts their id sequences. By deleting instead: on PostgreSQL a truncate makes new files for each of
 * the ~45 tables and their indexes and syncs them (0.7-1.8 s a test on CI's 2 cores), a delete of a test's few
 * rows takes milliseconds. Foreign keys are not checked meanwhile (the replication role; the test databases' user
 * is a superuser), as every table that could point at a deleted row is emptied too.
 */
export async function emptyTables(db: FastifyInstance['db'], tables: string[]): Promise<void> {
  const names = sql.join(tables.map((table) => sql.lit(table)));
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ kind: 'table' | 'sequence'; name: string }>`
      with recursive emptied(rel) as (
        select c.oid from pg_class c
        where c.relname in (${names}) and c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
        union
        select f.conrelid from pg_constraint f join emptied on f.confrelid = emptied.rel where f.contype = 'f'
      )
      select 'table' as kind, rel::regclass::text as name from emptied
      union all
      select 'sequence', s.oid::regclass::text from pg_class s
        join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
        join emptied on d.refobjid = emptied.rel and d.refclassid = 'pg_class'::regclass
      where s.relkind = 'S' and d.deptype in ('a', 'i')`.execute(trx);
    await sql`set local session_replication_role = replica`.execute(trx);
    for (const { kind, name } of rows) {
      if (kind === 'table') await sql`delete from ${sql.raw(name)}`.execute(trx);
      else await sql`select setval(${name}::regclass, 1, false)`.execute(trx);
    }
  });
}

/** Empties every table (keeping the schema), so one app can serve many tests of a file. */
export async function resetDatabase(app: FastifyInstance): Promise<void> {
  // The public answers are rebuilt in the background after the last test's changes (decision 0012): the next
  // test starts from an empty database, not from a rebuild still reading the last one's.
  await app.publicDirectoryCache.whenSettled();
  await emptyTables(app.db, [
    'users',
    'user_roles',
    'sessions',
    'magic_links',
    'rate_limit_hits',
    'outbox_messages',
    'trainers',
    'trainer_profiles',
    'trainer_onboarding_steps',
    'trainer_changes',
    'trainer_resource_visits',
    'classes',
    'class_registrations',
  ]);
  // A new database for the next test, not a change its readers should see within 2 s: no copy of the old one stays.
  app.publicDirectoryCache.clear();
}

/**
 * The usual cast of the API tests, on an emptied database: trainers Maria and Devon and the admin Bea, each
 * signed in through the real magic-link flow.
 */
export async function seedCast(app: FastifyInstance) {
  await resetDatabase(app);
  const mariaId = (await createUser(app, 'maria@example.com', ['trainer'], 'Maria Garcia'))
    .trainerId as number;
  const devonId = (await createUser(app, 'devon@example.com', ['trainer'], 'Devon Price'))
    .trainerId as number;
  await createUser(app, 'boss@example.com', ['admin'], 'Bea Boss');
  return {
    mariaId,
    devonId,
    maria: await signIn(app, 'maria@example.com'),
    devon: await signIn(app, 'devon@example.com'),
    admin: await signIn(app, 'boss@example.com'),
  };
}

/**
 * Whether the trainer is in the public directory's list, once they opted in: for tests that write to the database
 * directly, so the change is announced here and its rebuild awaited (decision record 0012).
 */
export async function inPublicDirectory(app: FastifyInstance, trainerId: number): Promise<boolean> {
  await app.db
    .updateTable('trainerProfiles')
    .set({ publiclyListed: true })
    .where('trainerId', '=', trainerId)
    .execute();
  app.publicDirectoryCache.invalidate();
  await app.publicDirectoryCache.whenSettled();
  const body = (await app.inject({ method: 'GET', url: '/api/public-trainers' })).json() as Array<{
    id: number;
  }>;
  return body.some((x) => x.id === trainerId);
}
