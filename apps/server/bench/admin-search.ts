// The admin trainer list and its search over many trainers, through the real app (inject, one request at a
// time): p50 and p95 per search. Run through `npm run bench` (see bench/index.ts).
import { signIn } from '../test/helper';
import { benchApp, type Engine, percentile } from './shared';

export interface SearchFigures {
  engine: Engine;
  trainers: number;
  search: string;
  url: string;
  p50: number;
  p95: number;
  matches: number;
}

const SEARCHES: Array<[string, string]> = [
  ['first page, no search', '/api/trainers?limit=50'],
  ['a name (garcia)', '/api/trainers?q=garcia&limit=50'],
  ['a city (tulsa)', '/api/trainers?q=tulsa&limit=50'],
  ['nonsense (zzqx)', '/api/trainers?q=zzqx&limit=50'],
  ['dashboard stats', '/api/dashboard/stats'],
];

export async function benchAdminSearch(
  engine: Engine,
  trainers: number,
  runs: number,
): Promise<SearchFigures[]> {
  console.log(
    `\nAdmin search, ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${trainers.toLocaleString('en-US')} trainers`,
  );
  const { app, close } = await benchApp(engine, trainers);
  try {
    const cookie = await signIn(app, 'admin@soulpunch.example');
    const figures: SearchFigures[] = [];
    for (const [search, url] of SEARCHES) {
      const times: number[] = [];
      let matches = 0;
      for (let i = 0; i < runs + 5; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (i >= 5) times.push(performance.now() - started); // the first few warm up
        matches = Number(res.headers['x-total-count'] ?? 0);
      }
      times.sort((a, b) => a - b);
      const row = {
        engine,
        trainers,
        search,
        url,
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        matches,
      };
      figures.push(row);
      console.log(
        `  ${search.padEnd(24)} p50 ${row.p50.toFixed(1).padStart(6)} ms  p95 ${row.p95.toFixed(1).padStart(6)} ms  (${matches.toLocaleString('en-US')} matches, ${runs} runs)`,
      );
    }
    return figures;
  } finally {
    await close();
  }
}
