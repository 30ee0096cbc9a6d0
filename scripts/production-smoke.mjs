// `node scripts/production-smoke.mjs`: the Dockerfile's steps with the same commands, where docker is not available
// (issue 25). A clean clone of HEAD, `npm ci`, `npm run build`, `npm prune --omit=dev` (the app's workspaces), then
// `npm start` with NODE_ENV=production; then an administrator signs in through a local SMTP stand-in (the magic link
// read from the captured mail) and calls an admin route. On PostgreSQL (a fresh database) when TEST_DATABASE_URL or
// SMOKE_DATABASE_URL is set, on PGlite otherwise. SMOKE_KEEP=1 keeps the clone; SMOKE_CLONE=<dir> starts a clone
// kept earlier again, skipping its install and build (when looking into a failure).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { imageAllocatorEnv } from './image-allocator.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'sp-smoke-'));
const clone = process.env.SMOKE_CLONE || path.join(work, 'app');
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const ADMIN = 'smoke-admin@soulpunch.example';

let server;
let smtp;
let database;
const adminUrl = process.env.SMOKE_DATABASE_URL || process.env.TEST_DATABASE_URL;

async function cleanUp() {
  if (server && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  if (smtp) await new Promise((resolve) => smtp.close(resolve));
  if (database) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
  }
  if (process.env.SMOKE_KEEP !== '1') rmSync(work, { recursive: true, force: true });
}

function fail(message) {
  throw new Error(message);
}

