// `npm run restore-drill`: back up, wipe, restore, and check that every trainer, document (with its sealed PDF),
// payment and picture is back, on both engines. The backup and restore steps are the ones the README gives:
//   PostgreSQL: pg_dump -Fc, then pg_restore into an empty database; files: a tar of DATA_DIR (uploads, seal key,
//   session secret). PGlite: with the server stopped, a tar of the whole DATA_DIR.
// Starts its own PostgreSQL (Debian's binaries) on DRILL_PORT_BASE+0 (default 3450) and the app on +1.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  AppProcess,
  buildServer,
  Client,
  cleanupAll,
  createPostgres,
  enrolAndPay,
  multipartPicture,
  onCleanup,
  picture,
  SERVER_ENTRY,
  seed,
  signAllDocuments,
  signIn,
  table,
  tempDir,
} from './faults/lib.mjs';

const BASE = Number(process.env.DRILL_PORT_BASE ?? 3450);
const ADMIN = 'admin@soulpunch.example';
const HQ = 'jasmine.carter@soulpunch.example';
const sha = (buf) => createHash('sha256').update(buf).digest('hex');
const rows = [];
let failed = false;

/** Everything that must survive, read through the API as an admin: trainers, documents, PDFs, payments, pictures. */
async function manifest(admin) {
  const trainers = (await admin.get('/api/trainers?limit=200')).data;
  const out = { trainers: [], documents: [], payments: [], pictures: [] };
  for (const t of trainers.sort((a, b) => a.id - b.id)) {
    out.trainers.push({ id: t.id, name: t.name, email: t.email, paymentStatus: t.paymentStatus });
    const docs = (await admin.get(`/api/trainers/${t.id}/documents`)).data;
    for (const d of docs) {
      const pdf = d.status === 'signed' ? await admin.get(`/api/documents/${d.id}/pdf`) : undefined;
      out.documents.push({
        id: d.id,
        trainerId: t.id,
        type: d.type,
        status: d.status,
        pdfHash: d.pdfHash ?? null,
        pdf: pdf ? `${pdf.status}:${sha(pdf.buf)}` : null,
      });
    }
    const payments = (await admin.get(`/api/trainers/${t.id}/payments`)).data;
    out.payments.push({ trainerId: t.id, payments: JSON.stringify(payments.payments ?? payments) });
    const profile = (await admin.get(`/api/trainer-profile/${t.id}`)).data;
    if (profile.profilePicture) {
      const pic = await admin.get(profile.profilePicture);
      out.pictures.push({
        trainerId: t.id,
        url: profile.profilePicture,
        bytes: `${pic.status}:${sha(pic.buf)}`,
      });
    }
  }
  return out;
}

function compare(before, after) {
  const a = before.map((x) => JSON.stringify(x));
  const b = new Set(after.map((x) => JSON.stringify(x)));
  const missing = a.filter((x) => !b.has(x)).length;
  return { count: before.length, missing, extra: after.length - (before.length - missing) };
}

