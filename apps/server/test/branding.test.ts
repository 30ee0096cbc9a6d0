import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { DEFAULT_BRAND } from '@soulpunch/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRAINER_GUIDES } from '../src/modules/portal/guides';
import { withBrand } from '../src/plugins/web-app';
import {
  buildTestApp,
  createUser,
  FRESH_WITHIN,
  latestMailTo,
  requestLinkToken,
  resetDatabase,
  signIn,
  type TestApp,
  withCookie,
} from './helper';

/**
 * Branding (issue 27): the brand an administrator sets reaches the pages (server-rendered and the app's shell) and
 * the e-mails, its colour checked for contrast; the logo is checked like a picture.
 */
const web = path.resolve(import.meta.dirname, '../../web');
const builtRenderer = path.join(web, 'dist-ssr', 'entry-server.js');
// The run's page renderer (built by `npm run build`), when it is as new as the brand code it must know.
const rendererCurrent =
  existsSync(builtRenderer) &&
  statSync(builtRenderer).mtimeMs >= statSync(path.join(web, 'src/lib/brand.ts')).mtimeMs;

let buildRoot: string;
let t: TestApp;
let admin: string;
let staff: string;
let trainer: string;

beforeAll(async () => {
  buildRoot = mkdtempSync(path.join(web, '.test-build-'));
  const dist = path.join(buildRoot, 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  copyFileSync(path.join(web, 'index.html'), path.join(dist, 'index.html'));
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }),
  );
  if (rendererCurrent)
    cpSync(path.dirname(builtRenderer), path.join(buildRoot, 'dist-ssr'), { recursive: true });
  t = await buildTestApp({ webDistDir: dist });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(buildRoot, { recursive: true, force: true });
});
beforeEach(async () => {
  await resetDatabase(t.app);
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(t.app, 'sam@example.com', ['staff'], 'Sam Staff');
  await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia');
  admin = await signIn(t.app, 'boss@example.com');
  staff = await signIn(t.app, 'sam@example.com');
  trainer = await signIn(t.app, 'maria@example.com');
});

const acme = {
  name: 'Acme Defense',
  primaryColor: '#0b7285',
  supportEmail: 'help@acme.example',
  postalAddress: '1 Main St, Tulsa, OK 74103',
};