/** One step of the image's build, as the Dockerfile runs it. */
function step(title, command, args, env = {}, cwd = clone) {
  const at = performance.now();
  console.log(`\n[${seconds()} s] ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0)
    fail(`${title} failed (exit ${result.status}${result.error ? `: ${result.error.message}` : ''})`);
  console.log(`  (${((performance.now() - at) / 1000).toFixed(1)} s)`);
}

async function request(url, options = {}) {
  const res = await fetch(url, { redirect: 'manual', ...options });
  const body = await res.text();
  return { status: res.status, headers: res.headers, body };
}

/** 1. The image's build: a clean clone (only what is committed: no node_modules, builds or .env of this tree). */
function prepare() {
  step('clean clone', 'git', ['clone', '--quiet', repo, clone], {}, work);
  // The npm cache is local: installing from it is what makes this take a couple of minutes, not ten.
  const install = {
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  // The app's workspaces only: the browser tests' Playwright and Lighthouse are not the image's (a third less).
  const workspaces = ['-w', '@soulpunch/shared', '-w', '@soulpunch/server', '-w', '@soulpunch/web'];
  step('install', 'npm', ['ci', ...workspaces], install);
  step('build', 'npm', ['run', 'build']);
  step('production dependencies only', 'npm', ['prune', '--omit=dev', ...workspaces], install);
  for (const tool of ['vite', 'vitest', 'biome', 'playwright']) {
    if (existsSync(path.join(clone, 'node_modules/.bin', tool)))
      fail(`${tool} is still installed after the prune`);
  }
}

async function main() {
  if (!process.env.SMOKE_CLONE) prepare();

  // 2. What the image runs against: an SMTP server (the stand-in keeps each message) and a database.
  const mails = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = smtp.server.address().port;

  const storage = {};
  if (adminUrl) {
    database = `sp_smoke_${Date.now()}_${process.pid}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${database}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    storage.DATABASE_URL = url.toString();
  }

  // 3. The start, with only the variables production is given (nothing inherited but PATH and HOME), the image's
  // memory allocator among them.
  const port = 20000 + Math.floor(Math.random() * 20000);
  const appUrl = `http://127.0.0.1:${port}`;
  let output = '';
  server = spawn('npm', ['start'], {
    cwd: clone,
    // Its own process group, stopped as a terminal or a service manager stops one: npm does not pass SIGTERM on.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: appUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PAYMENT_PROVIDER: 'test',
      SESSION_SECRET: 'smoke-test-session-secret-of-40-characters',
      ADMIN_EMAILS: ADMIN,
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'info',
      ...imageAllocatorEnv(),
      ...storage,
    },
  });
  // 'close': once the output pipes close, so the server under npm has ended too, not only npm.
  const closed = new Promise((resolve) => server.once('close', resolve));
  server.stdout.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr.on('data', (chunk) => {
    output += chunk;
  });
  console.log(
    `\n[${seconds()} s] start: NODE_ENV=production npm start (${adminUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
  let healthy = false;
  for (let i = 0; i < 600 && !healthy && server.exitCode === null; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    healthy = await fetch(`${appUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
  }
  if (!healthy) fail(`the server did not become healthy:\n${output}`);
  if (output.includes('Building:')) fail(`npm start rebuilt a current build:\n${output}`);
  console.log(`  healthy at ${appUrl}`);

  // 4. The web app, rendered on the server, with its assets and security headers.
  const home = await request(`${appUrl}/`);
  if (home.status !== 200 || !home.body.includes('<div id="root">')) fail(`home page: ${home.status}`);
  if (!home.headers.get('content-security-policy')?.includes("script-src 'self'")) fail('home page: no CSP');
  const script = home.body.match(/<script[^>]+src="([^"]+)"/)?.[1] ?? fail('home page: no script');
  const asset = await request(new URL(script, appUrl));
  if (asset.status !== 200) fail(`${script}: ${asset.status}`);
  console.log(`  home page and ${script}: 200`);

  // 5. Sign in as an administrator through the SMTP stand-in, then call an admin route.
  const json = { 'content-type': 'application/json', origin: appUrl };
  const asked = await request(`${appUrl}/api/auth/magic-link`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: ADMIN }),
  });
  if (asked.status !== 202) fail(`magic link: ${asked.status} ${asked.body}`);
  let mail;
  for (let i = 0; i < 100 && !mail; i++) {
    mail = mails.find((m) => m.to.includes(ADMIN));
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!mail) fail('no mail reached the SMTP stand-in');
  // Quoted-printable: soft line breaks and =3D for '='.
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/(http:\/\/[^\s"<>]+\/auth\/confirm\?token=[A-Za-z0-9_-]+)/)?.[1];
  if (!link?.startsWith(appUrl)) fail(`no sign-in link to ${appUrl} in the mail:\n${text.slice(0, 2000)}`);
  const token = new URL(link).searchParams.get('token');
  const verified = await request(`${appUrl}/api/auth/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token }),
  });
  if (verified.status !== 200) fail(`verify: ${verified.status} ${verified.body}`);
  const session = verified.headers
    .getSetCookie()
    .find((c) => c.startsWith('sp_session='))
    ?.split(';')[0];
  if (!session) fail('verify set no session cookie');
  const trainers = await request(`${appUrl}/api/trainers`, { headers: { cookie: session, origin: appUrl } });
  if (trainers.status !== 200) fail(`admin route /api/trainers: ${trainers.status} ${trainers.body}`);
  const anonymous = await request(`${appUrl}/api/trainers`);
  if (anonymous.status !== 401) fail(`admin route without a session: ${anonymous.status}`);
  console.log('  signed in by the mailed link; GET /api/trainers: 200 (401 without the session)');

  // 6. A clean stop, as the orchestrator asks for it.
  process.kill(-server.pid, 'SIGTERM');
  await closed;
  // npm itself ends by the signal; the server drains, closes the database and says so.
  if (!output.includes('"msg":"shut down"') || output.includes('second SIGTERM')) {
    fail(`no clean stop on SIGTERM:\n${output}`);
  }
  console.log(`\nproduction smoke passed in ${seconds()} s`);
}

try {
  await main();
  await cleanUp();
} catch (error) {
  console.error(`\nproduction smoke FAILED after ${seconds()} s: ${error.message}`);
  if (process.env.SMOKE_KEEP === '1') console.error(`(clone kept in ${clone})`);
  await cleanUp().catch(() => undefined);
  process.exit(1);
}
