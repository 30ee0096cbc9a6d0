import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps';
import { manualClock } from '../src/lib/clock';
import { createRequiredDocuments, runDocumentSchedule } from '../src/modules/documents/service';
import {
  appDeps,
  buildTestApp,
  emptyTables,
  FRESH_WITHIN,
  latestMailTo,
  seedCast,
  type TestApp,
  withCookie,
} from './helper';

let t: TestApp;
let app: FastifyInstance;
let deps: AppDeps;
const clock = manualClock('2026-04-01T15:00:00Z');
let cast: Awaited<ReturnType<typeof seedCast>>;

beforeAll(async () => {
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
  deps = appDeps(app, clock);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2026-04-01T15:00:00Z');
  cast = await seedCast(app);
  await emptyTables(app.db, ['document_events', 'esign_consents']);
  await createRequiredDocuments(deps, cast.mariaId);
  await createRequiredDocuments(deps, cast.devonId);
});

const get = (cookie: string, url: string) => app.inject(withCookie(cookie, { method: 'GET', url }));
const post = (cookie: string, url: string, payload?: object) =>
  app.inject(withCookie(cookie, { method: 'POST', url, ...(payload ? { payload } : {}) }));

async function docsOf(cookie: string, trainerId: number) {
  const res = await get(cookie, `/api/trainers/${trainerId}/documents`);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{
    id: number;
    type: string;
    status: string;
    templateHash: string;
    title: string;
    reminderSentAt: string | null;
  }>;
}

async function consent(cookie: string) {
  const state = (await get(cookie, '/api/esign-consent')).json();
  const res = await post(cookie, '/api/esign-consent', {
    disclosureVersion: state.disclosure.version,
    disclosureSha256: state.disclosure.sha256,
  });
  expect(res.statusCode).toBe(200);
}

const snapshot = async (id: number) => ({
  doc: await app.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  events: await app.db.selectFrom('documentEvents').select('id').where('documentId', '=', id).execute(),
});

