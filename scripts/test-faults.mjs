// `npm run test:faults`: fault, load and several-instance tests against real processes on this machine (not CI:
// they take minutes). Needs Debian's PostgreSQL binaries and haproxy; starts its own PostgreSQL, s3rver, haproxy
// and app instances on ports FAULTS_PORT_BASE.. (default 3440-3449) and prints one table at the end.
//   FAULTS_ONLY=durability,outage,relisten,lock,sigterm,instances,load,disk   run some sections
//   FAULTS_LOAD_SECONDS=30   FAULTS_WRITES=1000   SKIP_BUILD=1 (reuse apps/server/dist)
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  AppProcess,
  buildServer,
  Client,
  cleanupAll,
  createPostgres,
  multipartPicture,
  onCleanup,
  picture,
  pool,
  SERVER_ENTRY,
  seconds,
  seed,
  signAllDocuments,
  signIn,
  sleep,
  startHaproxy,
  startS3,
  table,
  tempDir,
} from './faults/lib.mjs';

const BASE = Number(process.env.FAULTS_PORT_BASE ?? 3440);
const PORTS = {
  proxy: BASE,
  pg: BASE + 1,
  s3: BASE + 2,
  a: BASE + 3,
  b: BASE + 4,
  pglite: BASE + 5,
  second: BASE + 6,
  pgApp: BASE + 7,
  disk: BASE + 8,
  relisten: BASE + 9,
};
const WRITES = Number(process.env.FAULTS_WRITES ?? 1000);
const LOAD_SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 30);
const only = process.env.FAULTS_ONLY ? new Set(process.env.FAULTS_ONLY.split(',')) : undefined;
const wanted = (name) => !only || only.has(name);

