import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, seedCast, type TestApp, withCookie } from './helper';

let t: TestApp;
let maria: string;
let mariaId: number;
let devonId: number;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  ({ maria, mariaId, devonId, admin } = await seedCast(t.app));
});

const getProfile = (cookie: string, id: number) =>
  t.app.inject(withCookie(cookie, { method: 'GET', url: `/api/trainer-profile/${id}` }));
const saveProfile = (cookie: string, id: number, payload: object) =>
  t.app.inject(withCookie(cookie, { method: 'POST', url: `/api/trainer-profile/${id}`, payload }));

/** Every editor field with a non-default value, to prove each one is stored and read back. */
const everyField = {
  name: 'Maria Elena Garcia',
  email: 'maria.garcia@example.com',
  phone: '(208) 555-0142',
  notes: 'Prefers morning classes',
  bio: 'Longer private bio',
  address: '12 Main St',
  city: 'Boise',
  state: 'ID',
  postalCode: '83702',
  website: 'https://maria.example',
  instagram: '@maria',
  facebook: 'https://facebook.com/maria',
  tiktok: '@mariatok',
  linkedin: 'https://linkedin.com/in/maria',
  twitter: '@mariax',
  pillar: 'https://pillar.io/maria',
  youtube: 'https://youtube.com/@maria',
  otherSocialMedia: [{ platform: 'Threads', url: '@maria.threads' }],
  trainingDate: '2025-04-10',
  certificationDate: '2025-04-12',
  hasInsurance: true,
  insuranceProvider: 'kk',
  insuranceExpiry: '2026-12-31',
  hasStripe: true,
  stripePaymentLink: 'https://buy.stripe.com/maria',
  hasPaypal: true,
  paypalPaymentLink: 'https://paypal.me/maria',
  hasPillar: true,
  pillarAccountLink: 'https://pillar.io/maria/account',
  hasAffiliateLink: true,
  affiliateLink: 'https://soulpunch.example/shop?aff=maria',
  hasCurriculum: false,
  hasMarketingResources: false,
  hasWorkbooks: false,
  hasVideoLibrary: true,
  hasTrainerDrive: true,
  hasCanva: true,
  hasMarketingAssets: true,
  inWhatsApp: true,
  inFacebook: true,
  displayName: 'Coach Maria',
  profilePicture: 'https://images.example.com/maria.png',
  publicBio: 'Helping women in Boise feel safe.',
  displayLocation: 'Boise, ID',
  availabilityDescription: 'Evenings & Weekends',
  displayContact: 'maria.garcia@example.com',
  experienceDescription: 'Veteran (3-5 years)',
  websitePublic: 'https://maria.example/classes',
  publicSocialMedia: '@maria, @mariatok',
  publicEmail: 'classes@maria.example',
  publicPhone: '(208) 555-0143',
  basicClassPaymentLink: 'https://buy.stripe.com/maria-class',
  publiclyListed: false,
  yearsExperience: 4,
  specializations: ['Teen Safety', 'Knife awareness'],
  classTypes: ['Private Lessons'],
  showFullName: true,
  showEmail: true,
  showPhone: true,
  showCity: false,
  showState: false,
  showBio: false,
  showWebsite: false,
  showSocialMedia: false,
};