describe('required documents', () => {
  it('creates and sends three documents once, with a link to the signing page', async () => {
    await createRequiredDocuments(deps, cast.mariaId);
    const docs = await docsOf(cast.maria, cast.mariaId);
    expect(docs.map((d) => [d.type, d.status])).toEqual([
      ['trainer_agreement', 'sent'],
      ['nda', 'sent'],
      ['liability_waiver', 'sent'],
    ]);
    // One e-mail lists the three, each with its link (not three e-mails in the same second).
    const mails = await app.db
      .selectFrom('outboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', 'maria@example.com')
      .where('subject', 'like', 'Please sign%')
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(['Please sign your Soul Punch trainer documents']);
    expect(mails[0]?.textBody.match(/\/trainer-portal\/documents\/\d+/g)).toHaveLength(3);
    expect(mails[0]?.textBody).toContain('The documents stay open for 30 days, until Friday, May 1, 2026.');
    // The admin list, the dashboard's pending documents and the trainer's own list agree.
    expect((await get(cast.admin, '/api/documents')).json()).toHaveLength(6);
    expect((await get(cast.admin, '/api/dashboard/stats')).json().pendingDocuments).toHaveLength(6);
    expect((await get(cast.devon, `/api/trainers/${cast.mariaId}/documents`)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/trainers/${cast.mariaId}/documents` })).statusCode,
    ).toBe(401);
  });
});

describe('signing', () => {
  it("refuses a signature without consent, without the box, without the signer's own name, with another version, or on another trainer's document, changing nothing", async () => {
    const [doc] = await docsOf(cast.maria, cast.mariaId);
    if (!doc) throw new Error('no document');
    const good = { templateHash: doc.templateHash, agreed: true, fullName: 'Maria Garcia' };
    const before = await snapshot(doc.id);

    const noConsent = await post(cast.maria, `/api/documents/${doc.id}/sign`, good);
    expect(noConsent.statusCode).toBe(409);
    expect(noConsent.json().error.code).toBe('consent_required');
    await consent(cast.maria);
    const afterConsent = await snapshot(doc.id);

    const noBox = await post(cast.maria, `/api/documents/${doc.id}/sign`, { ...good, agreed: false });
    expect(noBox.statusCode).toBe(400);
    expect(noBox.json().error.message).toMatch(/I have read and agree/);
    const noName = await post(cast.maria, `/api/documents/${doc.id}/sign`, { ...good, fullName: ' ' });
    expect(noName.statusCode).toBe(400);
    // Another person's name is no signature: the message names the account's name and the field.
    const otherName = await post(cast.maria, `/api/documents/${doc.id}/sign`, {
      ...good,
      fullName: 'Mickey Mouse',
    });
    expect(otherName.statusCode).toBe(400);
    expect(otherName.json().error).toMatchObject({
      code: 'name_mismatch',
      fields: { fullName: expect.stringContaining("'Maria Garcia'") },
    });
    const otherVersion = await post(cast.maria, `/api/documents/${doc.id}/sign`, {
      ...good,
      templateHash: 'a'.repeat(64),
    });
    expect(otherVersion.statusCode).toBe(409);
    expect(otherVersion.json().error.code).toBe('version_changed');
    await consent(cast.devon);
    const someoneElse = await post(cast.devon, `/api/documents/${doc.id}/sign`, good);
    expect(someoneElse.statusCode).toBe(403);
    const admin = await post(cast.admin, `/api/documents/${doc.id}/sign`, good);
    expect(admin.statusCode).toBe(403);
    const signedOut = await app.inject({
      method: 'POST',
      url: `/api/documents/${doc.id}/sign`,
      payload: good,
    });
    expect(signedOut.statusCode).toBe(401);

    expect(before.doc.status).toBe('sent');
    expect(await snapshot(doc.id)).toEqual(afterConsent);
  });

  it('signs all three, completes onboarding, e-mails the sealed PDF, and the checklist follows', async () => {
    // As after a verified payment: onboarding waits for the documents.
    await app.db
      .updateTable('trainers')
      .set({ paymentStatus: 'completed', onboardingStatus: 'documents_pending' })
      .where('id', '=', cast.mariaId)
      .execute();
    await consent(cast.maria);
    const docs = await docsOf(cast.maria, cast.mariaId);
    // Her own name, however she types it: case, spacing and accents do not count.
    const typed = ['Maria Garcia', 'maría  GARCÍA', ' Maria garcia '];
    for (const [i, doc] of docs.entries()) {
      const detail = (await get(cast.maria, `/api/documents/${doc.id}`)).json();
      expect(detail.body.length).toBeGreaterThan(500);
      const res = await app.inject(
        withCookie(cast.maria, {
          method: 'POST',
          url: `/api/documents/${doc.id}/sign`,
          headers: { 'user-agent': 'Vitest Phone/1.0' },
          remoteAddress: '203.0.113.7',
          payload: { templateHash: detail.templateHash, agreed: true, fullName: typed[i] },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'signed',
        pdfHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    }
    const trainer = await app.db
      .selectFrom('trainers')
      .select('onboardingStatus')
      .where('id', '=', cast.mariaId)
      .executeTakeFirstOrThrow();
    expect(trainer.onboardingStatus).toBe('completed');
    const checklist = (await get(cast.maria, `/api/trainers/${cast.mariaId}/onboarding`)).json();
    expect(checklist.steps.find((s: { key: string }) => s.key === 'documents_signed').completed).toBe(true);
    const mail = await latestMailTo(app, 'maria@example.com');
    expect(mail?.subject).toMatch(/^Signed: /);
    expect(mail?.attachments[0]).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
    const again = await post(cast.maria, `/api/documents/${docs[0]?.id}/sign`, {
      templateHash: docs[0]?.templateHash,
      agreed: true,
      fullName: 'Maria Garcia',
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('sealed PDF and verification', () => {
  const hasPoppler = spawnSync('pdfsig', ['-v']).error === undefined;
  const itPdf = hasPoppler || process.env.CI === 'true' ? it : it.skip;
  if (!hasPoppler && process.env.CI !== 'true')
    console.warn('pdfsig (poppler-utils) is not installed: skipping the sealed-PDF checks');

  itPdf(
    'is valid for pdfsig over the whole file, invalid after one byte changes, and carries the recorded facts',
    async () => {
      await consent(cast.maria);
      const [doc] = await docsOf(cast.maria, cast.mariaId);
      if (!doc) throw new Error('no document');
      await app.inject(
        withCookie(cast.maria, {
          method: 'POST',
          url: `/api/documents/${doc.id}/sign`,
          remoteAddress: '203.0.113.7',
          headers: { 'user-agent': 'Vitest Phone/1.0' },
          payload: { templateHash: doc.templateHash, agreed: true, fullName: 'Maria Garcia' },
        }),
      );
      const download = await get(cast.maria, `/api/documents/${doc.id}/pdf`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      const pdf = download.rawPayload;
      const dir = mkdtempSync(path.join(tmpdir(), 'sp-pdf-'));
      const file = path.join(dir, 'signed.pdf');
      writeFileSync(file, pdf);
      const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('Total document signed');

      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Certificate of Completion');
      for (const fact of [
        'Maria Garcia',
        'maria@example.com',
        String(doc.id),
        '203.0.113.7',
        'Vitest Phone/1.0',
        doc.templateHash,
      ]) {
        expect(text).toContain(fact);
      }

      const tampered = Buffer.from(pdf);
      const at = tampered.indexOf('Soul Punch');
      tampered[at] = tampered[at] === 0x53 ? 0x54 : 0x53;
      const bad = path.join(dir, 'tampered.pdf');
      writeFileSync(bad, tampered);
      const badReport = spawnSync('pdfsig', [bad], { encoding: 'utf8' }).stdout;
      expect(badReport).not.toContain('Signature is Valid');

      const verify = (body: Buffer) =>
        app.inject({
          method: 'POST',
          url: '/api/verify',
          headers: { 'content-type': 'application/pdf' },
          payload: body,
        });
      const ok = await verify(pdf);
      expect(ok.json()).toMatchObject({
        valid: true,
        summary: 'Issued by Soul Punch and unaltered.',
        document: { id: doc.id, signerName: 'Maria Garcia' },
      });
      const rejected = await verify(tampered);
      expect(rejected.json()).toMatchObject({ valid: false, document: null });
      expect(rejected.json().reasons.join(' ')).toMatch(/changed|not issued/);
      // The number alone (they run in order) does not name the signer; the code printed on the PDF does.
      const facts = (query: string) => app.inject({ method: 'GET', url: `/api/verify/${doc.id}${query}` });
      expect((await facts('')).json()).toMatchObject({
        id: doc.id,
        signerName: null,
        pdfSha256: expect.any(String),
      });
      const printed = text.replace(/\s+/g, ' ').match(/\/verify-document\?id=(\d+)&code=([\w-]+)/);
      expect(printed?.[1]).toBe(String(doc.id));
      expect((await facts(`?code=${printed?.[2]}`)).json()).toMatchObject({
        id: doc.id,
        signerName: 'Maria Garcia',
      });
      const wrong = `${printed?.[2]?.slice(0, -1)}${printed?.[2]?.endsWith('A') ? 'B' : 'A'}`;
      expect((await facts(`?code=${wrong}`)).json()).toMatchObject({ signerName: null });
      expect((await facts(`?code=${printed?.[2]}&extra=1`)).statusCode).toBe(400);
    },
  );
});

describe('audit chain', () => {
  it('finds an edited entry and a deleted entry', async () => {
    const check = async () => (await post(cast.admin, '/api/documents/audit/verify')).json();
    expect(await check()).toMatchObject({ ok: true, brokenAt: null });
    expect((await post(cast.maria, '/api/documents/audit/verify')).statusCode).toBe(403);

    const rows = await app.db.selectFrom('documentEvents').select(['id']).orderBy('id').execute();
    const second = rows[1]?.id as number;
    await sql`update document_events set actor = 'someone else' where id = ${second}`.execute(app.db);
    expect(await check()).toMatchObject({
      ok: false,
      brokenAt: { id: second, reason: expect.stringMatching(/edited/) },
    });
    await sql`update document_events set actor = 'system' where id = ${second}`.execute(app.db);
    expect((await check()).ok).toBe(true);

    await sql`delete from document_events where id = ${second}`.execute(app.db);
    const broken = await check();
    expect(broken).toMatchObject({
      ok: false,
      brokenAt: { id: rows[2]?.id, reason: expect.stringMatching(/removed/) },
    });
  });
});

describe('reminders, expiry and the admin actions', () => {
  it('reminds after 5 days then every 2, expires after 30, and a resend opens a new period (manual clock)', async () => {
    const [doc] = await docsOf(cast.devon, cast.devonId);
    if (!doc) throw new Error('no document');
    const status = async () => (await get(cast.admin, `/api/documents/${doc.id}`)).json();
    clock.advanceDays(4);
    await runDocumentSchedule(deps, clock.now());
    expect((await status()).reminderSentAt).toBeNull();
    clock.advanceDays(1);
    expect((await runDocumentSchedule(deps, clock.now())).reminded).toBe(6);
    expect((await status()).reminderSentAt).toBe('2026-04-06T15:00:00.000Z');
    // Each trainer's three reminders come in one e-mail, with the closing day as people write it.
    const reminders = await app.db
      .selectFrom('outboxMessages')
      .select(['toAddress', 'subject', 'textBody'])
      .where('subject', 'like', 'Reminder%')
      .orderBy('id')
      .execute();
    expect(reminders.map((m) => [m.toAddress, m.subject])).toEqual([
      ['maria@example.com', 'Reminder: please sign your Soul Punch trainer documents'],
      ['devon@example.com', 'Reminder: please sign your Soul Punch trainer documents'],
    ]);
    expect(reminders[1]?.textBody).toContain('Three documents are still waiting for your signature.');
    expect(reminders[1]?.textBody).toContain('They stay open until Friday, May 1, 2026.');
    expect(
      reminders[1]?.textBody.match(/- Review and sign the .+: http:\/\/\S+\/trainer-portal\/documents\/\d+/g),
    ).toHaveLength(3);
    clock.advanceDays(1);
    expect((await runDocumentSchedule(deps, clock.now())).reminded).toBe(0);
    clock.advanceDays(1);
    expect((await runDocumentSchedule(deps, clock.now())).reminded).toBe(6);
    clock.set('2026-05-01T15:00:00Z');
    expect((await runDocumentSchedule(deps, clock.now())).expired).toBe(6);
    expect((await status()).status).toBe('expired');
    // Devon is out of the directory rule, and sees why.
    const standing = (await get(cast.devon, `/api/trainers/${cast.devonId}/standing`)).json();
    expect(standing.listed).toBe(false);
    expect(standing.reasons[0]).toMatch(/not signed yet/);

    const resend = await post(cast.admin, `/api/documents/${doc.id}/resend`);
    expect(resend.json()).toMatchObject({
      status: 'sent',
      reminderSentAt: null,
      expiresAt: '2026-05-31T15:00:00.000Z',
    });
  });

  it('offers Send Reminder once on a sent document, and Check Status on anything not signed', async () => {
    const [doc] = await docsOf(cast.devon, cast.devonId);
    if (!doc) throw new Error('no document');
    expect((await post(cast.devon, `/api/documents/${doc.id}/send-reminder`)).statusCode).toBe(403);
    const first = await post(cast.admin, `/api/documents/${doc.id}/send-reminder`);
    expect(first.statusCode).toBe(200);
    expect(first.json().reminderSentAt).toBe('2026-04-01T15:00:00.000Z');
    expect((await latestMailTo(app, 'devon@example.com'))?.subject).toMatch(/^Reminder: please sign/);
    // The closing day as people write it (in the brand's time zone), not an ISO or RFC 1123 stamp.
    expect((await latestMailTo(app, 'devon@example.com'))?.textBody).toContain(
      'It stays open until Friday, May 1, 2026.',
    );
    const second = await post(cast.admin, `/api/documents/${doc.id}/send-reminder`);
    expect(second.statusCode).toBe(409);
    const check = await post(cast.admin, `/api/documents/${doc.id}/check-status`);
    expect(check.json()).toMatchObject({ id: doc.id, trainerId: cast.devonId, status: 'sent' });
    const refresh = await post(cast.admin, '/api/documents/refresh');
    expect(refresh.json()).toMatchObject({ checked: 6 });
    expect((await post(cast.admin, '/api/documents/999999/check-status')).statusCode).toBe(404);
  });
});

describe('the directory follows the paperwork', () => {
  it('leaves out a trainer with unsigned documents and brings them back once signed', async () => {
    await app.db.updateTable('trainerProfiles').set({ publiclyListed: true }).execute();
    // Written past the services: announce it and wait for the public answers' rebuild (decision record 0012).
    app.publicDirectoryCache.invalidate();
    await app.publicDirectoryCache.whenSettled();
    const listed = async () =>
      (await app.inject({ method: 'GET', url: '/api/public-trainers' })).json() as
        | Array<{ id: number }>
        | { items: Array<{ id: number }> };
    const ids = async () => {
      const body = await listed();
      return (Array.isArray(body) ? body : body.items).map((x) => x.id);
    };
    expect(await ids()).not.toContain(cast.mariaId);
    await consent(cast.maria);
    for (const doc of await docsOf(cast.maria, cast.mariaId)) {
      await post(cast.maria, `/api/documents/${doc.id}/sign`, {
        templateHash: doc.templateHash,
        agreed: true,
        fullName: 'Maria Garcia',
      });
    }
    // Another client's read: the change shows within 2 s (stale-while-revalidate, decision record 0012).
    await expect.poll(ids, FRESH_WITHIN).toContain(cast.mariaId);
    expect((await get(cast.maria, `/api/trainers/${cast.mariaId}/standing`)).json()).toEqual({
      listed: true,
      reasons: [],
    });
  });
});
