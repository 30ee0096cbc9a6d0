import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from './helper';

let t: TestApp;
let listedId: number;
let unlistedId: number;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sp-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="x" /><title>App</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ webDistDir: dist, appUrl: 'https://trainers.soulpunch.example' });
  listedId = (await createUser(t.app, 'amy@example.com', ['trainer'], 'Amy Brown')).trainerId as number;
  unlistedId = (await createUser(t.app, 'hid@example.com', ['trainer'], 'Hid Den')).trainerId as number;
  await t.app.db
    .updateTable('trainerProfiles')
    .set({ displayName: 'Coach Amy <3', publicBio: 'Krav Maga & awareness', displayLocation: 'Denver, CO' })
    .where('trainerId', '=', listedId)
    .execute();
  await t.app.db
    .updateTable('trainerProfiles')
    .set({ publiclyListed: false })
    .where('trainerId', '=', unlistedId)
    .execute();
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('pages for search engines', () => {
  it('gives the directory its own title, description and Open Graph tags', async () => {
    const res = await page('/find-trainer');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Find a Certified Self-Defense Trainer | Soul Punch</title>');
    expect(res.body).toContain(
      '<meta property="og:url" content="https://trainers.soulpunch.example/find-trainer" />',
    );
    expect(res.body.match(/name="description"/g)).toHaveLength(1);
  });

  it('gives the legal, support, classes and sign-in pages their own tab titles', async () => {
    const titles: Array<[string, string]> = [
      ['/legal/terms', 'Terms &amp; Conditions | Soul Punch'],
      ['/privacy-policy-public', 'Privacy Policy | Soul Punch'],
      ['/support-public', 'Support | Soul Punch'],
      ['/classes', 'Upcoming Classes &amp; Workshops | Soul Punch'],
      ['/trainer-portal/login', 'Sign In | Soul Punch Trainer Portal'],
    ];
    for (const [url, title] of titles) {
      expect((await page(url)).body, url).toContain(`<title>${title}</title>`);
    }
  });

  it('describes each public trainer profile, escaped, and answers 404 for an unlisted one', async () => {
    const res = await page(`/trainer/${listedId}`);
    expect(res.body).toContain(
      '<title>Coach Amy &lt;3, Certified Self-Defense Trainer in Denver, CO | Soul Punch</title>',
    );
    expect(res.body).toContain('<meta property="og:description" content="Krav Maga &amp; awareness" />');
    expect((await page(`/public/trainer/${unlistedId}`)).statusCode).toBe(404);
    expect((await page('/trainer/999999')).statusCode).toBe(404);
  });

  it('lists public profiles in the sitemap and keeps private areas out of robots', async () => {
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain(`<loc>https://trainers.soulpunch.example/trainer/${listedId}</loc>`);
    expect(sitemap.body).not.toContain(`/trainer/${unlistedId}<`);
    const robots = await page('/robots.txt');
    // A certificate's page names its trainer (a revoked one too): for whoever holds the number, not for an index.
    for (const path of ['/admin', '/trainer-portal', '/onboarding', '/verify/'])
      expect(robots.body).toContain(`Disallow: ${path}`);
    expect(robots.body).toContain('Sitemap: https://trainers.soulpunch.example/sitemap.xml');
    // The sign-in page is the one portal address search engines may list.
    expect(robots.body).toContain('Allow: /trainer-portal/login\nDisallow: /admin');
  });
});
