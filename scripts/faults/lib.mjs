// Helpers for the fault, load and several-instance tests and the restore drill: real processes on this machine
// (the built server, a private PostgreSQL, haproxy, s3rver), driven over HTTP like a browser would.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
export const SEED_ENTRY = path.join(ROOT, 'apps/server/dist/cli/seed.js');
export { sleep };

/** The server's own dependencies (sharp, s3rver), wherever npm placed them. */
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));

/** Every process we start, so a failure or Ctrl-C still stops them all (each by its own pid). */
const started = new Set();
export function track(child) {
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}
export function stopAll() {
  for (const child of started) {
    try {
      child.kill('SIGKILL');
    } catch {}
  }
}
const cleanups = [];
export const onCleanup = (fn) => cleanups.push(fn);
export async function cleanupAll() {
  stopAll();
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch {}
  }
}

export function tempDir(prefix) {
  return mkdtempSync(path.join(tmpdir(), `sp-faults-${prefix}-`));
}

export const seconds = (ms) => Math.round(ms / 100) / 10;

// --- PostgreSQL: our own server on its own port, from Debian's binaries (never the shared one on 5432). ---

function pgBin(name) {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const file = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (existsSync(file)) return file;
  }
  throw new Error(`PostgreSQL's ${name} is not installed (apt-get install postgresql)`);
}

/** initdb refuses to run as root: the cluster belongs to the postgres user when we are root. */
const asPostgres = (cmd, args) =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];