const call = (
  cookie: string | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject(
    cookie
      ? withCookie(cookie, { method, url, payload })
      : { method, url, payload, headers: { origin: 'http://localhost:3000' } },
  );

const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

async function png(width: number, height: number, background = '#0b7285') {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

function upload(cookie: string, file: Buffer, filename = 'logo.png', type = 'image/png') {
  const boundary = '----brandinglogo';
  return t.app.inject(
    withCookie(cookie, {
      method: 'POST',
      url: '/api/admin/branding/logo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    }),
  );
}

describe('the brand', () => {
  it('starts as the defaults, for anyone, and pages in the default brand carry nothing more', async () => {
    const res = await call(null, 'GET', '/api/branding');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_BRAND);
    expect((await call(staff, 'GET', '/api/admin/branding')).json()).toEqual({
      brand: DEFAULT_BRAND,
      defaults: DEFAULT_BRAND,
      updatedAt: null,
      updatedBy: null,
    });
    const html = await page('/admin');
    expect(html).not.toContain('brand-state');
    expect(html).not.toContain('brand-colors');
    expect(html).toContain('<title>Soul Punch Trainer Platform</title>');
  });

  it('is saved by an administrator and shows on every page within 2 s: title, colour, the header and the data for the scripts', async () => {
    const saved = await call(admin, 'PUT', '/api/admin/branding', { ...acme, primaryColor: '#0B7285' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      brand: { ...acme, logoUrl: null },
      updatedBy: { name: 'Bea Boss', email: 'boss@example.com' },
    });
    await expect
      .poll(async () => (await call(null, 'GET', '/api/branding')).json().name, FRESH_WITHIN)
      .toBe('Acme Defense');

    for (const url of ['/public', '/admin/settings', '/trainer-portal/login']) {
      const html = await page(url);
      expect(html, url).toMatch(/<title>[^<]*Acme Defense[^<]*<\/title>/);
      expect(html, url).not.toMatch(/<head>[\s\S]*Soul Punch[\s\S]*<\/head>/);
      expect(html, url).toMatch(
        /<style id="brand-colors">html:root\[data-mantine-color-scheme\]\{[^}]*--mantine-color-blue-filled:#0b7285;[^}]*--mantine-primary-color-filled:#0b7285/,
      );
      const state = html.match(/<script type="application\/json" id="brand-state">(.*?)<\/script>/)?.[1];
      expect(JSON.parse(state ?? 'null'), url).toEqual({ ...acme, logoUrl: null });
    }
    // The trainer guides the app serves itself, in the brand too.
    const guide = await page(`/guides/${TRAINER_GUIDES[0]?.slug}`);
    expect(guide).toContain('<header>Acme Defense Trainer Guides</header>');
    expect(guide).toContain('a{color:#0b7285}');
    expect(guide).not.toContain('Soul Punch');
    if (rendererCurrent) {
      // The server-rendered header shows the brand's name (the renderer is given the brand).
      expect(await page('/public')).toMatch(/<div id="root">[\s\S]*Acme Defense[\s\S]*id="server-state"/);
    }
  });

  it('reaches every e-mail: name, colour, support and postal addresses', async () => {
    await call(admin, 'PUT', '/api/admin/branding', acme);
    await requestLinkToken(t.app, 'maria@example.com');
    const mail = await latestMailTo(t.app, 'maria@example.com');
    expect(mail?.subject).toBe('Your Acme Defense sign-in link');
    expect(mail?.htmlBody).toContain('<div style="background:#0b7285;');
    expect(mail?.htmlBody).toContain('background:#0b7285;color:#fff');
    expect(mail?.htmlBody).toContain('href="mailto:help@acme.example"');
    expect(mail?.htmlBody).toContain('1 Main St, Tulsa, OK 74103');
    expect(mail?.htmlBody).not.toContain('Soul Punch');
    expect(mail?.textBody).toContain(
      '--\nAcme Defense\nQuestions? help@acme.example\n1 Main St, Tulsa, OK 74103',
    );
  });

  it('refuses a colour below WCAG AA with its contrast, and other bad values, field by field', async () => {
    const low = await call(admin, 'PUT', '/api/admin/branding', { ...acme, primaryColor: '#ff0000' });
    expect(low.statusCode).toBe(400);
    expect(low.json().error.fields.primaryColor).toBe(
      'This colour has a contrast of 3.99:1 against white; at least 4.5:1 (WCAG AA) is needed so text on it and links in it stay readable. Choose a darker colour.',
    );
    const cases: object[] = [
      { ...acme, primaryColor: 'teal' },
      { ...acme, primaryColor: '#0b728' },
      { ...acme, name: 'A' },
      { ...acme, supportEmail: 'not-an-address' },
      { ...acme, postalAddress: 'x'.repeat(301) },
      { ...acme, logoUrl: '/evil.png' },
      { name: 'Acme' },
    ];
    for (const payload of cases) {
      expect(
        (await call(admin, 'PUT', '/api/admin/branding', payload)).statusCode,
        JSON.stringify(payload),
      ).toBe(400);
    }
    expect((await call(admin, 'GET', '/api/admin/branding')).json().brand).toEqual(DEFAULT_BRAND);
  });

  it('is changed by administrators only: staff 403 (read only), trainers 403, visitors 401', async () => {
    const byStaff = await call(staff, 'PUT', '/api/admin/branding', acme);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().error.code).toBe('read_only');
    expect((await call(trainer, 'PUT', '/api/admin/branding', acme)).statusCode).toBe(403);
    expect((await call(trainer, 'GET', '/api/admin/branding')).statusCode).toBe(403);
    expect((await call(null, 'PUT', '/api/admin/branding', acme)).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/api/admin/branding/logo')).statusCode).toBe(401);
    expect((await upload(staff, await png(40, 20))).statusCode).toBe(403);
  });
});

describe('the logo', () => {
  it('is checked, re-encoded as PNG, served for good, replaced and removed', async () => {
    const first = await upload(admin, await png(1200, 300));
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().brand.logoUrl as string;
    expect(firstUrl).toMatch(/^\/api\/branding\/logo-\d+-[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Fitted into the header's box, keeping its shape.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 600,
      height: 150,
    });
    const html = await page('/admin');
    expect(html).toContain(`<link rel="icon" type="image/png" href="${firstUrl}" />`);

    const second = await upload(admin, await png(64, 64));
    const secondUrl = second.json().brand.logoUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);

    const removed = await call(admin, 'DELETE', '/api/admin/branding/logo');
    expect(removed.json().brand.logoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
  });

  it('refuses what is not a PNG or JPEG, an unreadable image and a file over 1 MB, saving nothing', async () => {
    const html = await upload(admin, Buffer.from('<html><script>alert(1)</script></html>'), 'logo.png');
    expect(html.statusCode).toBe(400);
    expect(html.json().error).toEqual({
      code: 'invalid_logo',
      message: 'Please upload the logo as a PNG or JPEG image.',
    });
    const broken = Buffer.concat([(await png(10, 10)).subarray(0, 30)]);
    expect((await upload(admin, broken)).json().error.message).toBe(
      'This image could not be read. Please try another PNG or JPEG file.',
    );
    const big = await upload(admin, Buffer.concat([await png(10, 10), Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await call(admin, 'GET', '/api/admin/branding')).json().brand.logoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/branding/logo-1-nope.png' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/branding/..%2Fsecret.png' })).statusCode).toBe(
      400,
    );
  });
});

describe('a page in the brand', () => {
  it("escapes the brand's text in the head and in the data for the scripts", () => {
    const html = withBrand('<html><head><title>Sign In | Soul Punch</title></head><body></body></html>', {
      ...DEFAULT_BRAND,
      name: 'A </script><b>',
    });
    expect(html).toContain('<title>Sign In | A &lt;/script&gt;&lt;b&gt;</title>');
    expect(html).toContain('"name":"A \\u003c/script>\\u003cb>"');
    expect(html).not.toContain('brand-colors');
  });
});
