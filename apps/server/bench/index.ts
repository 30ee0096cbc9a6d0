// `npm run bench` (not part of CI): the public pages under load at 10,000 and 100,000 trainers, the admin search at
// 100,000, and the server's cold start, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, else the local
// server at 127.0.0.1:5432; the bench makes and drops its own databases there). Writes bench/last-results.md.
//   npm run bench -- [--only public,admin,start] [--engines pglite,postgres] [--trainers 10000,100000]
//                    [--admin-trainers 100000] [--seconds 2] [--rounds 5] [--connections 50] [--runs 50]
//                    [--answers states,profile] (the public answers to load, by the names in public-pages.ts)
//   (--rounds 0: no loads, only the builds and what one change costs; BENCH_DATABASE_PREFIX names its databases)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAdminSearch, type SearchFigures } from './admin-search';
import { SERVER_NODE_FLAGS, serverRuntime } from './built-server';
import { benchColdStart, type StartFigures } from './cold-start';
import {
  benchPublicPages,
  type ChangeFigures,
  type MemoryFigure,
  type PageFigures,
  REST_MS,
} from './public-pages';
import type { Engine } from './shared';

// React as production runs it: the page renderer loads React's development build otherwise, which renders the
// pages 3-5 times slower. The app's own settings come from loadConfig, which the bench gives NODE_ENV=test.
process.env.NODE_ENV = 'production';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'public,admin,start' },
    engines: { type: 'string', default: 'pglite,postgres' },
    trainers: { type: 'string', default: '10000,100000' },
    'admin-trainers': { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '50' },
    answers: { type: 'string' },
  },
});
const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const only = new Set(list(values.only));
const engines = list(values.engines) as Engine[];
const sizes = list(values.trainers).map(Number);
const load = {
  connections: Number(values.connections),
  seconds: Number(values.seconds),
  rounds: Number(values.rounds),
};

const pages: PageFigures[] = [];
const memory: MemoryFigure[] = [];
const changes: ChangeFigures[] = [];
const searches: SearchFigures[] = [];
let start: StartFigures | null = null;

for (const engine of engines) {
  if (only.has('public'))
    for (const size of sizes) {
      const result = await benchPublicPages(
        engine,
        size,
        load,
        values.answers === undefined ? undefined : list(values.answers),
      );
      pages.push(...result.figures);
      if (result.memory) memory.push(result.memory);
      changes.push(...result.changes);
    }
  if (only.has('admin'))
    searches.push(...(await benchAdminSearch(engine, Number(values['admin-trainers']), Number(values.runs))));
}
if (only.has('start')) start = await benchColdStart(7);

const name = (e: Engine) => (e === 'postgres' ? 'PostgreSQL' : 'PGlite');
const n = (v: number, d = 0) =>
  v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const lines = [
  `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, the bench on Node ${process.version}, ` +
    `the built server on ${(await serverRuntime()).about}, ` +
    (load.rounds === 0
      ? 'no loads (--rounds 0): the builds, then what one change costs with every answer kept.'
      : `wrk ${load.connections} connections (br), app and plain http in turns: ${load.rounds} rounds of ` +
        `${load.seconds} s each per answer; medians over the rounds.`),
  '',
];
if (pages.length && load.rounds === 0) {
  lines.push(
    '| Engine | Trainers | Answer | Size (br) | Build / rebuild |',
    '| --- | ---: | --- | ---: | ---: |',
    ...pages.map(
      (f) =>
        `| ${name(f.engine)} | ${n(f.trainers)} | ${f.page} | ${n(f.bytes / 1024, 1)} KB | ${n(f.coldMs)} / ${n(f.rebuildMs)} ms |`,
    ),
    '',
  );
} else if (pages.length) {
  lines.push(
    '| Engine | Trainers | Answer | Size (br) | App req/s | App p50 / p99 | Plain http req/s | Plain p50 / p99 | Ratio (rounds) | Build / rebuild |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...pages.map(
      (f) =>
        `| ${name(f.engine)} | ${n(f.trainers)} | ${f.page} | ${n(f.bytes / 1024, 1)} KB | ${n(f.app.rps)} | ` +
        `${n(f.app.p50, 1)} / ${n(f.app.p99, 1)} ms | ${n(f.plain.rps)} | ${n(f.plain.p50, 1)} / ${n(f.plain.p99, 1)} ms | ${f.ratio.toFixed(2)} ` +
        `(${f.ratios.map((r) => r.toFixed(2)).join(', ')}) | ${n(f.coldMs)} / ${n(f.rebuildMs)} ms |`,
    ),
    '',
  );
}
if (changes.length) {
  lines.push(
    '| Engine | Trainers | After | Queue settled | Answers rebuilt (of kept) |',
    '| --- | ---: | --- | ---: | ---: |',
    ...changes.map(
      (c) =>
        `| ${name(c.engine)} | ${n(c.trainers)} | ${c.change} | ${n(c.settledMs)} ms | ${c.rebuilt} (of ${c.kept}) |`,
    ),
    '',
  );
}
if (memory.length) {
  lines.push(
    `The built server's memory (RSS of its process) after the loads, then at rest ${REST_MS / 1000} s later: ${memory
      .map((m) => `${name(m.engine)} ${n(m.trainers)}: ${n(m.rssMb)} then ${n(m.restMb)} MB`)
      .join('; ')} (${(await serverRuntime()).about}; node ${SERVER_NODE_FLAGS.join(' ')}).`,
    '',
  );
}
if (searches.length) {
  lines.push(
    '| Engine | Trainers | Admin list | p50 | p95 | Matches |',
    '| --- | ---: | --- | ---: | ---: | ---: |',
    ...searches.map(
      (f) =>
        `| ${name(f.engine)} | ${n(f.trainers)} | ${f.search} | ${n(f.p50, 1)} ms | ${n(f.p95, 1)} ms | ${n(f.matches)} |`,
    ),
    '',
  );
}
if (start) {
  lines.push(
    `Cold start (built server, existing embedded database, to the first 200 on /api/health): median ` +
      `${n(start.medianMs)} ms, best ${n(start.minMs)} ms over ${start.runs} starts, CPU time ${n(start.cpuMs)} ms; ` +
      `memory (RSS) ${n(start.rssMb)} MB; load average ${start.load.map((l) => n(l, 1)).join(' then ')} ` +
      `(${(await serverRuntime()).about}).`,
    '',
  );
}
const file = path.join(import.meta.dirname, 'last-results.md');
// A run of some parts only (--only start, or --answers) goes above the last results instead of replacing the rows it did not
// measure.
const partial = values.answers !== undefined || ['public', 'admin', 'start'].some((part) => !only.has(part));
const earlier = partial && existsSync(file) ? `\n---\n\n${readFileSync(file, 'utf8')}` : '';
writeFileSync(file, `${lines.join('\n')}${earlier}`);
console.log(`\nWritten to ${path.relative(process.cwd(), file)}`);
