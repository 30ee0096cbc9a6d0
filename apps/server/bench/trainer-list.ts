// Benchmark: the admin trainer list with 5,000 generated trainers, through the real app (inject).
// Run: npm run bench -w @soulpunch/server [-- --trainers 5000] (set BENCH_DATABASE_URL to use PostgreSQL;
// the database named there is emptied first).
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { insertDemoData } from '../src/demo/demo-data';
import { signIn } from '../test/helper';

const { values } = parseArgs({
  options: { trainers: { type: 'string', default: '5000' }, runs: { type: 'string', default: '50' } },
});
const count = Number(values.trainers);
const runs = Number(values.runs);
const url = process.env.BENCH_DATABASE_URL;

const config = loadConfig(
  { NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'off' },
  {
    sessionSecret: 'bench-secret-that-is-long-enough-000000',
    dataDir: '/tmp/sp-bench',
    appUrl: 'http://localhost:3000',
  },
);
const app = await buildApp(config, {
  database: url ? { kind: 'postgres', url } : { kind: 'memory' },
  logger: false,
});
await app.ready();
if (url) await sql`truncate users, trainers restart identity cascade`.execute(app.db);
const seeded = Date.now();
await insertDemoData(app.db, count);
console.log(
  `${url ? 'PostgreSQL' : 'PGlite (in memory)'}: seeded ${count} trainers in ${Date.now() - seeded} ms`,
);
const cookie = await signIn(app, 'admin@soulpunch.example');

async function measure(label: string, path: string) {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    if (i >= 5) times.push(performance.now() - started); // the first few warm up
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  console.log(`${label.padEnd(44)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  (${runs} runs)`);
}

await measure('first page, no search', '/api/trainers?limit=50');
await measure('search q=tulsa (city)', '/api/trainers?q=tulsa&limit=50');
await measure('search q=garcia (name)', '/api/trainers?q=garcia&limit=50');
await measure('search q=zzz (no match)', '/api/trainers?q=zzz&limit=50');
await measure('band filter (scores over all trainers)', '/api/trainers?band=High&limit=50');
await measure('dashboard stats', '/api/dashboard/stats');
await app.close();
