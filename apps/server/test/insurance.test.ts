import { CERTIFICATION_DEFAULTS } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, manualClock } from '../src/lib/clock';
import { runCertificationRound } from '../src/modules/certification/round';
import {
  appDeps,
  buildTestApp,
  inPublicDirectory,
  seedCast,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';

// Insurance on file (issue 26 part 3): the policy and its certificate, checked like pictures; an admin accepts it;
// reminders before it ends; with insurance required, an expired policy pauses the public listing until a new one
// is accepted.

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;
const START = '2026-03-10T15:00:00Z';

beforeAll(async () => {
  clock = manualClock(START);
  t = await buildTestApp(
    {
      certification: {
        ...CERTIFICATION_DEFAULTS,
        reminderDays: [...CERTIFICATION_DEFAULTS.reminderDays],
        insuranceReminderDays: [...CERTIFICATION_DEFAULTS.insuranceReminderDays],
        renewalRequires: ['insurance'],
        insuranceRequired: true,
      },
    },
    undefined,
    { clock },
  );
  app = t.app;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(START);
  cast = await seedCast(app);
});

const as = (cookie: string, options: InjectOptions) => app.inject(withCookie(cookie, options));
const url = (trainerId: number, rest = '') => `/api/trainers/${trainerId}/insurance${rest}`;
const policy = (extra: Record<string, unknown> = {}) => ({
  provider: 'K&K Insurance',
  policyNumber: 'KK-55012/7',
  expiresOn: '2026-12-31',
  ...extra,
});
const put = (cookie: string, trainerId: number, body: object) =>
  as(cookie, { method: 'PUT', url: url(trainerId), payload: body });

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----insurancetest';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (cookie: string, trainerId: number, bytes: Buffer, filename: string, type: string) =>
  as(cookie, { method: 'POST', url: url(trainerId, '/certificate'), ...multipart(bytes, filename, type) });
const accept = (cookie: string, trainerId: number, reason = 'Certificate checked against the policy') =>
  as(cookie, { method: 'POST', url: url(trainerId, '/accept'), payload: { reason } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const listed = (trainerId: number) => inPublicDirectory(app, trainerId);

const round = () => runCertificationRound(appDeps(app, clock), clock.now());

describe('filing a policy and its certificate', () => {
  it('takes the policy, a PDF or an image checked by its bytes, and an admin accepts it, audited', async () => {
    let res = await put(cast.maria, cast.mariaId, policy());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      required: true,
      policy: { provider: 'K&K Insurance', status: 'pending', hasCertificate: false },
    });
    // Accepting a policy without its certificate is refused.
    expect((await accept(cast.admin, cast.mariaId)).json().error.code).toBe('no_insurance_policy');

    res = await upload(
      cast.maria,
      cast.mariaId,
      Buffer.from('just some text'),
      'policy.pdf',
      'application/pdf',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_insurance_file');
    res = await upload(
      cast.maria,
      cast.mariaId,
      Buffer.from('%PDF-1.4 cut short'),
      'p.pdf',
      'application/pdf',
    );
    expect(res.json().error.code).toBe('invalid_insurance_file');

    // An image is decoded and re-encoded: what it hid (metadata) is not kept.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#224488' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    res = await upload(cast.maria, cast.mariaId, png, 'policy.png', 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policy).toMatchObject({ hasCertificate: true, certificateType: 'png' });
    let file = await as(cast.admin, { method: 'GET', url: url(cast.mariaId, '/certificate') });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);

    res = await upload(cast.maria, cast.mariaId, PDF, 'policy.pdf', 'application/pdf');
    expect(res.json().policy).toMatchObject({ certificateType: 'pdf' });
    file = await as(cast.maria, { method: 'GET', url: url(cast.mariaId, '/certificate') });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    res = await accept(cast.admin, cast.mariaId, 'Checked with K&K by phone');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().policy).toMatchObject({ status: 'accepted' });
    expect((await accept(cast.admin, cast.mariaId)).json().error.code).toBe('already_accepted');
    const changes = await app.db
      .selectFrom('trainerChanges')
      .select('changes')
      .where('trainerId', '=', cast.mariaId)
      .execute();
    expect(JSON.stringify(changes)).toContain('Checked with K&K by phone');
  });

  it('refuses bad input with 400 and changes nothing; 401, 403 for others, accept for admins only', async () => {
    for (const bad of [
      policy({ policyNumber: '' }),
      policy({ provider: 'x' }),
      policy({ expiresOn: 'soon' }),
      policy({ policyNumber: '<script>' }),
      policy({ extra: true }),
    ]) {
      const res = await put(cast.maria, cast.mariaId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const past = await put(cast.maria, cast.mariaId, policy({ expiresOn: '2026-03-01' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('insurance_expired');
    expect((await as(cast.maria, { method: 'GET', url: url(cast.mariaId) })).json().policy).toBeNull();

    expect((await put(cast.devon, cast.mariaId, policy())).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: url(cast.mariaId),
          payload: policy(),
          headers: { origin: TEST_APP_URL },
        })
      ).statusCode,
    ).toBe(401);
    expect((await as(cast.devon, { method: 'GET', url: url(cast.mariaId) })).statusCode).toBe(403);
    expect((await upload(cast.devon, cast.mariaId, PDF, 'p.pdf', 'application/pdf')).statusCode).toBe(403);
    await put(cast.maria, cast.mariaId, policy());
    await upload(cast.maria, cast.mariaId, PDF, 'p.pdf', 'application/pdf');
    expect((await accept(cast.maria, cast.mariaId)).statusCode).toBe(403);
    expect((await accept(cast.admin, cast.mariaId, 'no')).statusCode).toBe(400);
  });
});

describe('with insurance required', () => {
  it('pauses the listing without a current accepted policy, resumes on acceptance, and pauses again on expiry', async () => {
    expect(await listed(cast.mariaId)).toBe(true);
    await round();
    expect(await listed(cast.mariaId)).toBe(false);
    const standing = (
      await as(cast.maria, { method: 'GET', url: `/api/trainers/${cast.mariaId}/standing` })
    ).json();
    expect(standing.reasons).toEqual([expect.stringMatching(/insurance policy must be on file/)]);

    await put(cast.maria, cast.mariaId, policy({ expiresOn: '2026-06-30' }));
    await upload(cast.maria, cast.mariaId, PDF, 'p.pdf', 'application/pdf');
    // On file but not yet accepted: still paused.
    await round();
    expect(await listed(cast.mariaId)).toBe(false);
    await accept(cast.admin, cast.mariaId);
    expect(await listed(cast.mariaId)).toBe(true);
    const record = (
      await as(cast.admin, { method: 'GET', url: `/api/trainers/${cast.mariaId}/certification-record` })
    ).json();
    expect(record.history.slice(0, 2).map((h: { action: string }) => h.action)).toEqual([
      'insurance_restored',
      'insurance_paused',
    ]);

    // Reminders 30 and 7 days before the policy ends, once each, then the policy expires and the listing pauses.
    for (const day of [
      '2026-05-20',
      '2026-05-31',
      '2026-06-01',
      '2026-06-23',
      '2026-06-24',
      '2026-06-30',
      '2026-07-01',
      '2026-07-02',
    ]) {
      clock.set(`${day}T15:00:00Z`);
      await round();
    }
    const mail = await app.db
      .selectFrom('outboxMessages')
      .select('subject')
      .where('toAddress', '=', 'maria@example.com')
      .where('subject', 'like', '%insurance%')
      .orderBy('id')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual([
      'Your liability insurance expires in 30 days',
      'Your liability insurance expires in 7 days',
      'Your liability insurance on file has expired',
    ]);
    expect(await listed(cast.mariaId)).toBe(false);
  });

  it('makes accepted insurance a renewal requirement when RENEWAL_REQUIRES names it', async () => {
    clock.set('2028-01-15T15:00:00Z');
    await app.db
      .updateTable('certificationRecords')
      .set({ issuedOn: '2026-03-10', expiresOn: '2028-03-10' })
      .where('trainerId', '=', cast.mariaId)
      .execute();
    await round();
    const renew = () =>
      as(cast.maria, { method: 'POST', url: `/api/trainers/${cast.mariaId}/certification-record/renewal` });
    let res = await renew();
    expect(res.json().error.code).toBe('renewal_requirements_unmet');
    expect(res.json().error.message).toMatch(/insurance/);
    await put(cast.maria, cast.mariaId, policy({ expiresOn: '2028-12-31' }));
    await upload(cast.maria, cast.mariaId, PDF, 'p.pdf', 'application/pdf');
    await accept(cast.admin, cast.mariaId);
    res = await renew();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().certification.expiresOn).toBe('2030-03-10');
  });
});
