// The public directory's queries (the answers the cache keeps: the list's first pages, the map's markers, the state
// counts), EXPLAINed (ANALYZE) on a database of many generated trainers, with each answer's median time through
// its service function. Not part of `npm run bench`; run alone when a directory answer is slow. The database is
// kept between runs (seeded when empty), so that a change can be measured without seeding again:
//   npx tsx apps/server/bench/directory-explain.ts [--engine pglite|postgres] [--trainers 100000] [--plans]
//     [--runs 5] [--data-dir /tmp/sp-directory-explain] (PGlite) [--database sp_bench_directory] (PostgreSQL)
import { parseArgs } from 'node:util';
import { publicTrainerQuerySchema } from '@soulpunch/shared';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { type Db, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { insertDemoData } from '../src/demo/demo-data';
import { countListedByState } from '../src/modules/directory/repository';
import { listPublicTrainers, listTrainerMarkers } from '../src/modules/directory/service';
import { POSTGRES_URL, queriesOf } from './shared';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    trainers: { type: 'string', default: '100000' },
    plans: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'data-dir': { type: 'string', default: '/tmp/sp-directory-explain' },
    database: { type: 'string', default: 'sp_bench_directory' },
  },
});

async function postgresUrl(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!found.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const engine = values.engine;
const trainers = Number(values.trainers);
const { db, close } = await openDatabase(
  engine === 'postgres'
    ? { kind: 'postgres', url: await postgresUrl(values.database) }
    : { kind: 'pglite', dataDir: values['data-dir'] },
);
try {
  await migrateToLatest(db);
  const { n } = await db
    .selectFrom('trainers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) === 0) {
    const started = Date.now();
    await insertDemoData(db, trainers);
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
    console.log(`seeded ${trainers} trainers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else console.log(`${n} trainers already there`);
  const now = new Date();
  const query = (q: Record<string, string>) => publicTrainerQuerySchema.parse(q);
  const CASES: Array<[string, (db: Db) => Promise<unknown>]> = [
    ['public list, no query (100)', (d) => listPublicTrainers(d, { ...query({}), limit: 100 }, now)],
    ['public list, limit=12', (d) => listPublicTrainers(d, query({ limit: '12' }), now)],
    ['map markers', (d) => listTrainerMarkers(d, {})],
    ["listed by state (the state counts and the list's count)", (d) => countListedByState(d)],
  ];
  const runs = Number(values.runs);
  for (const [name, work] of CASES) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await work(db);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
    console.log(
      `\n${engine} | ${name} | median ${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
    );
    for (const node of await queriesOf(db, work)) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: name } as never);
      const explain = CompiledQuery.raw(
        `explain (analyze${values.plans ? '' : ', timing off'}) ${compiled.sql}`,
        [...compiled.parameters],
      );
      const plan = (await db.executeQuery<Record<string, string>>(explain)).rows.map(
        (r) => Object.values(r)[0],
      );
      const time = plan.find((line) => line?.startsWith('Execution Time')) ?? '?';
      console.log(`  query: ${time} | ${plan[0]}`);
      if (values.plans) console.log(plan.map((line) => `    ${line}`).join('\n'));
    }
  }
} finally {
  await close();
}