export function createPostgres(port) {
  const dir = tempDir('pg');
  const data = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  mkdirSync(data);
  mkdirSync(socketDir);
  if (process.getuid?.() === 0) {
    const pgUser = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const pgGroup = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    for (const d of [dir, data, socketDir]) chownSync(d, pgUser, pgGroup);
  }
  const run = (name, args) => {
    const [cmd, argv] = asPostgres(pgBin(name), args);
    return execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const pg = {
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start() {
      run('pg_ctl', [
        '-D',
        data,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-o',
        `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=100`,
        'start',
      ]);
    },
    /** fast: sessions are cut and PostgreSQL shuts down cleanly (as a restart or fail-over does). */
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    isReady() {
      try {
        execFileSync(pgBin('pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-q']);
        return true;
      } catch {
        return false;
      }
    },
    psql(db, sqlText) {
      return execFileSync(pgBin('psql'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-d',
        db,
        '-Atqc',
        sqlText,
      ])
        .toString()
        .trim();
    },
    createDatabase(name) {
      pg.psql('postgres', `drop database if exists ${name} with (force)`);
      pg.psql('postgres', `create database ${name}`);
      return pg.url(name);
    },
    bin: pgBin,
  };
  onCleanup(() => {
    if (pg.isReady()) pg.stop('immediate');
    rmSync(dir, { recursive: true, force: true });
  });
  return pg;
}

// --- The app: the built server (node, no compiler at start), one process per instance. ---

export class AppProcess {
  constructor(name, env, { wrap } = {}) {
    this.name = name;
    this.env = env;
    this.wrap = wrap;
    this.port = Number(env.PORT);
    this.base = `http://127.0.0.1:${this.port}`;
    this.lines = [];
    this.child = undefined;
  }

  start() {
    const env = {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'off',
      HOST: '127.0.0.1',
      ...this.env,
    };
    const [cmd, args] = this.wrap
      ? this.wrap(process.execPath, [SERVER_ENTRY])
      : [process.execPath, [SERVER_ENTRY]];
    const child = track(spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }));
    this.child = child;
    let partial = '';
    const onData = (chunk) => {
      partial += chunk;
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) this.lines.push(line);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    return this;
  }

  get pid() {
    return this.child?.pid;
  }

  async waitHealthy(timeoutMs = 240_000) {
    const until = Date.now() + timeoutMs;
    let exited = false;
    this.exited.then(() => {
      exited = true;
    });
    while (Date.now() < until && !exited) {
      const ok = await fetch(`${this.base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await sleep(250);
    }
    throw new Error(`${this.name} did not become healthy:\n${this.lines.slice(-20).join('\n')}`);
  }

  /** The e-mails the outbox logged (no SMTP in these tests). */
  mails(to) {
    const found = [];
    for (const line of this.lines) {
      if (!line.includes('e-mail kept in outbox')) continue;
      try {
        const entry = JSON.parse(line);
        if (!to || entry.mail?.to === to) found.push(entry.mail);
      } catch {}
    }
    return found;
  }

  log(msg) {
    return this.lines
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return undefined;
        }
      })
      .filter((entry) => entry && (!msg || entry.msg === msg));
  }

  async stop(signal = 'SIGTERM') {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode) return this.exited;
    this.child.kill(signal);
    return this.exited;
  }
}

export function buildServer() {
  execFileSync('npm', ['run', 'build', '-w', '@soulpunch/server'], { cwd: ROOT, stdio: 'inherit' });
}

/** `npm run seed` against the configured database: about 10 trainers in good standing with classes. */
export function seed(env, trainers = 10) {
  execFileSync(process.execPath, [SEED_ENTRY, '--trainers', String(trainers)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

// --- HTTP as a browser: a cookie jar per person, Origin on every write, JSON bodies. ---

export class Client {
  constructor(base, origin = base, { headers = {} } = {}) {
    this.base = base;
    this.origin = origin;
    this.cookie = '';
    this.jar = new Map();
    this.headers = headers;
  }

  async request(method, url, { json, body, headers = {}, to } = {}) {
    const h = { ...this.headers, ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (method !== 'GET') h.origin = this.origin;
    if (json !== undefined) h['content-type'] = 'application/json';
    if (to) h['x-instance'] = to;
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : body,
      redirect: 'manual',
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      this.jar.set(name, pair);
      this.cookie = [...this.jar.values()].join('; ');
    }
    const buf = Buffer.from(await res.arrayBuffer());
    let data;
    try {
      data = JSON.parse(buf.toString('utf8'));
    } catch {
      data = undefined;
    }
    return { status: res.status, data, buf, headers: res.headers, instance: res.headers.get('x-served-by') };
  }
  get(url, opts) {
    return this.request('GET', url, opts);
  }
  post(url, json, opts = {}) {
    return this.request('POST', url, { ...opts, json });
  }
}

const tokenIn = (text) => text?.match(/\/auth\/confirm\?token=([A-Za-z0-9_-]+)/)?.[1];

/** Signs in through the real magic link: asks for it, reads it from the instance's outbox log, verifies it. */
export async function signIn(client, apps, email, { requestTo, verifyTo } = {}) {
  const before = apps.map((app) => app.mails(email).length);
  const asked = await client.post('/api/auth/magic-link', { email }, { to: requestTo });
  if (asked.status !== 202) throw new Error(`magic link for ${email}: ${asked.status} ${asked.buf}`);
  let token;
  for (let i = 0; i < 600 && !token; i++) {
    const fresh = apps.flatMap((app, i) => app.mails(email).slice(before[i]));
    token = fresh
      .map((m) => tokenIn(m.text))
      .filter(Boolean)
      .at(-1);
    if (!token) await sleep(50);
  }
  if (!token) {
    const seen = apps.flatMap((app) => app.mails(email)).map((m) => `${m.subject}: ${m.text?.slice(0, 200)}`);
    throw new Error(`no sign-in e-mail for ${email} (asked: ${asked.status}); mails:\n${seen.join('\n')}`);
  }
  const verified = await client.post('/api/auth/verify', { token }, { to: verifyTo });
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status} ${verified.buf}`);
  return { asked, verified };
}

/** Runs tasks with at most `limit` at once. */
export async function pool(limit, count, task) {
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  });
  await Promise.all(workers);
}

// --- haproxy in front of several instances; a request header can pin a step to one instance. ---

