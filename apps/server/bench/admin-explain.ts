// The queries behind the admin dashboard and the admin trainer list, EXPLAINed (ANALYZE) on a database with many
// generated trainers: each query as the repository builds it, its plan's first line and its execution time. Not
// part of `npm run bench`; run alone when an admin page is slow:
//   npx tsx apps/server/bench/admin-explain.ts [--engine pglite|postgres] [--trainers 100000] [--plans]
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import type { Db } from '../src/db/database';
import { listDocuments } from '../src/modules/documents/repository';
import {
  countTrainers,
  countTrainersByFacts,
  findTrainerIdsInStage,
  listTrainerRows,
  listTrainerRowsWithFacts,
} from '../src/modules/trainers/repository';
import { benchApp, type Engine, queriesOf } from './shared';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    trainers: { type: 'string', default: '100000' },
    plans: { type: 'boolean', default: false },
  },
});

const engine = values.engine as Engine;
const trainers = Number(values.trainers);
const { app, close } = await benchApp(engine, trainers);
try {
  const db = app.db;
  const middle = { limit: 50, offset: Math.floor(trainers / 2) };
  const CASES: Array<[string, (db: Db) => Promise<unknown>]> = [
    ['list: count, no filter', (d) => countTrainers(d, {})],
    ['list: first page', (d) => listTrainerRows(d, {}, { limit: 50, offset: 0 })],
    ['list: a page in the middle', (d) => listTrainerRows(d, {}, middle)],
    ['list: count, documents pending', (d) => countTrainers(d, { onboardingStatus: 'documents_pending' })],
    [
      'list: first page, payment failed',
      (d) => listTrainerRows(d, { paymentStatus: 'failed' }, { limit: 50, offset: 0 }),
    ],
    ['list: count, search "garcia"', (d) => countTrainers(d, { q: 'garcia' })],
    ['dashboard/band: trainers by facts', (d) => countTrainersByFacts(d, {})],
    [
      'dashboard: first ten awaiting documents',
      (d) => listTrainerRows(d, { onboardingStatus: 'documents_pending' }, { limit: 10, offset: 0 }),
    ],
    ['dashboard: documents', (d) => listDocuments(d)],
    ['dashboard: who of them awaits', (d) => findTrainerIdsInStage(d, [1, 2, 3, 4, 5], 'documents_pending')],
  ];
  // The band filter's page reads the keys of one band: those of the commonest group stand in for them.
  const groups = await countTrainersByFacts(db, {});
  const keys = groups
    .sort((a, b) => b.n - a.n)
    .slice(0, 50)
    .map((g) => g.factKey);
  CASES.push([
    'list: first page of a band',
    (d) => listTrainerRowsWithFacts(d, {}, keys, { limit: 50, offset: 0 }),
  ]);
  console.log(`${groups.length} groups of progress facts among ${trainers.toLocaleString('en-US')} trainers`);
  for (const [name, work] of CASES) {
    for (const node of await queriesOf(db, work)) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: name } as never);
      const explain = CompiledQuery.raw(`explain analyze ${compiled.sql}`, [...compiled.parameters]);
      const plan = (await db.executeQuery<Record<string, string>>(explain)).rows.map(
        (r) => Object.values(r)[0],
      );
      const time = plan.find((line) => line?.startsWith('Execution Time')) ?? '?';
      console.log(`\n${engine} | ${name} | ${time}\n  ${plan[0]}`);
      if (values.plans) console.log(plan.map((line) => `    ${line}`).join('\n'));
    }
  }
} finally {
  await close();
}
