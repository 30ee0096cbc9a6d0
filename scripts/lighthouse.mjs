// `npm run lighthouse [-- /path ...]`: Lighthouse (mobile, its default simulated throttling) on pages of the
// built server with demo data, in Debian's Chromium. Prints the four category scores and the paint figures per
// page, and fails when a page misses issue 12's targets (THRESHOLDS). Reports go to test-results/lighthouse/.
// Needs `npm run build`. Without paths: the six public pages the issue names. With `--signed-in`: the five
// pages behind a sign-in (scripts/lighthouse-signed-in.mjs) on a server loaded with 100,000 generated trainers,
// signed in through the development mailbox, against SIGNED_IN_THRESHOLDS. Each score is printed beside the
// machine's benchmarkIndex (Lighthouse's measure of the CPU: the same page scores lower on a slower one).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  SIGNED_IN_EMAIL,
  SIGNED_IN_PAGES,
  SIGNED_IN_TRAINERS,
  signInCookie,
} from './lighthouse-signed-in.mjs';
import { SIGNED_IN_THRESHOLDS, shortfalls, THRESHOLDS } from './lighthouse-thresholds.mjs';

const root = path.resolve(import.meta.dirname, '..');
// LIGHTHOUSE_PORT: several checkouts on one machine each run their own server.
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3295);
const DEFAULT_PAGES = [
  '/find-trainer',
  '/classes',
  '/public-calendar',
  '/trainer/1',
  '/public/class/{first class}',
  '/trainer-portal/login',
];

/**
 * `--runs=N`: each page N times, the best kept (a shared machine is noisy; the best run is the page, the others
 * the neighbours). `--cpu-slowdown=N`: Lighthouse's CPU multiplier instead of its 4, to play a slower phone on a
 * quick host (4 at benchmarkIndex 3,000 is about 8 at 1,500).
 */
export function parseArgs(args) {
  const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const paths = args.filter((a) => !a.startsWith('--'));
  const slowdown = option('cpu-slowdown');
  const signedIn = args.includes('--signed-in');
  return {
    pages: paths.length ? paths : signedIn ? SIGNED_IN_PAGES : DEFAULT_PAGES,
    runs: Math.max(1, Number(option('runs') ?? 1)),
    cpuSlowdown: slowdown === undefined ? undefined : Number(slowdown),
    signedIn,
  };
}

async function main() {
  const { pages, runs, cpuSlowdown, signedIn } = parseArgs(process.argv.slice(2));
  const thresholds = signedIn ? SIGNED_IN_THRESHOLDS : THRESHOLDS;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-lighthouse-'));
  const outDir = path.join(root, 'test-results/lighthouse');
  mkdirSync(outDir, { recursive: true });
  // The built server, as `npm start` runs it, on a fresh embedded database with the demo data.
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Outside production only: the demo's trainers and as many generated ones as the issue measures at.
      // LIGHTHOUSE_TRAINERS: fewer, to try a change to a page's code without waiting minutes for the load.
      DEMO_TRAINERS: signedIn ? (process.env.LIGHTHOUSE_TRAINERS ?? String(SIGNED_IN_TRAINERS)) : '',
    },
  });
  const base = `http://localhost:${port}`;
  let failed = false;
  try {
    // Loading 100,000 trainers takes a few minutes on a small machine.
    const started = Date.now();
    let up = false;
    for (let i = 0; i < (signedIn ? 1800 : 120) && !up; i++) {
      up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 500));
    }
    // Without this, a server still loading its trainers (a busy machine) showed as 'connection refused' later.
    if (!up)
      throw new Error(
        `the server did not answer /api/health within ${Math.round((Date.now() - started) / 1000)} s`,
      );
    if (signedIn) console.log(`server up with its data in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const [firstClass] = await (await fetch(`${base}/api/classes`)).json();
    const cookie = signedIn ? await signInCookie(base, SIGNED_IN_EMAIL) : undefined;
    const headers = cookie ? { cookie } : {};
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      for (const template of pages) {
        const page = template.replace('{first class}', String(firstClass?.id ?? 1));
        // The first visit after start loads the page renderer and fills the cache: not what visitors meet.
        await fetch(`${base}${page}`, { headers });
        let result;
        for (let run = 0; run < runs; run++) {
          const next = await measure(`${base}${page}`, chrome.port, { cpuSlowdown, headers, signedIn });
          if (!result || performanceOf(next) > performanceOf(result)) result = next;
        }
        const { lhr } = result;
        const scores = Object.values(lhr.categories).map(
          (c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`,
        );
        const figure = (id) => lhr.audits[id]?.displayValue ?? '?';
        // The host's speed beside its scores: the same build scores lower on a slower or busier machine.
        const benchmark = Math.round(lhr.environment?.benchmarkIndex ?? 0);
        console.log(
          `${page}: ${scores.join(', ')} | benchmarkIndex ${benchmark} | FCP ${figure('first-contentful-paint')}, LCP ${figure('largest-contentful-paint')}, TBT ${figure('total-blocking-time')}, CLS ${figure('cumulative-layout-shift')}`,
        );
        const missed = shortfalls(lhr, thresholds);
        for (const line of missed) console.log(`  MISSED ${line}`);
        if (missed.length) failed = true;
        const name = page.replace(/\W+/g, '_') || 'root';
        // The JSON too: where the main thread's time went (bootup-time, mainthread-work-breakdown, long-tasks).
        writeFileSync(path.join(outDir, `${name}.html`), result.report[0]);
        writeFileSync(path.join(outDir, `${name}.json`), result.report[1]);
      }
    } finally {
      await chrome.kill();
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

const performanceOf = (result) => result.lhr.categories.performance?.score ?? 0;

async function measure(url, port, { cpuSlowdown, headers, signedIn }) {
  let result;
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART, 'run Lighthouse again'): it is asked twice more.
  for (let attempt = 0; attempt < 3 && (!result || result.lhr.runtimeError); attempt++) {
    result = await lighthouse(
      url,
      {
        port,
        output: ['html', 'json'],
        logLevel: 'error',
        // The session rides on every request of the page, its scripts' calls included.
        extraHeaders: headers,
        onlyCategories: signedIn
          ? ['performance', 'accessibility', 'best-practices']
          : ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      cpuSlowdown === undefined
        ? undefined
        : {
            extends: 'lighthouse:default',
            settings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown } },
          },
    );
  }
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