const ADMIN = 'admin@soulpunch.example';
const HQ = 'jasmine.carter@soulpunch.example';
const SECRET = 'faults-session-secret-0123456789abcdef';
const rows = [];
let failed = false;
const check = (name, ok, result, figures) => {
  if (!ok) failed = true;
  rows.push([name, ok ? `PASS ${result}` : `FAIL ${result}`, figures]);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${result} ${figures ?? ''}`);
};
const sha = (buf) => createHash('sha256').update(buf).digest('hex');
let ipCounter = 0;
/** Each public write from its own address (behind TRUST_PROXY), so the per-address limits do not interfere. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
const futureDate = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function appEnv(port, extra = {}) {
  return {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: SECRET,
    TRUST_PROXY: 'loopback', // the harness sends from this machine, one X-Forwarded-For address per client
    SIGN_IN_LINKS_PER_IP: '100000',
    ...extra,
  };
}

async function trainerSession(base, apps, email, origin = base) {
  const client = new Client(base, origin);
  await signIn(client, apps, email);
  const session = (await client.get('/api/auth/session')).data;
  return { client, trainerId: session.user.trainerId, userId: session.user.id };
}

async function createClass(client, trainerId, capacity, title) {
  const res = await client.post(`/api/trainers/${trainerId}/classes`, {
    title,
    date: futureDate(20),
    startTime: '18:00',
    location: 'Soul Punch Gym',
    capacity,
    price: 0,
  });
  if (res.status !== 201) throw new Error(`class: ${res.status} ${res.buf}`);
  return res.data.id;
}

// ---------------------------------------------------------------------------------------------------------------
// kill -9 during acknowledged writes (class registrations), on either engine.

async function durability(engine, pg) {
  const port = engine === 'pglite' ? PORTS.pglite : PORTS.pgApp;
  const dataDir = tempDir(`data-${engine}`);
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = appEnv(port, {
    DATA_DIR: dataDir,
    ...(engine === 'postgres' ? { DATABASE_URL: pg.createDatabase('sp_faults_durability') } : {}),
  });
  seed(env, 6);
  let app = new AppProcess(`${engine} app`, env).start();
  await app.waitHealthy();
  const apps = [app];
  const hq = await trainerSession(app.base, apps, HQ);
  const classes = [
    await createClass(hq.client, hq.trainerId, 1000, 'Durability A'),
    await createClass(hq.client, hq.trainerId, 1000, 'Durability B'),
  ];

  const acked = [];
  let attempts = 0;
  let failedWhileDown = 0;
  let killedAt = -1;
  let restarting;
  const killAt = Math.floor(WRITES * 0.4);
  const visitor = new Client(app.base);
  const started = Date.now();
  await pool(8, Number.MAX_SAFE_INTEGER, async () => {
    if (acked.length >= WRITES) throw Object.assign(new Error('done'), { done: true });
    if (restarting) await restarting;
    const i = attempts++;
    const email = `w${i}@durability.test`;
    const classId = classes[i % 2];
    const res = await visitor
      .post(
        `/api/classes/${classId}/registrations`,
        { name: `Writer ${i}`, email },
        { headers: { 'x-forwarded-for': nextIp() } },
      )
      .catch(() => undefined);
    if (res?.status === 201) {
      if (acked.length < WRITES) acked.push({ email, classId });
    } else failedWhileDown += 1;
    if (acked.length >= killAt && killedAt < 0) {
      killedAt = acked.length;
      app.child.kill('SIGKILL');
      restarting = (async () => {
        await app.exited;
        app = new AppProcess(`${engine} app (restarted)`, env).start();
        apps.push(app);
        await app.waitHealthy();
        restarting = undefined;
      })();
    }
  }).catch((error) => {
    if (!error.done) throw error;
  });
  const writeSeconds = seconds(Date.now() - started);

  const present = new Set();
  for (const classId of classes) {
    const list = (await hq.client.get(`/api/classes/${classId}/registrations`)).data;
    for (const r of list) present.add(`${classId}:${r.email}`);
  }
  const lost = acked.filter((w) => !present.has(`${w.classId}:${w.email}`)).length;
  const unacknowledgedKept = present.size - (acked.length - lost);
  check(
    `kill -9 during ${WRITES} acknowledged writes (${engine})`,
    lost === 0 && acked.length === WRITES,
    `${acked.length} acknowledged, ${lost} lost`,
    `killed after ${killedAt} acks; ${failedWhileDown} unacknowledged attempts (${unacknowledgedKept} of them committed); ${writeSeconds} s`,
  );
  return { app, env, apps, hq, classes };
}

// ---------------------------------------------------------------------------------------------------------------

async function secondProcess(running) {
  const started = Date.now();
  const second = new AppProcess('second process', { ...running.env, PORT: String(PORTS.second) }).start();
  const { code } = await second.exited;
  const took = Date.now() - started;
  const said = second.lines.find((l) => l.includes('already in use by process')) ?? second.lines.join(' ');
  check(
    'second process on the same PGlite directory',
    code === 1 && said.includes(`process ${running.app.pid}`),
    `exit ${code} after ${seconds(took)} s`,
    `"${said.slice(0, 110)}..."`,
  );
}

async function sigterm(running) {
  const { app, classes } = running;
  const visitor = new Client(app.base);
  const requests = [];
  for (let i = 0; i < 40; i++) {
    const email = `t${i}@sigterm.test`;
    requests.push(
      i % 2
        ? visitor.get('/api/public-trainers').catch((e) => ({ status: 0, error: e }))
        : visitor
            .post(
              `/api/classes/${classes[0]}/registrations`,
              { name: `Late ${i}`, email },
              { headers: { 'x-forwarded-for': nextIp() } },
            )
            .catch((e) => ({ status: 0, error: e })),
    );
  }
  // Let the requests reach the server, then ask it to stop while they are being answered.
  await sleep(30);
  const inFlight = app.log('incoming request').length;
  app.child.kill('SIGTERM');
  const answers = await Promise.all(requests);
  const { code } = await app.exited;
  const ok = answers.filter((a) => a.status === 200 || a.status === 201).length;
  const refused = answers.filter(
    (a) => a.status === 0 && /ECONNREFUSED/.test(String(a.error?.cause?.code ?? a.error)),
  ).length;
  const cut = answers.length - ok - refused;
  const kinds = {};
  for (const a of answers) {
    const k = a.status || String(a.error?.cause?.code ?? a.error?.message);
    kinds[k] = (kinds[k] ?? 0) + 1;
  }
  console.log('SIGTERM answers', kinds);
  const from = app.lines.findIndex((l) => l.includes('shutting down'));
  if (process.env.FAULTS_DEBUG)
    console.log(
      app.lines
        .slice(from)
        .map((l) => l.slice(0, 300))
        .join('\n'),
    );
  check(
    'SIGTERM finishes requests in flight',
    cut === 0 && code === 0 && ok > 0,
    `${ok} answered, ${cut} cut, exit ${code}`,
    `${answers.length} sent (${refused} refused after the listener closed); ${inFlight} logged before SIGTERM`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

async function outage(pg, running) {
  const { app } = running;
  const visitor = new Client(app.base);
  const before = (await visitor.get('/api/health')).status;
  pg.stop('fast');
  const health = await visitor.get('/api/health');
  const list = await visitor.get('/api/public-trainers');
  const write = await visitor.post(
    `/api/classes/${running.classes[0]}/registrations`,
    { name: 'During Outage', email: 'outage@faults.test' },
    { headers: { 'x-forwarded-for': nextIp() } },
  );
  const answers = [health, list, write];
  const all503 = answers.every((a) => a.status === 503 && a.data?.error?.code === 'database_unavailable');
  pg.start();
  const back = Date.now();
  let recovered = -1;
  while (Date.now() - back < 30_000) {
    if ((await visitor.get('/api/health')).status === 200) {
      recovered = Date.now() - back;
      break;
    }
    await sleep(100);
  }
  const listAfter = (await visitor.get('/api/public-trainers')).status;
  check(
    'PostgreSQL goes away: answers',
    before === 200 && all503,
    `health ${health.status}, list ${list.status}, write ${write.status}`,
    `"${health.data?.error?.message}" Retry-After ${health.headers.get('retry-after')}`,
  );
  check(
    'PostgreSQL comes back: recovery without restart',
    recovered >= 0 && recovered <= 5000 && listAfter === 200 && app.child.exitCode === null,
    `${seconds(recovered)} s after PostgreSQL was ready`,
    `same process ${app.pid}; list ${listAfter}`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A 10 s PostgreSQL outage, then a change by another process (psql, as a script or a second instance would):
// the app's change-notification connection must be opened again (it used to give up after one retry at 2 s) and
// the public list show the change within 5 s of PostgreSQL being back, though it was cached again meanwhile.

async function relisten(pg) {
  const env = appEnv(PORTS.relisten, {
    DATA_DIR: tempDir('relisten'),
    DATABASE_URL: pg.createDatabase('sp_faults_relisten'),
  });
  seed(env, 6);
  const app = new AppProcess('relisten app', env).start();
  await app.waitHealthy();
  const visitor = new Client(app.base);
  const listed = async () => {
    const res = await visitor.get('/api/public-trainers?limit=100').catch(() => undefined);
    return res?.status === 200 ? res.data.map((t) => t.id) : undefined;
  };
  const before = await listed();
  const suspended = before?.at(-1);
  const outageStarted = Date.now();
  pg.stop('fast');
  await sleep(Math.max(0, 10_000 - (Date.now() - outageStarted)));
  pg.start();
  const back = Date.now();
  // The list is read again as soon as the database answers (and so cached again).
  let cachedAgain = false;
  while (Date.now() - back < 5000 && !cachedAgain) {
    cachedAgain = (await listed())?.includes(suspended) ?? false;
    if (!cachedAgain) await sleep(50);
  }
  // Another process suspends the trainer, as the payment jobs or an admin on another instance would.
  pg.psql(
    'sp_faults_relisten',
    `update trainers set certification_suspended_at = now(), certification_suspension_reason = 'Fault test' where id = ${suspended}`,
  );
  const changedAt = Date.now();
  let shown = -1;
  while (Date.now() - back < 15_000) {
    const ids = await listed();
    if (ids && !ids.includes(suspended)) {
      shown = Date.now() - back;
      break;
    }
    await sleep(100);
  }
  const lost = app.log().filter((e) => /^change notifications (lost|unavailable)/.test(e.msg ?? '')).length;
  const restored = app.log('change notifications restored');
  check(
    'PostgreSQL away 10 s: a change made elsewhere shows in the public list',
    before?.includes(suspended) &&
      cachedAgain &&
      shown >= 0 &&
      shown <= 5000 &&
      lost === 1 &&
      restored.length === 1,
    `${shown >= 0 ? `${seconds(shown)} s` : 'never'} after PostgreSQL was ready`,
    `outage ${seconds(back - outageStarted)} s; change made ${seconds(changedAt - back)} s after; notifications lost logged ${lost}x, restored ${restored.length}x after ${restored[0]?.attempts ?? '?'} attempts`,
  );
  await app.stop();
}

// ---------------------------------------------------------------------------------------------------------------
// Two instances on one PostgreSQL behind haproxy, files in S3 (s3rver).

async function instances(pg) {
  const s3 = await startS3(PORTS.s3);
  const origin = `http://127.0.0.1:${PORTS.proxy}`;
  const shared = {
    DATABASE_URL: pg.createDatabase('sp_faults_instances'),
    APP_URL: origin,
    JOBS_EVERY_SECONDS: '2',
    SIGN_IN_LINKS_PER_IP: '100000',
    ...s3.env,
  };
  seed({ ...shared, DATA_DIR: tempDir('seed') }, 6);
  const a = new AppProcess('a', { ...appEnv(PORTS.a), ...shared, DATA_DIR: tempDir('a') }).start();
  const b = new AppProcess('b', { ...appEnv(PORTS.b), ...shared, DATA_DIR: tempDir('b') }).start();
  await Promise.all([a.waitHealthy(), b.waitHealthy()]);
  startHaproxy(PORTS.proxy, [
    { name: 'a', port: PORTS.a },
    { name: 'b', port: PORTS.b },
  ]);
  const apps = [a, b];
  for (let i = 0; i < 40; i++) {
    if ((await fetch(`${origin}/api/health`).catch(() => undefined))?.ok) break;
    await sleep(250);
  }

  // Sessions: made on one instance, honoured by the other.
  const admin = new Client(origin);
  const login = await signIn(admin, apps, ADMIN, { requestTo: 'a', verifyTo: 'b' });
  const onA = await admin.get('/api/auth/session', { to: 'a' });
  const onB = await admin.get('/api/auth/session', { to: 'b' });
  check(
    'session across instances',
    onA.data?.user?.email === ADMIN && onB.data?.user?.email === ADMIN,
    `link asked on ${login.asked.instance}, verified on ${login.verified.instance}`,
    `session read on ${onA.instance} and ${onB.instance}`,
  );

  // Rate limits: the sixth link for one address in a minute is refused, whichever instance counts it.
  await admin.post('/api/admin/trainers', { name: 'Lee Limit', email: 'limit@faults.test' }, { to: 'a' });
  const limited = new Client(origin);
  const statuses = [];
  for (let i = 0; i < 6; i++) {
    const res = await limited.post(
      '/api/auth/magic-link',
      { email: 'limit@faults.test' },
      { to: i % 2 ? 'b' : 'a' },
    );
    statuses.push(`${res.status}@${res.instance}`);
  }
  check(
    'rate limit across instances',
    statuses.slice(0, 5).every((s) => s.startsWith('202')) && statuses[5]?.startsWith('429'),
    statuses.join(' '),
    '5 links per e-mail per minute, shared in PostgreSQL',
  );

  // Uploads: stored by one instance, served by the other (S3).
  const hq = new Client(origin);
  await signIn(hq, apps, HQ);
  const hqId = (await hq.get('/api/auth/session')).data.user.trainerId;
  const upload = multipartPicture(await picture(7));
  const uploaded = await hq.request('POST', `/api/trainer-profile/${hqId}/picture`, {
    body: upload.body,
    headers: upload.headers,
    to: 'a',
  });
  const url = uploaded.data?.profilePicture;
  const fromA = await hq.get(url, { to: 'a' });
  const fromB = await hq.get(url, { to: 'b' });
  check(
    'picture upload across instances (S3)',
    uploaded.status === 200 && fromB.status === 200 && fromB.buf.equals(fromA.buf),
    `uploaded on ${uploaded.instance}, served by ${fromB.instance} and ${fromA.instance}`,
    `${fromB.buf.length} bytes, identical`,
  );

  // Sealed PDFs: signed on one instance, downloaded from either.
  const added = await admin.post(
    '/api/admin/trainers',
    { name: 'Sam Signer', email: 'sam@faults.test' },
    { to: 'b' },
  );
  const sam = new Client(origin);
  await signIn(sam, apps, 'sam@faults.test', { requestTo: 'a', verifyTo: 'b' });
  const signed = await signAllDocuments(sam, added.data.id, 'Sam Signer', { to: 'a' });
  const firstDoc = signed[0]?.data;
  const pdfA = await sam.get(`/api/documents/${firstDoc.id}/pdf`, { to: 'a' });
  const pdfB = await sam.get(`/api/documents/${firstDoc.id}/pdf`, { to: 'b' });
  check(
    'sealed PDF across instances (S3)',
    signed.every((s) => s.status === 200) &&
      pdfB.status === 200 &&
      sha(pdfB.buf) === firstDoc.pdfHash &&
      pdfA.buf.equals(pdfB.buf),
    `${signed.length} signed on ${signed[0]?.instance}, PDF from ${pdfB.instance} and ${pdfA.instance}`,
    `sha256 ${firstDoc.pdfHash.slice(0, 12)}... matches`,
  );

  // Scheduled work: both instances tick every 2 s at the same moments; each round runs on one of them only.
  const remy = await admin.post(
    '/api/admin/trainers',
    { name: 'Remy Late', email: 'remy@faults.test' },
    { to: 'a' },
  );
  const remyId = remy.data.id;
  pg.psql(
    'sp_faults_instances',
    `update documents set sent_at = now() - interval '6 days' where trainer_id = ${remyId} and type <> 'nda';
     update documents set expires_at = now() - interval '1 minute' where trainer_id = ${remyId} and type = 'nda';`,
  );
  const logStart = { a: a.lines.length, b: b.lines.length };
  await sleep(7_000);
  const rounds = new Map();
  for (const app of apps) {
    for (const line of app.lines.slice(logStart[app.name])) {
      if (!line.includes('scheduled job')) continue;
      const entry = JSON.parse(line);
      const key = `${entry.job}#${entry.round}`;
      const r = rounds.get(key) ?? { ran: [], skipped: [] };
      (entry.msg === 'scheduled job ran' ? r.ran : r.skipped).push(app.name);
      rounds.set(key, r);
    }
  }
  const doubled = [...rounds.values()].filter((r) => r.ran.length > 1).length;
  const ranOn = [...rounds.values()].flatMap((r) => r.ran);
  const reminders = apps
    .flatMap((app) => app.mails('remy@faults.test'))
    .filter((m) => /^Reminder/.test(m.subject));
  const ndaStatus = pg.psql(
    'sp_faults_instances',
    `select status from documents where trainer_id = ${remyId} and type = 'nda'`,
  );
  const expiredEvents = pg.psql(
    'sp_faults_instances',
    `select count(*) from document_events e join documents d on d.id = e.document_id where d.trainer_id = ${remyId} and e.type = 'expired'`,
  );
  check(
    'scheduled work runs once across instances',
    rounds.size > 0 &&
      doubled === 0 &&
      reminders.length === 2 &&
      ndaStatus === 'expired' &&
      expiredEvents === '1',
    `${rounds.size} job rounds, ${doubled} run twice`,
    `rounds run by a: ${ranOn.filter((n) => n === 'a').length}, b: ${ranOn.filter((n) => n === 'b').length}; ${reminders.length} reminders for 2 due documents, ${expiredEvents} expiry`,
  );

  return { origin, apps, admin, hq, hqId };
}

