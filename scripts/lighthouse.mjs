// `npm run lighthouse [-- /path ...]`: Lighthouse (mobile, its default simulated throttling) on pages of the
// built server with demo data, in Debian's Chromium. Prints the four category scores and the paint figures per
// page, and fails when a page misses issue 12's targets (THRESHOLDS). Reports go to test-results/lighthouse/.
// Needs `npm run build`. Without paths: the six public pages the issue names.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { shortfalls } from './lighthouse-thresholds.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = 3295;
const DEFAULT_PAGES = [
  '/find-trainer',
  '/classes',
  '/public-calendar',
  '/trainer/1',
  '/public/class/{first class}',
  '/trainer-portal/login',
];

async function main() {
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PAGES;
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
    },
  });
  const base = `http://localhost:${port}`;
  let failed = false;
  try {
    for (let i = 0; i < 120; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const [firstClass] = await (await fetch(`${base}/api/classes`)).json();
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
        await fetch(`${base}${page}`);
        let result;
        // Lighthouse sometimes fails to record the trace (NO_NAVSTART, 'run Lighthouse again'): it is asked twice more.
        for (let attempt = 0; attempt < 3 && (!result || result.lhr.runtimeError); attempt++) {
          result = await lighthouse(`${base}${page}`, {
            port: chrome.port,
            output: 'html',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
        }
        const { lhr } = result;
        const scores = Object.values(lhr.categories).map(
          (c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`,
        );
        const figure = (id) => lhr.audits[id]?.displayValue ?? '?';
        console.log(
          `${page}: ${scores.join(', ')} | FCP ${figure('first-contentful-paint')}, LCP ${figure('largest-contentful-paint')}, TBT ${figure('total-blocking-time')}, CLS ${figure('cumulative-layout-shift')}`,
        );
        const missed = shortfalls(lhr);
        for (const line of missed) console.log(`  MISSED ${line}`);
        if (missed.length) failed = true;
        writeFileSync(path.join(outDir, `${page.replace(/\W+/g, '_') || 'root'}.html`), result.report);
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
