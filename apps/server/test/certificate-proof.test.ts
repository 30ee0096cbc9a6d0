import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addYears } from '@soulpunch/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DAY_MS, type ManualClock, manualClock } from '../src/lib/clock';
import { currentSigningKey, rotateCredentialKey } from '../src/modules/certification/credential-keys';
import { appDeps, buildTestApp, seedCast, TEST_APP_URL, type TestApp, withCookie } from './helper';

// Proof of certification anyone can check (issue 26 part 4, decision record 0015): the sealed certificate PDF
// (judged by poppler's pdfsig and pdftotext), the public look-up behind the verify page, and the digital
// credential, verified by jose (a library this project did not write) against the published key set.

let t: TestApp;
let app: FastifyInstance;
let clock: ManualClock;
let cast: Awaited<ReturnType<typeof seedCast>>;
const START = '2026-11-26T15:00:00Z';
const TODAY = '2026-11-26';
let number: string;

beforeAll(async () => {
  clock = manualClock(START);
  t = await buildTestApp({}, undefined, { clock });
  app = t.app;
});
afterAll(() => t.close());
beforeEach(async () => {
  clock.set(START);
  cast = await seedCast(app);
  await app.db.deleteFrom('credentialSigningKeys').execute();
  number = await issuedToday(cast.mariaId);
});

const as = (cookie: string | null, options: InjectOptions) =>
  app.inject(cookie ? withCookie(cookie, options) : options);
const get = (cookie: string | null, url: string, remoteAddress?: string) =>
  as(cookie, { method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });
const act = (trainerId: number, action: string) =>
  as(cast.admin, {
    method: 'POST',
    url: `/api/trainers/${trainerId}/certification-record/${action}`,
    payload: { reason: 'Decided by the certification board' },
  });

/** Maria's certificate, issued today on the test's clock and valid two years. */
async function issuedToday(trainerId: number): Promise<string> {
  const row = await app.db
    .updateTable('certificationRecords')
    .set({ status: 'certified', issuedOn: TODAY, expiresOn: addYears(TODAY, 2) })
    .where('trainerId', '=', trainerId)
    .returning('certificateNumber')
    .executeTakeFirstOrThrow();
  return row.certificateNumber as string;
}

let lookups = 0;
/** Each look-up from an address of its own, so the tests do not trip the per-address limit (tested below). */
const lookUp = (typed: string) =>
  get(null, `/api/certificates/${encodeURIComponent(typed)}`, `198.51.100.${++lookups % 250}`);