// ---------------------------------------------------------------------------------------------------------------
// Load: 50 connections for LOAD_SECONDS on each of four routes, through haproxy to both instances.

function cannon(opts) {
  return new Promise((resolve, reject) => {
    // A generous client timeout: on a busy shared machine an answer may take seconds, and a slow answer is not an
    // error; any timeout still counts as one.
    autocannon({ connections: 50, duration: LOAD_SECONDS, timeout: 60, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const countsOf = (result) => {
  const byCode = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) byCode[code] = count;
  return byCode;
};

async function load(pg, setup) {
  const { origin, hq, hqId } = setup;
  const base = { url: origin, headers: { origin } };

  const list = await cannon({ ...base, requests: [{ method: 'GET', path: '/api/public-trainers' }] });
  const listCodes = countsOf(list);
  check(
    'load: public list',
    list.errors === 0 && list.non2xx === 0,
    `${list.requests.total} requests, ${list.errors + list.non2xx} errors`,
    `${Math.round(list.requests.average)} req/s, p99 ${list.latency.p99} ms; ${JSON.stringify(listCodes)}`,
  );

  // People with accounts (an unknown address is answered 404, as the spec says, and is not what this measures).
  const known = [ADMIN, HQ, 'sam@faults.test', 'remy@faults.test', 'limit@faults.test'];
  let n = 0;
  const signInLoad = await cannon({
    ...base,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/magic-link',
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
            body: JSON.stringify({ email: known[n % known.length] }),
          };
        },
      },
    ],
  });
  const signInCodes = countsOf(signInLoad);
  const signInBad =
    signInLoad.errors +
    Object.entries(signInCodes)
      .filter(([c]) => !['202', '429'].includes(c))
      .reduce((s, [, v]) => s + v, 0);
  check(
    'load: sign-in requests',
    signInBad === 0,
    `${signInLoad.requests.total} requests, ${signInBad} errors`,
    `${JSON.stringify(signInCodes)} (429: 5 links per e-mail per minute)`,
  );

  const capacity = 40;
  const classId = await createClass(hq, hqId, capacity, 'Load Test Class');
  let r = 0;
  const acked = [];
  const registration = await cannon({
    ...base,
    requests: [
      {
        method: 'POST',
        path: `/api/classes/${classId}/registrations`,
        setupRequest: (req, context) => {
          r += 1;
          // Some e-mails repeat, so the same person registering twice is tried under load too.
          context.email = `v${r % 500}@load.test`;
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
            body: JSON.stringify({ name: `Visitor ${r}`, email: context.email }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 201) acked.push(context.email);
        },
      },
    ],
  });
  const regCodes = countsOf(registration);
  const regBad =
    registration.errors +
    Object.entries(regCodes)
      .filter(([c]) => !['201', '409', '429'].includes(c))
      .reduce((sum, [, v]) => sum + v, 0);
  const stored = (await hq.get(`/api/classes/${classId}/registrations`)).data.filter(
    (x) => x.status !== 'cancelled',
  );
  const emails = stored.map((x) => x.email);
  const storedSet = new Set(emails);
  const doubled = emails.length - storedSet.size;
  const lost = acked.filter((e) => !storedSet.has(e)).length;
  const registered = stored.filter((x) => x.status === 'registered').length;
  const waitlisted = stored.filter((x) => x.status === 'waitlisted').length;
  check(
    'load: class registration',
    regBad === 0 && lost === 0 && doubled === 0 && registered === capacity,
    `${registration.requests.total} requests, ${regBad} errors, ${lost} lost, ${doubled} doubled`,
    `${registered} registered of capacity ${capacity}, ${waitlisted} waitlisted; ${stored.length - acked.length} answered after the run stopped; ${JSON.stringify(regCodes)}`,
  );

  let p = 0;
  const profile = await cannon({
    ...base,
    headers: { origin, cookie: hq.cookie },
    requests: [
      {
        method: 'POST',
        path: `/api/trainer-profile/${hqId}`,
        setupRequest: (req) => {
          p += 1;
          return {
            ...req,
            headers: { ...req.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ bio: `Teaching self-defense since 2009 (save ${p}).` }),
          };
        },
      },
    ],
  });
  const profileCodes = countsOf(profile);
  check(
    'load: profile saves',
    profile.errors === 0 && profile.non2xx === 0,
    `${profile.requests.total} requests, ${profile.errors + profile.non2xx} errors`,
    `${Math.round(profile.requests.average)} req/s, p99 ${profile.latency.p99} ms; ${JSON.stringify(profileCodes)}`,
  );
  void pg;
}

