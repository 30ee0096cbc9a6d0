// Benchmark (not a test): the admin trainer list in a real browser against the real server with 5,000
// trainers. Run from the repository root: npx tsx e2e/bench/admin-list-5000.ts [--trainers N] [--port P]
// Needs the built web app (npm run build -w @soulpunch/web).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';

const { values } = parseArgs({
  options: { trainers: { type: 'string', default: '5000' }, port: { type: 'string', default: '3290' } },
});
const TRAINERS = Number(values.trainers);
const PORT = Number(values.port);
const BASE = `http://localhost:${PORT}`;
const ADMIN = 'admin@soulpunch.example';
// The same Chromium and flags as e2e/playwright.config.ts: Debian's browser, kept off the network.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  throw new Error('Build the web app first: npm run build -w @soulpunch/web');
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-bench-list-'));
const serverEnv = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(PORT),
  APP_URL: BASE,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  DEMO_DATA: 'off',
  LOG_LEVEL: 'warn',
};

const ms = (value: number) => `${value.toFixed(0)} ms`;
let server: ChildProcess | undefined;

async function waitForHealth(timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) {
      throw new Error(`The server exited with code ${server.exitCode}`);
    }
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer on ${BASE} within ${timeoutMs} ms`);
}

/** The login form, the link from the development mailbox, then the confirm button. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/trainer-portal/login');
  await page.getByLabel(/email/i).fill(ADMIN);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Magic link sent! Check your email inbox.').waitFor();
  let link: string | undefined;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const res = await page.request.get('/api/dev/mailbox');
    const { messages } = (await res.json()) as { messages: Array<{ to: string; text: string }> };
    link = messages
      .find((m) => m.to === ADMIN)
      ?.text.match(/https?:\/\/\S+\/auth\/confirm\?token=[\w-]+/)?.[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error('No sign-in link arrived in the mailbox');
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin$/);
}

interface LongTasks {
  count: number;
  longest: number;
}

/** Long tasks (over 50 ms on the main thread) seen since the last reset. */
async function takeLongTasks(page: Page): Promise<LongTasks> {
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    const tasks = w.__longTasks;
    w.__longTasks = [];
    return { count: tasks.length, longest: tasks.length ? Math.max(...tasks) : 0 };
  });
}

const describeTasks = ({ count, longest }: LongTasks) =>
  count === 0 ? 'none over 50 ms' : `longest ${ms(longest)} (${count} over 50 ms)`;

interface BenchWindow {
  __longTasks: number[];
  __firstRowAt?: number;
  __firstRowFrame?: number;
}

interface Timing {
  requestStart: number;
  responseEnd: number;
  shown: number;
}

/** Runs in the page: types the query the way React sees typing, and waits for its results to be shown. */
function measureSearch(query: string): Promise<Timing> {
  const input = document.querySelector<HTMLInputElement>('input[type="search"]');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (!input || !setValue) throw new Error('No search box');
  performance.clearResourceTimings();
  const started = performance.now();
  const done = () => {
    const status = document.querySelector('[role="status"]')?.textContent ?? '';
    if (!status.startsWith('Matching trainers')) return false;
    const list = document.querySelector('ul[aria-label="Trainers"]');
    if (list) return list.getAttribute('aria-busy') === 'false';
    return document.body.textContent?.includes('No trainers match your search') ?? false;
  };
  return new Promise((resolve) => {
    const finish = () => {
      const shown = performance.now();
      observer.disconnect();
      const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        e.name.includes(`/api/trainers?q=${encodeURIComponent(query)}`),
      );
      resolve({
        requestStart: (request?.startTime ?? Number.NaN) - started,
        responseEnd: (request?.responseEnd ?? Number.NaN) - started,
        shown: shown - started,
      });
    };
    const observer = new MutationObserver(() => {
      if (done()) finish();
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    setValue.call(input, query);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Runs in the page: clicks 'Next page' and waits for rows 51-100. */
function measureNextPage(): Promise<Timing> {
  const next = document.querySelector<HTMLButtonElement>('button[aria-label="Next page"]');
  if (!next) throw new Error('No Next page button');
  performance.clearResourceTimings();
  const started = performance.now();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const list = document.querySelector('ul[aria-label="Trainers"]');
      if (
        !document.body.textContent?.includes('Showing 51–100') ||
        list?.getAttribute('aria-busy') !== 'false'
      )
        return;
      const shown = performance.now();
      observer.disconnect();
      const request = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        e.name.includes('offset=50'),
      );
      resolve({
        requestStart: (request?.startTime ?? Number.NaN) - started,
        responseEnd: (request?.responseEnd ?? Number.NaN) - started,
        shown: shown - started,
      });
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    next.click();
  });
}

async function main() {
  console.log(`Seeding ${TRAINERS} trainers into ${dataDir} ...`);
  const seeded = spawnSync(
    tsx,
    [path.join(root, 'apps/server/src/cli/seed.ts'), '--trainers', String(TRAINERS)],
    {
      cwd: root,
      env: serverEnv,
      encoding: 'utf8',
    },
  );
  if (seeded.status !== 0) throw new Error(`Seeding failed:\n${seeded.stderr || seeded.stdout}`);
  console.log(seeded.stdout.trim());

  server = spawn(tsx, [path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bootStarted = performance.now();
  await waitForHealth();
  console.log(`Server on ${BASE} answered after ${ms(performance.now() - bootStarted)}`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a __name() helper that the page does not have.
    await context.addInitScript('window.__name = (fn) => fn;');
    await context.addInitScript(() => {
      const w = window as unknown as BenchWindow;
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      // When the first trainer row is put in the page, and the frame after it (close to when it is painted).
      const rows = new MutationObserver(() => {
        if (w.__firstRowAt === undefined && document.querySelector('ul[aria-label="Trainers"] > li')) {
          w.__firstRowAt = performance.now();
          requestAnimationFrame(() => {
            w.__firstRowFrame = performance.now();
          });
          rows.disconnect();
        }
      });
      rows.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await signIn(page);

    // Cold open of the list page: document, scripts, session, first page of trainers.
    const rows = page.getByRole('list', { name: 'Trainers' }).getByRole('listitem');
    await page.goto('/admin/trainers');
    await rows.first().waitFor({ state: 'visible' });
    const opened = await page.evaluate(() => {
      const w = window as unknown as BenchWindow;
      const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        e.name.includes('/api/trainers?'),
      );
      const paints = performance.getEntriesByType('paint');
      return {
        firstRowAt: w.__firstRowAt ?? Number.NaN,
        firstRowFrame: w.__firstRowFrame ?? Number.NaN,
        fcp: paints.find((p) => p.name === 'first-contentful-paint')?.startTime ?? Number.NaN,
        listRequest: list ? { start: list.startTime, end: list.responseEnd } : null,
        domElements: document.querySelectorAll('*').length,
        styleTags: document.querySelectorAll('style').length,
      };
    });
    const rowCount = await rows.count();
    const total = ((await page.getByRole('status').textContent()) ?? '').trim();
    const openTasks = await takeLongTasks(page);

    console.log('\n/admin/trainers (times from navigation start)');
    console.log(`  first contentful paint:   ${ms(opened.fcp)}`);
    if (opened.listRequest) {
      console.log(
        `  GET /api/trainers:        sent at ${ms(opened.listRequest.start)}, answered at ${ms(opened.listRequest.end)}`,
      );
    }
    console.log(
      `  first row in the page:    ${ms(opened.firstRowAt)} (next frame ${ms(opened.firstRowFrame)})`,
    );
    console.log(
      `  rows rendered:            ${rowCount} (${opened.domElements} DOM elements, ${opened.styleTags} <style>)`,
    );
    console.log(`  total shown:              ${total}`);
    console.log(`  main-thread long tasks:   ${describeTasks(openTasks)}`);

    // Search: typing, the 300 ms pause, the server's answer and the new rows, timed inside the page.
    for (const query of ['tulsa', 'garcia', 'zzz-no-match']) {
      await page.getByRole('searchbox', { name: 'Search trainers' }).fill('');
      await page.getByRole('status').filter({ hasText: 'Total trainers' }).waitFor();
      await page.locator('ul[aria-label="Trainers"][aria-busy="false"]').waitFor();
      await takeLongTasks(page);

      const timing = await page.evaluate(measureSearch, query);
      const matching = ((await page.getByRole('status').textContent()) ?? '').trim();
      const searchTasks = await takeLongTasks(page);
      console.log(`\nsearch "${query}" (times from the keystroke)`);
      console.log(`  request sent:             ${ms(timing.requestStart)} (after the 300 ms pause)`);
      console.log(
        `  server answer:            ${ms(timing.responseEnd)} (${ms(timing.responseEnd - timing.requestStart)} round trip)`,
      );
      console.log(
        `  results in the page:      ${ms(timing.shown)} (${ms(timing.shown - timing.responseEnd)} after the answer)`,
      );
      console.log(`  ${matching}`);
      console.log(`  main-thread long tasks:   ${describeTasks(searchTasks)}`);
    }

    // Paging.
    await page.getByRole('searchbox', { name: 'Search trainers' }).fill('');
    await page.getByRole('status').filter({ hasText: 'Total trainers' }).waitFor();
    await page.locator('ul[aria-label="Trainers"][aria-busy="false"]').waitFor();
    await takeLongTasks(page);
    const paged = await page.evaluate(measureNextPage);
    const pageTasks = await takeLongTasks(page);
    console.log('\nnext page (times from the click)');
    console.log(`  server answer:            ${ms(paged.responseEnd)}`);
    console.log(
      `  page 2 in the page:       ${ms(paged.shown)} (${ms(paged.shown - paged.responseEnd)} after the answer)`,
    );
    console.log(`  main-thread long tasks:   ${describeTasks(pageTasks)}`);
  } finally {
    await browser.close();
  }
}

try {
  await main();
} finally {
  server?.kill('SIGTERM');
  await new Promise((resolve) =>
    server && server.exitCode === null ? server.once('exit', resolve) : resolve(null),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
