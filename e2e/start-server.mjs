// Starts the real server for the browser tests: the built one (apps/server/dist, what ships), a fresh data
// directory, demo data, mail kept in the outbox. playwright.config.ts starts one per worker, each on its port.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3210';
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
const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-e2e-'));
const child = spawn(process.execPath, ['--enable-source-maps', server], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
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
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