// ---------------------------------------------------------------------------------------------------------------
// A full disk: DATA_DIR/uploads is a 1 MB tmpfs (in the app's own mount namespace) that we fill up.

async function fullDisk() {
  const dataDir = tempDir('disk');
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const uploads = path.join(dataDir, 'uploads');
  const env = appEnv(PORTS.disk, { DATA_DIR: dataDir });
  seed(env, 3);
  const wrap = (node, args) => [
    'unshare',
    [
      '-rm',
      'sh',
      '-c',
      `mkdir -p "${uploads}" && mount -t tmpfs -o size=1m tmpfs "${uploads}" && exec "${node}" ${args.map((a) => `"${a}"`).join(' ')}`,
    ],
  ];
  const app = new AppProcess('full-disk app', env, { wrap }).start();
  await app.waitHealthy();
  // What the app sees of its uploads folder: through its own mount namespace.
  const seen = `/proc/${app.pid}/root${uploads}`;
  const filesIn = (dir) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true }).filter((f) => statSync(path.join(dir, f)).isFile())
      : [];
  const admin = new Client(app.base);
  await signIn(admin, [app], ADMIN);
  const added = await admin.post('/api/admin/trainers', { name: 'Dana Disk', email: 'dana@faults.test' });
  const dana = new Client(app.base);
  await signIn(dana, [app], 'dana@faults.test');
  // Fill the disk, leaving less than a picture needs.
  let filler = 0;
  try {
    for (;;) {
      writeFileSync(path.join(seen, `filler-${filler}`), Buffer.alloc(64 * 1024, 1));
      filler += 1;
    }
  } catch {}
  const before = filesIn(seen).length;
  const upload = multipartPicture(await picture(3));
  const res = await dana.request('POST', `/api/trainer-profile/${added.data.id}/picture`, {
    body: upload.body,
    headers: upload.headers,
  });
  const profile = (await dana.get(`/api/trainer-profile/${added.data.id}`)).data;
  const signed = await signAllDocuments(dana, added.data.id, 'Dana Disk');
  const after = filesIn(seen);
  const partial = after.length - before;
  check(
    'full disk: picture upload',
    res.status === 507 &&
      res.data?.error?.code === 'storage_full' &&
      profile.profilePicture === null &&
      partial === 0,
    `${res.status} ${res.data?.error?.code}, ${partial} files left`,
    `"${res.data?.error?.message}"`,
  );
  check(
    'full disk: sealed PDF',
    signed.every((s) => s.status === 507) && partial === 0,
    `${signed.map((s) => s.status).join(', ')}, ${partial} files left`,
    'the signature is recorded; the PDF is made on the next download once there is room',
  );
  // Room again: the PDF is made on download.
  for (let i = 0; i < filler; i++) rmSync(path.join(seen, `filler-${i}`), { force: true });
  const docs = (await dana.get(`/api/trainers/${added.data.id}/documents`)).data;
  const pdfAfter = await dana.get(`/api/documents/${docs[0].id}/pdf`);
  check(
    'full disk: after space is freed',
    pdfAfter.status === 200 && pdfAfter.buf.subarray(0, 5).toString() === '%PDF-',
    `PDF download ${pdfAfter.status}`,
    `${pdfAfter.buf.length} bytes`,
  );
  await app.stop();
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  if (process.env.SKIP_BUILD !== '1' || !existsSync(SERVER_ENTRY)) buildServer();
  const pg = createPostgres(PORTS.pg);
  pg.start();
  const started = Date.now();

  if (wanted('durability') || wanted('lock') || wanted('sigterm')) {
    const running = await durability('pglite', pg);
    if (wanted('lock')) await secondProcess(running);
    if (wanted('sigterm')) await sigterm(running);
    else await running.app.stop();
  }
  if (wanted('durability') || wanted('outage')) {
    const running = await durability('postgres', pg);
    if (wanted('outage')) await outage(pg, running);
    await running.app.stop();
  }
  if (wanted('relisten')) await relisten(pg);
  if (wanted('instances') || wanted('load')) {
    const setup = await instances(pg);
    if (wanted('load')) await load(pg, setup);
  }
  if (wanted('disk')) await fullDisk();

  console.log(table(`Fault, load and several-instance tests (${seconds(Date.now() - started)} s)`, rows));
}

process.on('SIGINT', async () => {
  await cleanupAll();
  process.exit(130);
});
main()
  .catch((error) => {
    console.error(error);
    failed = true;
    if (rows.length) console.log(table('Fault tests (stopped early)', rows));
  })
  .finally(async () => {
    await cleanupAll();
    process.exit(failed ? 1 : 0);
  });
