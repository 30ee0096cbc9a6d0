import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** E2E_PORT lets two runs share a machine (each with its own servers and WEB_DIST_DIR). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Debian's Chromium headless shell (package chromium-headless-shell), the build Playwright itself runs headless:
 * a quarter less CPU than the full browser in headless mode. The full browser when the shell is not installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** Two workers for CI's 2 cores; each has a server and database of its own (ports E2E_PORT, E2E_PORT + 1...). */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// Playwright loads this file again in each worker, with the worker's slot in TEST_PARALLEL_INDEX (0..WORKERS-1):
// a worker talks only to its own server, so no test sees what another worker's tests wrote.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

// Debian's Chromium, never a downloaded browser; these flags keep it off the (closed) network.
export default defineConfig({
  testDir: './tests',
  // Tests, not files, are shared out between the workers, so the long files do not leave one worker idle at the
  // end: no test relies on an earlier one (each makes what it needs), and a file's beforeAll runs on each worker.
  fullyParallel: true,
  workers: WORKERS,
  // On CI one more try, so a test that lost a race with the shared machine does not sink the run; scripts/test.mjs
  // names every test that passed only on its second try, and a test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  // Two workers share two cores with their servers: a long journey takes about twice what it did alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT + slot}`,
    // Recording a trace doubles the browser's work (its screencast most); E2E_TRACE=1 keeps one of each failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Per worker, the built server (apps/server/dist, as shipped) on a fresh embedded database with the demo data,
  // serving the built web app. One command starts them all at once (start-server.mjs): listed one per entry, they
  // would start one after another, each keeping one of the two cores busy for its demo data.
  webServer: {
    command: 'node start-server.mjs',
    env: { E2E_PORT: String(E2E_PORT), E2E_SERVERS: String(WORKERS) },
    wait: { stdout: /^servers ready on ports /m },
    // Both together, each as long as one alone was allowed.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
