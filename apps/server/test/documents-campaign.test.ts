import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps';
import { DAY_MS, manualClock } from '../src/lib/clock';
import { createRequiredDocuments, runDocumentSchedule } from '../src/modules/documents/service';
import {
  appDeps,
  buildTestApp,
  FRESH_WITHIN,
  latestMailTo,
  seedCast,
  type TestApp,
  withCookie,
} from './helper';

let t: TestApp;
let app: FastifyInstance;
let deps: AppDeps;
const clock = manualClock('2026-05-01T10:00:00Z');
let cast: Awaited<ReturnType<typeof seedCast>>;

beforeAll(async () => {
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
  deps = appDeps(app, clock);
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set('2026-05-01T10:00:00Z');
  cast = await seedCast(app);
  await app.db.updateTable('trainerProfiles').set({ publiclyListed: true }).execute();
  await createRequiredDocuments(deps, cast.mariaId);
});

const get = (cookie: string, url: string) => app.inject(withCookie(cookie, { method: 'GET', url }));
const post = (cookie: string, url: string, payload?: object) =>
  app.inject(withCookie(cookie, { method: 'POST', url, ...(payload ? { payload } : {}) }));

interface Summary {
  id: number;
  type: string;
  status: string;
  templateHash: string;
  templateVersion: number;
}
const docsOf = async (trainerId: number) =>
  (await get(cast.admin, `/api/trainers/${trainerId}/documents`)).json() as Summary[];

