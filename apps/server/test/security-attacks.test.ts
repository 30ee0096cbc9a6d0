import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock';
import { PICTURE_MESSAGES } from '../src/modules/profiles/picture';
import {
  buildTestApp,
  createUser,
  nextTestIp,
  requestLinkToken,
  seedCast,
  TEST_APP_URL,
  type TestApp,
  withCookie,
} from './helper';

/** The attacks that matter for a platform where people pay and sign: each is refused and changes nothing. */

const clock = manualClock(new Date());
let t: TestApp;
let app: FastifyInstance;
let dist: string;
let cast: Awaited<ReturnType<typeof seedCast>>;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'sp-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Soul Punch</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);\n');
  t = await buildTestApp({ webDistDir: dist }, undefined, { clock });
  app = t.app;
}, 180_000);
afterAll(() => t?.close());
beforeEach(async () => {
  clock.set(new Date());
  cast = await seedCast(app);
});

const send = (cookie: string, options: InjectOptions) => app.inject(withCookie(cookie, options));
const trainerRow = (id: number) =>
  app.db.selectFrom('trainers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const rolesOf = async (email: string) =>
  (
    await app.db
      .selectFrom('userRoles')
      .innerJoin('users', 'users.id', 'userRoles.userId')
      .select('userRoles.role')
      .where('users.email', '=', email)
      .execute()
  )
    .map((r) => r.role)
    .sort();

describe('mass assignment', () => {
  it("refuses role, payment and standing fields in a trainer's own profile save, changing nothing", async () => {
    const before = await trainerRow(cast.mariaId);
    for (const extra of [
      { roles: ['admin'] },
      { role: 'admin' },
      { paymentStatus: 'completed' },
      { onboardingStatus: 'completed' },
      { accessPausedAt: null },
      { certificationSuspendedAt: null },
      { trainerId: cast.devonId },
      { userId: 1 },
    ]) {
      const res = await send(cast.maria, {
        method: 'POST',
        url: `/api/trainer-profile/${cast.mariaId}`,
        payload: { bio: 'Changed?', ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.message).toMatch(/^Unknown field/);
    }
    // Featuring is an admin's decision: a trainer's own save of it is refused.
    const featured = await send(cast.maria, {
      method: 'POST',
      url: `/api/trainer-profile/${cast.mariaId}`,
      payload: { featuredTrainer: true },
    });
    expect(featured.statusCode).toBe(403);
    expect(await trainerRow(cast.mariaId)).toEqual(before);
    expect(await rolesOf('maria@example.com')).toEqual(['trainer']);
  });

  it('refuses payment fields in the admin edit, and a payment confirmation the provider never made', async () => {
    const full = (
      await send(cast.admin, { method: 'GET', url: `/api/trainers/${cast.mariaId}/full` })
    ).json();
    expect(full.paymentStatus).not.toBe('completed');
    const edit = await send(cast.admin, {
      method: 'PUT',
      url: `/api/trainers/${cast.mariaId}`,
      payload: { name: 'Maria Garcia', email: 'maria@example.com', paymentStatus: 'completed' },
    });
    expect(edit.statusCode).toBe(400);
    // The confirmation screen's call only reads back a payment the provider confirmed; Maria paid nothing.
    const confirm = await send(cast.maria, {
      method: 'PUT',
      url: `/api/trainers/${cast.mariaId}`,
      payload: { paymentStatus: 'completed', onboardingStatus: 'documents_pending' },
    });
    expect(confirm.statusCode).toBeGreaterThanOrEqual(400);
    expect(confirm.json().error.message).toBeTruthy();
    expect((await trainerRow(cast.mariaId)).paymentStatus).toBe(full.paymentStatus);
  });

  it('refuses amounts, states and owners smuggled into enrolment, registration, signing and admin grants', async () => {
    const cases: Array<[string, InjectOptions]> = [
      [
        'enrolment',
        {
          method: 'POST',
          url: '/api/enrolments',
          remoteAddress: nextTestIp(),
          payload: {
            fullName: 'Eve Mallory',
            email: 'eve@example.com',
            phone: '918-555-0199',
            agreeTerms: true,
            plan: 'full',
            amountCents: 1,
            status: 'paid',
          },
        },
      ],
      [
        'esign consent',
        withCookie(cast.maria, {
          method: 'POST',
          url: '/api/esign-consent',
          payload: { disclosureVersion: 1, disclosureSha256: 'a'.repeat(64), userId: 1 },
        }),
      ],
      [
        'signature',
        withCookie(cast.maria, {
          method: 'POST',
          url: '/api/documents/1/sign',
          payload: {
            templateHash: 'a'.repeat(64),
            agreed: true,
            fullName: 'Maria Garcia',
            status: 'signed',
            signedAt: '2020-01-01T00:00:00Z',
          },
        }),
      ],
      [
        'admin grant',
        withCookie(cast.admin, {
          method: 'POST',
          url: '/api/admin/administrators',
          payload: { email: 'eve@example.com', roles: ['admin', 'trainer'] },
        }),
      ],
      [
        'chat question',
        withCookie(cast.maria, {
          method: 'POST',
          url: '/api/chatbot',
          payload: { question: 'What is in the admin guide?', audience: 'admin' },
        }),
      ],
    ];
    for (const [name, options] of cases) {
      const res = await app.inject(options);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().error.message, name).toMatch(/^Unknown field/);
    }
    expect(await app.db.selectFrom('enrolments').select('id').execute()).toEqual([]);
    expect(await rolesOf('eve@example.com')).toEqual([]);
  });
});

describe('cross-site requests', () => {
  const save = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/trainer-profile/${cast.mariaId}`,
      headers: { cookie: cast.maria, ...headers },
      payload: { bio: 'Written by another site' },
    });
  const bio = async () =>
    (
      await app.db
        .selectFrom('trainerProfiles')
        .select('bio')
        .where('trainerId', '=', cast.mariaId)
        .executeTakeFirst()
    )?.bio;

  it('refuses a write from a foreign Origin, a cross-site fetch, and a cookie-carrying write without Origin', async () => {
    const before = await bio();
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: TEST_APP_URL.replace('localhost', '127.0.0.1') },
      { origin: TEST_APP_URL, 'sec-fetch-site': 'cross-site' },
      {},
    ];
    for (const headers of attempts) {
      const res = await save(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toEqual({
        code: 'cross_origin',
        message: 'This request must come from the Soul Punch site.',
      });
    }
    expect(await bio()).toBe(before);
    // The same write from our own page goes through; reads need no Origin.
    expect((await save({ origin: TEST_APP_URL })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: cast.maria } }))
        .statusCode,
    ).toBe(200);
  });

  it('lets a client without cookies (the provider, scripts) post without an Origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      remoteAddress: nextTestIp(),
      payload: { email: 'maria@example.com' },
    });
    expect(res.statusCode).toBe(202);
  });

  it('answers form content types with 415, except on the upload routes that name them', async () => {
    const bodies: Array<[string, string]> = [
      ['text/plain', '{"bio":"form"}'],
      ['text/plain;charset=UTF-8', '{"bio":"form"}'],
      ['application/x-www-form-urlencoded', 'bio=form'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="bio"\r\n\r\nform\r\n--x--\r\n',
      ],
    ];
    for (const [type, payload] of bodies) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/trainer-profile/${cast.mariaId}`,
        headers: { cookie: cast.maria, origin: TEST_APP_URL, 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.code).toBe('unsupported_media_type');
    }
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"maria@example.com"}',
    });
    expect(signedOut.statusCode).toBe(415);
    // The picture upload takes multipart (and nothing else); the PDF check takes a PDF.
    const jsonPicture = await send(cast.maria, {
      method: 'POST',
      url: `/api/trainer-profile/${cast.mariaId}/picture`,
      payload: { file: 'x' },
    });
    expect(jsonPicture.statusCode).toBe(415);
    expect(jsonPicture.json().error.message).toBe('This address accepts multipart/form-data only.');
    const pdf = await app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.7\n%%EOF\n'),
    });
    expect(pdf.statusCode).not.toBe(415);
  });
});