describe('trainer profile', () => {
  it('round-trips every field, including the ones the prototype dropped', async () => {
    const saved = await saveProfile(maria, mariaId, everyField);
    expect(saved.statusCode).toBe(200);
    const read = (await getProfile(maria, mariaId)).json();
    const { name, email, ...rest } = everyField;
    expect(read).toMatchObject({
      ...rest,
      name,
      fullName: name,
      firstName: 'Maria',
      lastName: 'Elena Garcia',
      featuredTrainer: false,
      // A new sign-in e-mail waits for the link sent to it (email-change.test.ts).
      email: 'maria@example.com',
      pendingEmailChange: { email },
    });
    const session = await t.app.inject(withCookie(maria, { method: 'GET', url: '/api/auth/session' }));
    expect(session.json().user).toMatchObject({ email: 'maria@example.com', name: 'Maria Elena Garcia' });
  });

  it('saves what was typed and keeps what was not sent', async () => {
    await saveProfile(maria, mariaId, { city: 'Boise', state: 'ID', instagram: '@maria' });
    const res = await saveProfile(maria, mariaId, { instagram: '', bio: 'New bio' });
    expect(res.json()).toMatchObject({ city: 'Boise', state: 'ID', instagram: null, bio: 'New bio' });
  });

  it('reads the spec defaults for a fresh profile', async () => {
    const res = (await getProfile(maria, mariaId)).json();
    expect(res).toMatchObject({
      hasCurriculum: true,
      hasMarketingResources: true,
      hasWorkbooks: true,
      hasVideoLibrary: false,
      yearsExperience: 0,
      publiclyListed: true,
      showEmail: false,
      showCity: true,
      specializations: [],
      otherSocialMedia: [],
    });
  });

  it.each([
    ['an invalid e-mail', { email: 'nope' }, 'email', 'Please enter a valid email'],
    [
      'a 251-character bio',
      { publicBio: 'x'.repeat(251) },
      'publicBio',
      'Bio must be at most 250 characters',
    ],
    ['a one-letter name', { fullName: 'M' }, 'fullName', 'Name must be at least 2 characters'],
    ['an unknown field', { role: 'admin' }, '_', 'Unknown field: role'],
  ])('refuses %s with 400 and changes nothing', async (_label, payload, field, message) => {
    const before = (await getProfile(maria, mariaId)).json();
    const res = await saveProfile(maria, mariaId, { city: 'Changed', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await getProfile(maria, mariaId)).json()).toEqual(before);
  });

  it("gives trainer A 403 on trainer B's profile; an admin reaches any", async () => {
    expect((await getProfile(maria, devonId)).statusCode).toBe(403);
    expect((await saveProfile(maria, devonId, { city: 'X' })).statusCode).toBe(403);
    expect((await saveProfile(admin, devonId, { city: 'Denver' })).json().city).toBe('Denver');
    expect((await getProfile(admin, 99999)).statusCode).toBe(404);
  });

  it('lets only an admin feature a trainer', async () => {
    expect((await saveProfile(maria, mariaId, { featuredTrainer: true })).statusCode).toBe(403);
    expect((await saveProfile(maria, mariaId, { featuredTrainer: false })).statusCode).toBe(200);
    expect((await saveProfile(admin, mariaId, { featuredTrainer: true })).json().featuredTrainer).toBe(true);
  });

  it("refuses another account's e-mail", async () => {
    const res = await saveProfile(maria, mariaId, { email: 'devon@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.email).toBe('This email is already used by another account');
  });
});

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----soulpunchtest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (cookie: string, id: number, filename: string, contentType: string, data: Buffer) => {
  const body = multipart(filename, contentType, data);
  return t.app.inject(
    withCookie(cookie, { method: 'POST', url: `/api/trainer-profile/${id}/picture`, ...body }),
  );
};

describe('profile picture', () => {
  it('re-encodes a valid image without its metadata, serves it with long caching, and removes it', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c2255c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'GPS person' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(maria, mariaId, 'me.jpg', 'image/jpeg', photo);
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture as string;
    expect(url).toMatch(/^\/api\/pictures\/[\w-]+\.webp$/);
    expect((await getProfile(maria, mariaId)).json().profilePicture).toBe(url);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const removed = await t.app.inject(
      withCookie(maria, { method: 'DELETE', url: `/api/trainer-profile/${mariaId}/picture` }),
    );
    expect(removed.json()).toEqual({ profilePicture: null });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('rejects an HTML file renamed .png', async () => {
    const res = await upload(
      maria,
      mariaId,
      'evil.png',
      'image/png',
      Buffer.from('<html><script>alert(1)</script></html>'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please upload a PNG or JPEG image.');
  });

  it('rejects a 3 MB jpeg with 413', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const res = await upload(maria, mariaId, 'big.jpg', 'image/jpeg', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The picture must be 2 MB or smaller.');
    expect((await getProfile(maria, mariaId)).json().profilePicture).toBeNull();
  });

  it('rejects a corrupt image', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 1)]);
    const res = await upload(maria, mariaId, 'broken.png', 'image/png', corrupt);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This image could not be read. Please try another PNG or JPEG file.',
    );
  });

  it("keeps a trainer from changing another trainer's picture", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(maria, devonId, 'a.png', 'image/png', png)).statusCode).toBe(403);
  });
});