async function signAll(cookie: string, trainerId: number) {
  const state = (await get(cookie, '/api/esign-consent')).json();
  await post(cookie, '/api/esign-consent', {
    disclosureVersion: state.disclosure.version,
    disclosureSha256: state.disclosure.sha256,
  });
  for (const doc of await docsOf(trainerId)) {
    if (doc.status === 'signed') continue;
    const res = await post(cookie, `/api/documents/${doc.id}/sign`, {
      templateHash: doc.templateHash,
      agreed: true,
      fullName: 'Maria Garcia',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** The directory's trainers: a change shows there within 2 s (polled). */
const listedIds = async () => {
  const body = (await app.inject({ method: 'GET', url: '/api/public-trainers' })).json() as
    | Array<{ id: number }>
    | { items: Array<{ id: number }> };
  return (Array.isArray(body) ? body : body.items).map((x) => x.id);
};

const ndaV2 = {
  title: 'Non-Disclosure Agreement',
  description: 'How you keep the curriculum, materials and community information confidential.',
  body: `SOUL PUNCH NON-DISCLOSURE AGREEMENT (VERSION 2)\n\n${'The curriculum, lesson plans, videos and the trainer drive stay confidential, and so does every participant. '.repeat(4)}`,
};

describe('templates and the re-sign campaign', () => {
  it('lists the three first versions and refuses trainers, signed-out callers and bad drafts', async () => {
    const list = await get(cast.admin, '/api/document-templates');
    expect(list.statusCode).toBe(200);
    const templates = list.json() as Array<{ type: string; version: number; sha256: string; body: string }>;
    expect(templates.map((x) => x.type)).toEqual(['trainer_agreement', 'nda', 'liability_waiver']);
    for (const tpl of templates) expect(tpl.body.length).toBeGreaterThan(1000);

    expect((await get(cast.maria, '/api/document-templates')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/document-templates' })).statusCode).toBe(401);
    expect((await post(cast.maria, '/api/document-templates/nda/versions', ndaV2)).statusCode).toBe(403);
    const short = await post(cast.admin, '/api/document-templates/nda/versions', {
      ...ndaV2,
      body: 'Too short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.body).toBe('The document text must be at least 200 characters');
    const extra = await post(cast.admin, '/api/document-templates/nda/versions', { ...ndaV2, version: 9 });
    expect(extra.statusCode).toBe(400);
    expect((await post(cast.admin, '/api/document-templates/contract/versions', ndaV2)).statusCode).toBe(404);
    const same = await post(cast.admin, '/api/document-templates/nda/versions', {
      ...ndaV2,
      body: templates[1]?.body,
    });
    expect(same.statusCode).toBe(409);

    const preview = await post(cast.admin, '/api/document-templates/nda/preview', ndaV2);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A preview is never sealed.
    expect(preview.rawPayload.includes('/ByteRange')).toBe(false);
  });

  it('publishing v2 sends it to v1 signers; the directory keeps them while it is open, drops them when it expires, and takes them back once signed', async () => {
    await signAll(cast.maria, cast.mariaId);
    await expect.poll(listedIds, FRESH_WITHIN).toContain(cast.mariaId);
    // Devon has not signed anything: the campaign is for signers of an older version only.
    await createRequiredDocuments(deps, cast.devonId);

    const published = await post(cast.admin, '/api/document-templates/nda/versions', ndaV2);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ type: 'nda', version: 2 });
    expect(published.json().versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const mariaNda = (await docsOf(cast.mariaId)).find((d) => d.type === 'nda');
    expect(mariaNda).toMatchObject({ status: 'sent', templateVersion: 2 });
    expect((await latestMailTo(app, 'maria@example.com'))?.subject).toBe(
      'Please sign: Non-Disclosure Agreement',
    );
    const devonNda = (await docsOf(cast.devonId)).find((d) => d.type === 'nda');
    expect(devonNda?.templateVersion).toBe(1);

    const campaign = (await get(cast.admin, '/api/document-templates/nda/campaign')).json();
    expect(campaign).toMatchObject({
      type: 'nda',
      version: 2,
      counts: { total: 1, signed: 0, waiting: 1, expired: 0 },
    });
    expect(campaign.trainers[0]).toMatchObject({ trainerId: cast.mariaId, status: 'sent' });

    // Still open: the v1 signature stands.
    await expect.poll(listedIds, FRESH_WITHIN).toContain(cast.mariaId);
    clock.set(new Date(clock.now().getTime() + 31 * DAY_MS));
    await runDocumentSchedule(deps, clock.now());
    await expect.poll(listedIds, FRESH_WITHIN).not.toContain(cast.mariaId);
    const standing = (await get(cast.maria, `/api/trainers/${cast.mariaId}/standing`)).json();
    expect(standing.listed).toBe(false);
    expect(standing.reasons.join(' ')).toMatch(/Non-Disclosure Agreement version 2/);
    expect((await get(cast.devon, `/api/trainers/${cast.mariaId}/standing`)).statusCode).toBe(403);

    expect((await post(cast.admin, `/api/documents/${mariaNda?.id}/resend`)).json().status).toBe('sent');
    await expect.poll(listedIds, FRESH_WITHIN).toContain(cast.mariaId);
    await signAll(cast.maria, cast.mariaId);
    await expect.poll(listedIds, FRESH_WITHIN).toContain(cast.mariaId);
    expect((await get(cast.admin, '/api/document-templates/nda/campaign')).json().counts).toEqual({
      total: 1,
      signed: 1,
      waiting: 0,
      expired: 0,
    });
    expect((await get(cast.maria, `/api/trainers/${cast.mariaId}/standing`)).json()).toEqual({
      listed: true,
      reasons: [],
    });
  });

  it('a paused or suspended trainer is out of the directory with the reason, whatever the documents say', async () => {
    await signAll(cast.maria, cast.mariaId);
    await app.db
      .updateTable('trainers')
      .set({ accessPausedAt: clock.now() })
      .where('id', '=', cast.mariaId)
      .execute();
    await expect.poll(listedIds, FRESH_WITHIN).not.toContain(cast.mariaId);
    expect((await get(cast.maria, `/api/trainers/${cast.mariaId}/standing`)).json()).toEqual({
      listed: false,
      reasons: ['Your portal access is paused: an instalment is unpaid.'],
    });
  });
});
