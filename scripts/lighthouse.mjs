// `npm run lighthouse [-- /path ...]`: Lighthouse (mobile) on pages of the real server with demo data, in
// Debian's Chromium. Prints the four category scores per page; reports go to test-results/lighthouse/.
// Needs the built web app (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const port = 3295;
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/find-trainer'];
const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-lighthouse-'));
const outDir = path.join(root, 'test-results/lighthouse');
mkdirSync(outDir, { recursive: true });

const server = spawn(
  path.join(root, 'node_modules/.bin/tsx'),
  [path.join(root, 'apps/server/src/server.ts')],
  {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
);
const stopServer = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }
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
    for (const page of pages) {
      const result = await lighthouse(`http://localhost:${port}${page}`, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const scores = Object.values(result.lhr.categories).map(
        (c) => `${c.title} ${Math.round((c.score ?? 0) * 100)}`,
      );
      console.log(`${page}: ${scores.join(', ')}`);
      writeFileSync(path.join(outDir, `${page.replace(/\W+/g, '_') || 'root'}.html`), result.report);
    }
  } finally {
    await chrome.kill();
  }
} finally {
  stopServer();
}