async function drill(engine, pg) {
  const port = BASE + 1;
  let dataDir = tempDir(`drill-${engine}`);
  const backupDir = tempDir(`backup-${engine}`);
  onCleanup(() => rmSync(backupDir, { recursive: true, force: true }));
  const dbName = 'sp_restore_drill';
  const env = () => ({
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback', // the harness sends from this machine, one X-Forwarded-For address per client
    SIGN_IN_LINKS_PER_IP: '100000',
    ...(engine === 'postgres' ? { DATABASE_URL: pg.url(dbName) } : {}),
  });
  if (engine === 'postgres') pg.createDatabase(dbName);
  seed(env(), 8);
  let app = new AppProcess(`${engine} app`, env()).start();
  await app.waitHealthy();
  const base = app.base;

  // Real data through the API: two new trainers sign their documents (sealed PDFs), upload pictures and are paid.
  const admin = new Client(base);
  await signIn(admin, [app], ADMIN);
  const hq = new Client(base);
  await signIn(hq, [app], HQ);
  const hqId = (await hq.get('/api/auth/session')).data.user.trainerId;
  const upload = async (client, trainerId, n) => {
    const form = multipartPicture(await picture(n));
    const res = await client.request('POST', `/api/trainer-profile/${trainerId}/picture`, {
      body: form.body,
      headers: form.headers,
    });
    if (res.status !== 200) throw new Error(`picture: ${res.status} ${res.buf}`);
  };
  await upload(hq, hqId, 1);
  const people = [
    { fullName: 'Riley Restore', email: 'riley@drill.test', plan: 'full' },
    { fullName: 'Quinn Backup', email: 'quinn@drill.test', plan: 'flex' },
  ];
  for (const [i, person] of people.entries()) {
    const trainer = new Client(base);
    const trainerId = await enrolAndPay(trainer, [app], person);
    await upload(trainer, trainerId, i + 2);
    const signed = await signAllDocuments(trainer, trainerId, person.fullName);
    if (signed.length < 3 || !signed.every((s) => s.status === 200))
      throw new Error(`signing: ${signed.map((s) => `${s.status} ${s.buf}`)}`);
  }
  const before = await manifest(admin);

  // Back up.
  const started = Date.now();
  if (engine === 'postgres') {
    execFileSync(pg.bin('pg_dump'), ['-Fc', '-f', path.join(backupDir, 'db.dump'), pg.url(dbName)]);
  } else {
    await app.stop(); // PGlite is one process: a cold copy of the stopped directory is the backup.
  }
  execFileSync('tar', ['-C', dataDir, '-czf', path.join(backupDir, 'files.tgz'), '.']);
  const backupBytes =
    statSync(path.join(backupDir, 'files.tgz')).size +
    (engine === 'postgres' ? statSync(path.join(backupDir, 'db.dump')).size : 0);
  const backedUp = Date.now();

  // Wipe: the database and every file are gone.
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'postgres') pg.psql('postgres', `drop database ${dbName} with (force)`);
  const wiped =
    engine === 'postgres'
      ? pg.psql('postgres', `select count(*) from pg_database where datname = '${dbName}'`) === '0'
      : !existsSync(dataDir);

  // Restore into a new place.
  dataDir = tempDir(`restored-${engine}`);
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  mkdirSync(dataDir, { recursive: true });
  execFileSync('tar', ['-C', dataDir, '-xzf', path.join(backupDir, 'files.tgz')]);
  if (engine === 'postgres') {
    pg.psql('postgres', `create database ${dbName}`);
    execFileSync(pg.bin('pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      '-d',
      pg.url(dbName),
      path.join(backupDir, 'db.dump'),
    ]);
  }
  const restoreSeconds = (Date.now() - backedUp) / 1000;
  app = new AppProcess(`${engine} app (restored)`, env()).start();
  await app.waitHealthy();

  // The admin's session from before the backup still works (sessions and the secret came back too).
  const session = (await admin.get('/api/auth/session')).data;
  const after = await manifest(admin);
  await app.stop();

  const results = {
    trainers: compare(before.trainers, after.trainers),
    documents: compare(before.documents, after.documents),
    payments: compare(before.payments, after.payments),
    pictures: compare(before.pictures, after.pictures),
  };
  const signedPdfs = before.documents.filter((d) => d.pdf?.startsWith('200:')).length;
  const ok =
    wiped &&
    session.user?.email === ADMIN &&
    Object.values(results).every((r) => r.missing === 0 && r.extra === 0) &&
    before.pictures.length >= 3 &&
    signedPdfs >= 6;
  if (!ok) failed = true;
  const figures = Object.entries(results)
    .map(([k, r]) => `${k} ${r.count - r.missing}/${r.count}`)
    .join(', ');
  rows.push([
    `restore drill (${engine})`,
    `${ok ? 'PASS' : 'FAIL'} ${figures}`,
    `${signedPdfs} sealed PDFs byte-identical; session kept; backup ${Math.round(backupBytes / 1024)} KB in ${((backedUp - started) / 1000).toFixed(1)} s, restore ${restoreSeconds.toFixed(1)} s`,
  ]);
  console.log(rows.at(-1).join(' | '));
}

async function main() {
  if (process.env.SKIP_BUILD !== '1' || !existsSync(SERVER_ENTRY)) buildServer();
  const pg = createPostgres(BASE);
  pg.start();
  for (const engine of (process.env.DRILL_ENGINES ?? 'pglite,postgres').split(',')) await drill(engine, pg);
  console.log(table('Restore drill: back up, wipe, restore, compare', rows));
}

main()
  .catch((error) => {
    console.error(error);
    failed = true;
  })
  .finally(async () => {
    await cleanupAll();
    process.exit(failed ? 1 : 0);
  });