describe('the certificate PDF', () => {
  const hasPoppler = spawnSync('pdfsig', ['-v']).error === undefined;
  const itPdf = hasPoppler || process.env.CI === 'true' ? it : it.skip;

  itPdf(
    'is sealed over the whole file, names the trainer, number and dates, and links its verify page',
    async () => {
      const download = await get(cast.maria, `/api/trainers/${cast.mariaId}/certificate.pdf`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="soul-punch-certificate-${number}.pdf"`,
      );
      expect(download.headers['cache-control']).toBe('private, no-store');
      const dir = mkdtempSync(path.join(tmpdir(), 'sp-certificate-'));
      const file = path.join(dir, 'certificate.pdf');
      writeFileSync(file, download.rawPayload);
      const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
      expect(report).toContain('Signature is Valid');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Soul Punch Document Seal');

      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const fact of [
        'SOUL PUNCH',
        'Maria Garcia',
        number,
        'November 26, 2026',
        'November 26, 2028',
        `${TEST_APP_URL}/verify/${number}`,
      ]) {
        expect(text).toContain(fact);
      }
      expect(text).not.toContain('maria@example.com');

      const tampered = Buffer.from(download.rawPayload);
      const at = tampered.indexOf('sealed by Soul Punch');
      expect(at).toBeGreaterThan(0);
      tampered[at] = 0x53;
      const bad = path.join(dir, 'tampered.pdf');
      writeFileSync(bad, tampered);
      expect(spawnSync('pdfsig', [bad], { encoding: 'utf8' }).stdout).not.toContain('Signature is Valid');
    },
  );

  it('is for the trainer and admins only', async () => {
    const url = `/api/trainers/${cast.mariaId}/certificate.pdf`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(cast.devon, url)).statusCode).toBe(403);
    const byAdmin = await get(cast.admin, url);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(cast.admin, '/api/trainers/999999/certificate.pdf')).statusCode).toBe(404);
  });

  it('is refused, saying why, while in training, suspended, expired or revoked', async () => {
    const download = async () => {
      const res = await get(cast.maria, `/api/trainers/${cast.mariaId}/certificate.pdf`);
      return { status: res.statusCode, code: res.json().error?.code, message: res.json().error?.message };
    };
    expect((await act(cast.mariaId, 'suspend')).statusCode).toBe(200);
    expect(await download()).toMatchObject({
      status: 409,
      code: 'certificate_not_valid',
      message: /suspended/,
    });
    await act(cast.mariaId, 'reinstate');
    clock.set(new Date(Date.parse(START) + 732 * DAY_MS)); // 2028-11-27: the day after its expiry
    expect(await download()).toMatchObject({
      status: 409,
      code: 'certificate_not_valid',
      message: /expired/,
    });
    clock.set(START);
    await act(cast.mariaId, 'revoke');
    expect(await download()).toMatchObject({ status: 409, code: 'certificate_revoked' });
    await app.db.deleteFrom('certificationRecords').where('trainerId', '=', cast.mariaId).execute();
    expect(await download()).toMatchObject({ status: 409, code: 'not_certified' });
  });
});

describe('the public look-up behind the verify page', () => {
  it('shows the name, the standing in the public words and the dates, nothing more', async () => {
    const res = await lookUp(number);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      certificateNumber: number,
      name: 'Maria Garcia',
      status: 'valid',
      issuedOn: TODAY,
      expiresOn: '2028-11-26',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('maria@example.com');
    // As people type it: lower case, spaces, no dashes, without 'SP'.
    const typed = number.toLowerCase().replace(/-/g, ' ');
    expect((await lookUp(typed)).json().certificateNumber).toBe(number);
    expect((await lookUp(number.slice(3).replace(/-/g, ''))).json().certificateNumber).toBe(number);
  });

  it('answers a malformed number exactly as an unknown one', async () => {
    const unknown = await lookUp('SP-0000-0000-0000-0000');
    const malformed = await lookUp('not a number <script>');
    const short = await lookUp('SP-12');
    for (const res of [unknown, malformed, short]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'certificate_not_found', message: 'No certificate with this number.' },
      });
    }
    expect(Object.keys(malformed.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('follows the record: expired after the expiry day (before the round runs), suspended, revoked', async () => {
    clock.set('2028-11-27T05:30:00Z'); // still November 26 in Tulsa: valid through the expiry day
    expect((await lookUp(number)).json().status).toBe('valid');
    clock.set('2028-11-27T06:30:00Z');
    expect((await lookUp(number)).json().status).toBe('expired');
    clock.set(START);
    await act(cast.mariaId, 'suspend');
    expect((await lookUp(number)).json().status).toBe('suspended');
    await act(cast.mariaId, 'revoke');
    expect((await lookUp(number)).json().status).toBe('revoked');
  });

  it('is limited per address, like the other public look-ups', async () => {
    const from = '203.0.113.99';
    for (let i = 0; i < 60; i++) {
      expect((await get(null, '/api/certificates/SP-0000-0000-0000-0000', from)).statusCode).toBe(404);
    }
    const limited = await get(null, `/api/certificates/${number}`, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await get(null, `/api/certificates/${number}`, '203.0.113.100')).statusCode).toBe(200);
  });
});

/** The Open Badges 3.0 credential's shape, as that specification and the VC data model 2.0 define it. */
const openBadgeCredential = z.object({
  '@context': z.tuple([
    z.literal('https://www.w3.org/ns/credentials/v2'),
    z.literal('https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'),
  ]),
  id: z.string().regex(/^urn:uuid:[0-9a-f-]{36}$/),
  type: z
    .array(z.string())
    .refine((types) => types.includes('VerifiableCredential') && types.includes('OpenBadgeCredential')),
  name: z.string().min(1),
  issuer: z.object({
    id: z.url(),
    type: z.array(z.string()).refine((types) => types.includes('Profile')),
    name: z.literal('Soul Punch'),
  }),
  validFrom: z.iso.datetime(),
  validUntil: z.iso.datetime(),
  credentialSubject: z.object({
    type: z.array(z.string()).refine((types) => types.includes('AchievementSubject')),
    identifier: z.array(
      z.object({
        type: z.literal('IdentityObject'),
        identityType: z.literal('name'),
        hashed: z.literal(false),
        identityHash: z.string(),
      }),
    ),
    licenseNumber: z.string(),
    achievement: z.object({
      id: z.string(),
      type: z.array(z.string()).refine((types) => types.includes('Achievement')),
      name: z.string().min(1),
      description: z.string().min(1),
      criteria: z.object({ narrative: z.string().min(1) }),
    }),
  }),
  credentialStatus: z.object({ id: z.url(), type: z.string() }),
});

async function downloadCredential(cookie = cast.maria) {
  const res = await get(cookie, `/api/trainers/${cast.mariaId}/certificate.jwt`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

async function keySet(): Promise<JSONWebKeySet> {
  const res = await get(null, '/.well-known/jwks.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/jwk-set+json; charset=utf-8');
  return res.json();
}

const verify = async (jwt: string) =>
  jwtVerify(jwt, createLocalJWKSet(await keySet()), {
    algorithms: ['EdDSA'],
    typ: 'vc+jwt',
    issuer: `${TEST_APP_URL}/api/credentials/issuer`,
    currentDate: clock.now(),
  });

const pathOf = (url: string) => new URL(url).pathname;

describe('the digital credential', () => {
  it('is a VC-JWT that jose verifies against the published keys, holding an Open Badges 3.0 credential', async () => {
    expect((await keySet()).keys).toEqual([]);
    const res = await get(cast.maria, `/api/trainers/${cast.mariaId}/certificate.jwt`);
    expect(res.headers['content-type']).toBe('application/vc+jwt');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="soul-punch-credential-${number}.jwt"`,
    );
    const jwt = res.body;
    expect(jwt.split('.')).toHaveLength(3);

    const { payload, protectedHeader } = await verify(jwt);
    const keys = (await keySet()).keys;
    expect(keys).toHaveLength(1);
    expect(protectedHeader).toEqual({ alg: 'EdDSA', typ: 'vc+jwt', cty: 'vc', kid: keys[0]?.kid });
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    // The kid is an address that gives the key itself.
    const key = await get(null, pathOf(protectedHeader.kid as string));
    expect(key.json()).toEqual(keys[0]);

    const credential = openBadgeCredential.parse(payload);
    expect(credential.credentialSubject.licenseNumber).toBe(number);
    expect(credential.credentialSubject.identifier[0]?.identityHash).toBe('Maria Garcia');
    expect(credential.validFrom).toBe('2026-11-26T06:00:00.000Z');
    expect(credential.validUntil).toBe('2028-11-27T06:00:00.000Z');
    expect(payload).toMatchObject({ jti: credential.id, iss: credential.issuer.id });
    expect(payload.exp).toBe(Date.parse(credential.validUntil) / 1000);
    expect(JSON.stringify(payload)).not.toContain('maria@example.com');

    const issuer = await get(null, pathOf(credential.issuer.id));
    expect(issuer.json()).toMatchObject({ id: credential.issuer.id, type: ['Profile'], name: 'Soul Punch' });
    expect(issuer.json().jwks).toBe(`${TEST_APP_URL}/.well-known/jwks.json`);
  });

  it('fails verification once a byte of it changes', async () => {
    const jwt = await downloadCredential();
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString());
    changed.credentialSubject.identifier[0].identityHash = 'Someone Else';
    const forged = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    await expect(verify(forged)).rejects.toThrow(/signature verification failed/);
  });

  it('is for the trainer and admins only, and not while revoked', async () => {
    const url = `/api/trainers/${cast.mariaId}/certificate.jwt`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(cast.devon, url)).statusCode).toBe(403);
    await verify(await downloadCredential(cast.admin));
    await act(cast.mariaId, 'revoke');
    const refused = await get(cast.maria, url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('certificate_revoked');
  });

  it('has a status the verifier fetches: active, then suspended, then revoked, as the verify page says', async () => {
    const jwt = await downloadCredential();
    const { payload } = await verify(jwt);
    const statusUrl = pathOf((payload.credentialStatus as { id: string }).id);
    expect(statusUrl).toBe(`/api/credentials/status/${number}`);
    const status = async () => (await get(null, statusUrl)).json();
    expect(await status()).toMatchObject({ certificateNumber: number, status: 'active' });
    await act(cast.mariaId, 'suspend');
    expect(await status()).toMatchObject({ status: 'suspended' });
    await act(cast.mariaId, 'revoke');
    expect(await status()).toMatchObject({ status: 'revoked', checkedAt: clock.now().toISOString() });
    expect((await lookUp(number)).json().status).toBe('revoked');
    // The signature still verifies: revocation is the status's to say.
    await verify(jwt);
    expect((await get(null, '/api/credentials/status/SP-0000-0000-0000-0000')).json().error.code).toBe(
      'certificate_not_found',
    );
  });

  it('keeps one key, made once; after a rotation, what the old key signed still verifies', async () => {
    const first = await downloadCredential();
    const second = await downloadCredential();
    expect(decodeProtectedHeader(second).kid).toBe(decodeProtectedHeader(first).kid);
    expect(await app.db.selectFrom('credentialSigningKeys').select('id').execute()).toHaveLength(1);

    const deps = appDeps(app, clock);
    expect(await rotateCredentialKey(deps)).toBeDefined();
    const third = await downloadCredential();
    expect(decodeProtectedHeader(third).kid).not.toBe(decodeProtectedHeader(first).kid);
    expect((await keySet()).keys).toHaveLength(2);
    await verify(first);
    await verify(third);
    expect((await get(null, '/api/credentials/keys/no-such-key')).statusCode).toBe(404);
  });

  it('makes one key when two instances ask at once, and a new one when SESSION_SECRET changed', async () => {
    const deps = appDeps(app, clock);
    const [a, b] = await Promise.all([currentSigningKey(deps), currentSigningKey(deps)]);
    expect(a.kid).toBe(b.kid);
    const rotatedSecret = {
      ...deps,
      config: { ...deps.config, sessionSecret: 'another-secret-0123456789-abcdefghij' },
    };
    const next = await currentSigningKey(rotatedSecret);
    expect(next.kid).not.toBe(a.kid);
    const rows = await app.db
      .selectFrom('credentialSigningKeys')
      .select(['retiredAt'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.retiredAt !== null)).toEqual([true, false]);
    // The private key is stored encrypted.
    const stored = await app.db
      .selectFrom('credentialSigningKeys')
      .select('privateKey')
      .executeTakeFirstOrThrow();
    expect(stored.privateKey).toContain('BEGIN ENCRYPTED PRIVATE KEY');
  });
});