export function startHaproxy(port, backends) {
  const dir = tempDir('haproxy');
  const file = path.join(dir, 'haproxy.cfg');
  const servers = backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check inter 500ms`).join('\n');
  const pins = backends
    .map((b) => `  use-server ${b.name} if { req.hdr(x-instance) -m str ${b.name} }`)
    .join('\n');
  writeFileSync(
    file,
    `global
  maxconn 2000
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  option forwardfor
frontend web
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  http-response set-header X-Served-By %s
${pins}
${servers}
`,
  );
  execFileSync('/usr/sbin/haproxy', ['-c', '-q', '-f', file]);
  const child = track(spawn('/usr/sbin/haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return child;
}

// --- s3rver: the local stand-in for an S3-compatible bucket. ---

export async function startS3(port, bucket = 'soulpunch-faults') {
  const S3rver = serverRequire('s3rver');
  const directory = tempDir('s3');
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  onCleanup(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}

/** A small PNG made by sharp (the server's own image library), different per seed. */
export async function picture(seedValue = 1) {
  const sharp = serverRequire('sharp');
  const colour = `#${((seedValue * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(0, 6)}`;
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function multipartPicture(data) {
  const boundary = '----soulpunchfaults';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A trainer signs every document sent to them (consent first), as on /trainer-portal/documents/{id}. */
export async function signAllDocuments(client, trainerId, fullName, { to } = {}) {
  const docs = (await client.get(`/api/trainers/${trainerId}/documents`, { to })).data;
  if (!Array.isArray(docs)) throw new Error(`documents of ${trainerId}: ${JSON.stringify(docs)}`);
  const state = (await client.get('/api/esign-consent', { to })).data;
  const consent = await client.post(
    '/api/esign-consent',
    { disclosureVersion: state.disclosure.version, disclosureSha256: state.disclosure.sha256 },
    { to },
  );
  if (consent.status !== 200) throw new Error(`consent: ${consent.status} ${consent.buf}`);
  const signed = [];
  for (const doc of docs) {
    const detail = (await client.get(`/api/documents/${doc.id}`, { to })).data;
    const res = await client.post(
      `/api/documents/${doc.id}/sign`,
      { templateHash: detail.templateHash, agreed: true, fullName },
      { to },
    );
    signed.push(res);
  }
  return signed;
}

/**
 * Enrols and pays through the offline test provider (card 4242), then confirms: a trainer with a payment. The
 * checkout opens once the code e-mailed to the address is entered (decision 0008): read from the apps' outbox log.
 */
export async function enrolAndPay(client, apps, { fullName, email, plan = 'full', ip }) {
  const headers = ip ? { 'x-forwarded-for': ip } : {};
  const started = await client.post(
    '/api/enrolments',
    { fullName, email, phone: '(918) 555-0101', city: 'Tulsa', state: 'OK', agreeTerms: true, plan },
    { headers },
  );
  if (started.status !== 201) throw new Error(`enrolment: ${started.status} ${started.buf}`);
  let code;
  for (let i = 0; i < 600 && !code; i++) {
    code = apps
      .flatMap((app) => app.mails(email))
      .map((m) => m.text?.match(/enrolment is (\d{6})\b/)?.[1])
      .filter(Boolean)
      .at(-1);
    if (!code) await sleep(50);
  }
  if (!code) throw new Error(`no enrolment code e-mailed to ${email}`);
  const verified = await client.post('/api/enrolments/current/verify-email', { code }, { headers });
  if (verified.status !== 200) throw new Error(`enrolment code: ${verified.status} ${verified.buf}`);
  const checkoutId = new URL(verified.data.checkoutUrl).pathname.split('/').pop();
  const paid = await client.post(
    `/api/test-provider/checkouts/${checkoutId}/pay`,
    { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: fullName },
    { headers },
  );
  if (paid.data?.outcome !== 'paid') throw new Error(`payment: ${paid.status} ${paid.buf}`);
  const confirmed = await client.post('/api/enrolments/current/confirm', {
    fullName,
    email,
    phone: '(918) 555-0101',
    city: 'Tulsa',
    state: 'OK',
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${confirmed.buf}`);
  return confirmed.data.trainerId;
}

export function table(title, rows) {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  const line = (r) => `| ${[0, 1, 2].map((i) => String(r[i] ?? '').padEnd(widths[i])).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [`\n${title}\n`, line(['Check', 'Result', 'Figures']), rule, ...rows.map(line)].join('\n');
}