describe('sign-in links', () => {
  const verify = (token: string) =>
    app.inject({ method: 'POST', url: '/api/auth/verify', remoteAddress: nextTestIp(), payload: { token } });
  const sessions = async () => (await app.db.selectFrom('sessions').select('idHash').execute()).length;

  it('works once: a second use is refused', async () => {
    const token = await requestLinkToken(app, 'maria@example.com');
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_link');
  });

  it('expires after 10 minutes on the clock', async () => {
    const token = await requestLinkToken(app, 'maria@example.com');
    clock.advance(10 * 60 * 1000 + 1);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_link');
    expect(res.cookies.find((c) => c.name === 'sp_session')).toBeUndefined();
  });

  it('is still good just before it expires', async () => {
    const token = await requestLinkToken(app, 'maria@example.com');
    clock.advance(10 * 60 * 1000 - 1000);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('gives exactly one session to 20 verifies at the same moment', async () => {
    const token = await requestLinkToken(app, 'maria@example.com');
    const before = await sessions();
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(token)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(19);
    expect(answers.flatMap((r) => r.cookies.filter((c) => c.name === 'sp_session' && c.value))).toHaveLength(
      1,
    );
    expect(await sessions()).toBe(before + 1);
  });
});

/** A PNG of any stated size: a header promising `width` x `height` pixels and a little compressed data. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    // Rows of zeros compress about a thousand to one: a few KB that would inflate to gigabytes.
    chunk('IDAT', deflateSync(Buffer.alloc(4 * 1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('picture uploads', () => {
  const upload = (filename: string, contentType: string, data: Buffer) => {
    const boundary = '----soulpunchattack';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
    return send(cast.maria, {
      method: 'POST',
      url: `/api/trainer-profile/${cast.mariaId}/picture`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
  };
  const storedFiles = () => {
    const dir = path.join(app.config.dataDir, 'uploads', 'pictures');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const picture = async () =>
    (
      await app.db
        .selectFrom('trainerProfiles')
        .select('profilePicture')
        .where('trainerId', '=', cast.mariaId)
        .executeTakeFirst()
    )?.profilePicture ?? null;

  it('refuses what is not a small PNG or JPEG with a clear message, and keeps nothing', async () => {
    const before = storedFiles();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#222' } })
      .png()
      .toBuffer();
    const noise = Buffer.alloc(2 * 1024 * 1024 + 1, 7);
    const cases: Array<[string, Buffer, string, number, string]> = [
      ['over 2 MB', Buffer.concat([png, noise]), 'image/png', 413, PICTURE_MESSAGES.tooLarge],
      [
        'HTML renamed .png',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'image/png',
        400,
        PICTURE_MESSAGES.wrongType,
      ],
      [
        'SVG with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
        'image/svg+xml',
        400,
        PICTURE_MESSAGES.wrongType,
      ],
      [
        'corrupt PNG',
        Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0xab)]),
        'image/png',
        400,
        PICTURE_MESSAGES.unreadable,
      ],
      ['decompression bomb', pngClaiming(60_000, 60_000), 'image/png', 400, PICTURE_MESSAGES.unreadable],
    ];
    for (const [name, data, type, status, message] of cases) {
      const res = await upload(name.includes('SVG') ? 'me.svg' : 'me.png', type, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().error.message, name).toBe(message);
    }
    expect(storedFiles()).toEqual(before);
    expect(await picture()).toBeNull();
  });
});

describe('the admin CSV export', () => {
  it('defuses every cell a spreadsheet would run as a formula', async () => {
    const hostile = ['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1', '  =HYPERLINK("http://x")', '＝1+1'];
    for (const [i, city] of hostile.entries()) {
      const user = await createUser(app, `csv${i}@example.com`, ['trainer'], `Csv Person${i}`);
      await app.db
        .updateTable('trainers')
        .set({ city, name: i === 0 ? '=cmd|" /C calc"!A0' : `Csv Person${i}` })
        .where('id', '=', user.trainerId as number)
        .execute();
    }
    const res = await send(cast.admin, { method: 'GET', url: '/api/trainers/export?q=csv' });
    expect(res.statusCode).toBe(200);
    const cells = res.body
      .trim()
      .split('\r\n')
      .slice(1)
      .flatMap((line) => line.match(/"(?:[^"]|"")*"/g) ?? []);
    expect(cells.length).toBeGreaterThan(hostile.length);
    for (const cell of cells) {
      const text = cell.slice(1, -1);
      expect(text, cell).not.toMatch(/^[\s\u3000]*[=+\-@＝＋－＠]|^[\t\r\n]/);
    }
    expect(res.body).toContain(`"'=cmd|"" /C calc""!A0"`);
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>, what: string) => {
    expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['x-request-id'], what).toBeTruthy();
  };

  it('are on HTML, API, static, error and streamed answers', async () => {
    const answers: Array<[string, InjectOptions, number]> = [
      ['HTML page', { method: 'GET', url: '/trainers' }, 200],
      ['API answer', { method: 'GET', url: '/api/health' }, 200],
      ['static asset', { method: 'GET', url: '/assets/app-abc123.js' }, 200],
      ['missing asset', { method: 'GET', url: '/assets/missing.js' }, 404],
      ['API 404', { method: 'GET', url: '/api/no-such-thing' }, 404],
      ['API 401', { method: 'GET', url: '/api/trainers' }, 401],
      ['bad address', { method: 'GET', url: '/api/classes/%E0%A4%A' }, 400],
      ['over-long address', { method: 'GET', url: `/api/classes/${'9'.repeat(200)}` }, 414],
      [
        '415',
        {
          method: 'POST',
          url: '/api/auth/magic-link',
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        },
        415,
      ],
      ['robots.txt', { method: 'GET', url: '/robots.txt' }, 200],
    ];
    for (const [what, options, status] of answers) {
      const res = await app.inject(options);
      expect(res.statusCode, what).toBe(status);
      expectHeaders(res.headers, what);
      if (status >= 400 && String(options.url).startsWith('/api/'))
        expect(res.json().error.code, what).toBeTruthy();
    }
  });

  it("are on the assistant's streamed answer, which writes its own response", async () => {
    const res = await send(cast.maria, {
      method: 'POST',
      url: '/api/chatbot',
      headers: { accept: 'text/event-stream' },
      payload: { question: 'How do I add my Stripe payment link?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expectHeaders(res.headers, 'SSE');
    expect(res.body).toContain('event: done');
  });
});
