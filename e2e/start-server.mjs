// Starts the real servers for the browser tests, E2E_SERVERS of them (one per worker) on ports E2E_PORT,
// E2E_PORT + 1...: each the built one (apps/server/dist, what ships), with a fresh data directory, demo data, mail
// kept in the outbox. All at once: a server's start (its database and demo data) keeps one core busy, and
// Playwright starts the entries of its webServer list one after another. Prints "servers ready" when every one
// answers its health check (playwright.config.ts waits for that line); when one ends, the others are stopped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const firstPort = Number(process.env.E2E_PORT ?? 3210);
const ports = Array.from({ length: Number(process.env.E2E_SERVERS ?? 1) }, (_, i) => firstPort + i);
const server = path.join(root, 'apps/server/dist/server.js');
if (!existsSync(server)) {
  console.error(`${server} is missing: build the server first (\`npm run build\`; \`npm test\` does).`);
  process.exit(1);
}
if (statSync(server).mtimeMs < statSync(path.join(root, 'apps/server/src/app.ts')).mtimeMs) {
  console.error(
    `warning: ${server} is older than apps/server/src/app.ts; \`npm run build\` to test the current code.`,
  );
}

const health = (port) => `http://localhost:${port}/api/health`;
const answers = (port) =>
  fetch(health(port)).then(
    (res) => res.ok,
    () => false,
  );

// A server left running on one of the ports would answer the health checks for ours.
for (const port of ports) {
  if (await answers(port)) {
    console.error(`${health(port)} already answers: stop what runs on port ${port} first.`);
    process.exit(1);
  }
}

const children = ports.map((port) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-e2e-'));
  const child = spawn(process.execPath, ['--enable-source-maps', server], {
    // Only the servers' warnings and errors: their standard output would be mistaken for this launcher's.
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      DEMO_DATA: 'auto',
      LOG_LEVEL: 'warn',
      // Every browser test signs in from 127.0.0.1; the per-address limit itself is tested through the API.
      SIGN_IN_LINKS_PER_IP: '1000',
      // The suite signs the demo admin in from many tests at once; the per-e-mail limit is tested through the API.
      SIGN_IN_LINKS_PER_EMAIL: '1000',
    },
  });
  child.on('exit', (code) => {
    rmSync(dataDir, { recursive: true, force: true });
    stopAll('SIGTERM');
    process.exitCode ||= code ?? 0;
  });
  return child;
});

function stopAll(signal) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGINT', () => stopAll('SIGINT'));

const waiting = new Set(ports);
while (waiting.size > 0 && children.every((child) => child.exitCode === null)) {
  for (const port of waiting) if (await answers(port)) waiting.delete(port);
  if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
}
if (waiting.size === 0) console.log(`servers ready on ports ${ports.join(', ')}`);
