import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageScripts, pageStylesheets, type WebManifest, withRenderedPage } from '../src/plugins/web-app';
import { listenOnLoopback, sendRaw, spellingsOf } from './address-spellings';
import { buildTestApp, createUser, FRESH_WITHIN, signIn, type TestApp, withCookie } from './helper';
import { comparable, rawRequest } from './raw-http';

// The real page renderer (apps/web/src/entry-server.tsx) as the run's web build made it (`npm run build -w
// @soulpunch/web`; scripts/test.mjs builds it once, before the tests that use it): building it here took a full
// SSR build inside an API test. Copied into the repository (not linked), so that its imports (react, @mantine/core...) resolve from
// node_modules as they do for the built app.
const web = path.resolve(import.meta.dirname, '../../web');
const builtRenderer = path.join(web, 'dist-ssr');

/** Newest change under these paths (files only), in ms. */
function newestChange(paths: string[]): number {
  let newest = 0;
  for (const p of paths) {
    const stat = statSync(p);
    if (stat.isDirectory()) {
      newest = Math.max(newest, newestChange(readdirSync(p).map((name) => path.join(p, name))));
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Why the run's renderer cannot be used, or null when it can. */
function rendererProblem(): string | null {
  const entry = path.join(builtRenderer, 'entry-server.js');
  if (!existsSync(entry)) return `the web app's page renderer is not built (${entry} is missing)`;
  const sources = [
    path.join(web, 'src'),
    path.join(web, 'index.html'),
    path.join(web, '../../packages/shared/src'),
  ];
  if (statSync(entry).mtimeMs < newestChange(sources)) {
    return `the web app's page renderer (${entry}) is older than its sources`;
  }
  return null;
}
const problem = rendererProblem();
const remedy = 'run `npm run build -w @soulpunch/web` first (`npm test` does)';
// Under CI a missing renderer is a failure, never a quiet skip.
const skipReason = problem && process.env.CI !== 'true' ? `${problem}: ${remedy}` : null;
if (skipReason) console.warn(`server-rendering.test.ts: skipping the rendered pages, ${skipReason}`);

let buildRoot: string;
let t: TestApp;
let trainerId: number;

beforeAll(() => {
  buildRoot = mkdtempSync(path.join(web, '.test-build-'));
});

afterAll(async () => {
  await t?.close();
  rmSync(buildRoot, { recursive: true, force: true });
});

/** A web build's manifest: the directory's page module has stylesheets of its own and shares the app's. */
const manifest: WebManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'], imports: ['_ui.js'] },
  // The islands' entry (decision record 0013): the pages sent as islands load it, and link its stylesheets.
  'src/islands.tsx': {
    file: 'assets/islands.js',
    isEntry: true,
    css: ['assets/islands.css'],
    imports: ['_ui.js'],
  },
  '_ui.js': { file: 'assets/ui.js', css: ['assets/ui.css'] },
  '_cards.js': { file: 'assets/cards.js', css: ['assets/cards.css'], imports: ['_ui.js'] },
  'src/features/directory/components/find-trainer-page.tsx': {
    file: 'assets/find-trainer-page.js',
    css: ['assets/find-trainer-page.css'],
    imports: ['_ui.js', '_cards.js'],
  },
};

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** What the browser would show before any script runs: #root's markup. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="server-state">');
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

function serverState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } | null {
  const match = /<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe('server-rendered public pages', () => {
  beforeAll(async () => {
    if (problem) return;
    const dist = path.join(buildRoot, 'dist');
    mkdirSync(dist);
    copyFileSync(path.join(web, 'index.html'), path.join(dist, 'index.html'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    cpSync(builtRenderer, path.join(buildRoot, 'dist-ssr'), { recursive: true });
    t = await buildTestApp({ webDistDir: dist });
    trainerId = (await createUser(t.app, 'amy@example.com', ['trainer'], 'Amy Brown')).trainerId as number;
    await t.app.db
      .updateTable('trainerProfiles')
      .set({
        displayName: 'Coach Amy </script><b>bold</b>',
        publicBio: 'Krav Maga and awareness for teams.',
        displayLocation: 'Denver, CO',
      })
      .where('trainerId', '=', trainerId)
      .execute();
    await createUser(t.app, 'admin@example.com', ['admin']);
  }, 120_000);
  beforeEach((context) => {
    if (skipReason) context.skip(skipReason);
    else if (problem) throw new Error(`${problem}: ${remedy}`);
  });

  it('sends the directory with its trainers in the HTML and the data they came from, escaped', async () => {
    const res = await page('/find-trainer');
    expect(res.statusCode).toBe(200);
    const root = rootMarkup(res.body);
    expect(root).toContain('Coach Amy &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(root).toContain('Find Your Self Defense Trainer');
    // The trainer's own text cannot close the data's script element.
    expect(res.body.match(/<\/script>/g)?.length).toBe((res.body.match(/<script/g) ?? []).length);
    const state = serverState(res.body);
    const keys = state?.queries.map((q) => q.queryKey[0]);
    expect(keys).toContain('public-trainers');
    expect(JSON.stringify(state)).toContain('Coach Amy </script><b>bold</b>');
  });

  it("leaves the map's pins out of the directory's page: the map fetches their feed, which grows with the trainers", async () => {
    const state = serverState((await page('/find-trainer')).body);
    const pins = state?.queries.filter((q) => q.queryKey.includes('markers')) ?? [];
    expect(pins.every((q) => q.state.data === undefined)).toBe(true);
    expect(JSON.stringify(state)).not.toContain('idSteps');
  });

  it('keeps the page as compressed bytes with an ETag, and rebuilds it within 2 s when a trainer changes', async () => {
    const res = await page('/find-trainer', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(gunzipSync(res.rawPayload).toString()).toContain('Coach Amy');
    const etag = res.headers.etag as string;
    expect((await page('/find-trainer', { 'if-none-match': etag })).statusCode).toBe(304);

    // Straight into the database: its notice has the kept page rebuilt (on PostgreSQL a moment later).
    await t.app.db
      .updateTable('trainerProfiles')
      .set({ displayLocation: 'Boulder, CO' })
      .where('trainerId', '=', trainerId)
      .execute();
    await expect
      .poll(async () => rootMarkup((await page('/find-trainer')).body), FRESH_WITHIN)
      .toContain('Boulder, CO');
    expect((await page('/find-trainer', { 'if-none-match': etag })).statusCode).toBe(200);
    await t.app.db
      .updateTable('trainerProfiles')
      .set({ displayLocation: 'Denver, CO' })
      .where('trainerId', '=', trainerId)
      .execute();
    await expect
      .poll(async () => rootMarkup((await page('/find-trainer')).body), FRESH_WITHIN)
      .toContain('Denver, CO');
  });

  it('sends a kept page to a visitor before routing, with the headers and bytes the page handler sends', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    for (const target of ['/find-trainer', `/trainer/${trainerId}`, '/trainer/999999', '/classes?q=safety']) {
      for (const encoding of [undefined, 'gzip, deflate, br']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        await t.app.publicDirectoryCache.whenSettled();
        t.app.publicDirectoryCache.clear();
        const full = await rawRequest(port, target, { headers });
        expect(t.app.publicDirectoryCache.atAddress(target), target).toBeDefined();
        const fast = await rawRequest(port, target, { headers });
        expect(comparable(fast), target).toEqual(comparable(full));
      }
    }
    // The status is kept with the page: a trainer who is not listed is a 404 page, from the fast path too.
    expect((await rawRequest(port, '/trainer/999999')).status).toBe(404);
    // A signed-in person's page is their own copy, never the visitor's.
    const cookie = await signIn(t.app, 'admin@example.com');
    const signedIn = await rawRequest(port, '/privacy', { headers: { cookie } });
    const visitor = await rawRequest(port, '/privacy');
    expect(signedIn.body.toString()).not.toBe(visitor.body.toString());
    expect(t.app.publicDirectoryCache.atAddress('/privacy')?.plain.toString()).toBe(visitor.body.toString());
  });

  it("links the page's own stylesheets, so it is styled before any script runs", async () => {
    const head = (await page('/find-trainer')).body.split('</head>')[0] ?? '';
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/find-trainer-page.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/cards.css">');
    // The islands' entry's own stylesheet; the app's own stylesheets come with index.html.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/islands.css">');
    expect(head).not.toContain('/assets/ui.css');
    expect(head).not.toContain('/assets/index.css');
    // A page that keeps the full app does not link the islands' stylesheet.
    expect((await page('/privacy')).body.split('</head>')[0]).not.toContain('/assets/islands.css');
  });

  it('starts the page once it has been painted, not before: its islands, or the whole app', async () => {
    const html = (await page('/find-trainer')).body;
    expect(html).toContain('<script async src="/start-app.js" data-entry="/assets/islands.js"></script>');
    expect(html).not.toContain('type="module"');
    // Its islands are elements of their own, rendered with their own id prefix.
    expect(rootMarkup(html)).toContain('data-island="directory" data-island-prefix="directory');
    // A page whose frame depends on who is looking keeps the whole app.
    expect((await page('/privacy')).body).toContain(
      '<script async src="/start-app.js" data-entry="/src/main.tsx"></script>',
    );
    // A page the browser renders itself loads the app at once.
    expect((await page('/admin')).body).toContain(
      '<script type="module" async src="/src/main.tsx"></script>',
    );
  });

  it("sends the class calendar with each class on the month grid and in the phone's list, each opening its details and leading to its page", async () => {
    const cookie = await signIn(t.app, 'amy@example.com');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const created = await t.app.inject(
      withCookie(cookie, {
        method: 'POST',
        url: `/api/trainers/${trainerId}/classes`,
        payload: {
          title: 'Evening Escapes',
          date: tomorrow,
          startTime: '18:00',
          location: 'Park, Denver, CO',
          timeZone: 'America/Denver',
          price: 0,
        },
      }),
    );
    expect(created.statusCode).toBe(201);
    const classId = (created.json() as { id: number }).id;
    const calendar = async () => rootMarkup((await page('/public-calendar')).body);
    await expect.poll(calendar, FRESH_WITHIN).toContain('Evening Escapes');
    const root = await calendar();
    expect(root).toContain('data-island="class-calendar"');
    // The phone's list (this week's classes): the name is a button that opens the class's details, and its link
    // leads to its page, named by the class it is for.
    const titleId = `calendar-class-${classId}-title`;
    expect(root).toMatch(
      new RegExp(`<h3 [^>]*id="${titleId}"[^>]*><button type="button"[^>]*>Evening Escapes</button></h3>`),
    );
    expect(root).toMatch(
      new RegExp(
        `<a href="/public/class/${classId}"[^>]*aria-describedby="${titleId}"[^>]*>Register on the class page</a>`,
      ),
    );
    expect(root).toContain('with Amy');
    // The month grid of today's month (in UTC, as the server knows no zone), a button for each class of it.
    expect(root).toContain('<table aria-labelledby=');
    if (tomorrow.slice(0, 7) === new Date().toISOString().slice(0, 7)) {
      expect(root).toMatch(
        /<button type="button"[^>]*><strong>Self-Defense<\/strong><span[^>]*>: Evening Escapes,<\/span>/,
      );
    }
  });

  it("puts a trainer's profile text in their page", async () => {
    const res = await page(`/trainer/${trainerId}`);
    expect(rootMarkup(res.body)).toContain('Krav Maga and awareness for teams.');
    expect(rootMarkup(res.body)).toContain('Denver, CO');
  });

  it("renders a certificate's verify page for each visitor, never kept, its look-up counted for that visitor", async () => {
    const { certificateNumber } = await t.app.db
      .selectFrom('certificationRecords')
      .select('certificateNumber')
      .where('trainerId', '=', trainerId)
      .executeTakeFirstOrThrow();
    const visitor = '203.0.113.50';
    const res = await t.app.inject({
      method: 'GET',
      url: `/verify/${certificateNumber}`,
      remoteAddress: visitor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.body).toContain('<title>Verify a Certificate | Soul Punch</title>');
    const root = rootMarkup(res.body);
    for (const fact of ['Amy Brown', certificateNumber as string, 'Valid', 'Valid through']) {
      expect(root).toContain(fact);
    }
    expect(res.body).not.toContain('amy@example.com');
    // Only the header's Contact Us comes alive: the form is a plain form.
    expect(res.body).toContain('data-entry="/assets/islands.js"');
    expect(root.match(/data-island="/g)).toHaveLength(1);
    const hits = await t.app.db
      .selectFrom('rateLimitHits')
      .select('key')
      .where('key', 'like', 'certificate:ip:%')
      .execute();
    expect(hits.map((h) => h.key)).toEqual([`certificate:ip:${visitor}`]);
    expect(t.app.publicDirectoryCache.atAddress(`/verify/${certificateNumber}`)).toBeUndefined();
    expect(
      t.app.publicDirectoryCache.lastRebuildMs(`page:visitor:/verify/${certificateNumber}`),
    ).toBeUndefined();

    const unknown = await page('/verify/SP-0000-0000-0000-0000');
    expect(unknown.statusCode).toBe(200);
    expect(rootMarkup(unknown.body)).toContain('No certificate with this number');
  });

  it("sends the verify form's number to its page, and a signed document's old QR address to the document check", async () => {
    const typed = await page('/verify?number=sp%201a2b%203c4d%205e6f%207a8b');
    expect(typed.statusCode).toBe(303);
    expect(typed.headers.location).toBe('/verify/SP-1A2B-3C4D-5E6F-7A8B');
    expect((await page('/verify?number=%3Cb%3E.%2F')).headers.location).toBe('/verify/b');
    expect((await page('/verify?number=')).headers.location).toBe('/verify');
    const document = await page('/verify?id=5&code=Qr-Code_1');
    expect(document.statusCode).toBe(301);
    expect(document.headers.location).toBe('/verify-document?id=5&code=Qr-Code_1');
    const form = await page('/verify');
    expect(form.statusCode).toBe(200);
    expect(rootMarkup(form.body)).toContain('action="/verify"');
  });

  it("renders a visitor's legal page with the public frame, and never a signed-in person's session", async () => {
    const visitor = await page('/privacy');
    expect(rootMarkup(visitor.body)).toContain('Privacy Policy');
    // A kept public page loads its scripts after it has been painted (start-app.js), none named ahead.
    expect(visitor.body).not.toContain('modulepreload');
    const session = serverState(visitor.body)?.queries.find((q) => q.queryKey[0] === 'auth');
    expect(session?.state.data).toEqual({ user: null });

    const cookie = await signIn(t.app, 'admin@example.com');
    const signedIn = await page('/privacy', { cookie });
    expect(signedIn.statusCode).toBe(200);
    const state = serverState(signedIn.body);
    expect(state?.queries.some((q) => q.queryKey[0] === 'auth')).toBe(false);
    expect(signedIn.body).not.toContain('admin@example.com');
  });

  it('leaves private and unknown pages to the browser', async () => {
    for (const url of ['/admin', '/trainer-portal/dashboard', '/onboarding/checkout']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(serverState(res.body)).toBeNull();
    }
    const missing = await page('/trainer/999999');
    expect(missing.statusCode).toBe(404);
    expect(serverState(missing.body)).toBeNull();
  });

  // Decision record 0026: these pages are rendered per request, with the request's own session, and sent to it alone.
  describe('pages behind a sign-in, rendered for the person who asks', () => {
    const TRAINER_PAGES = [
      '/trainer-portal/dashboard',
      '/trainer-portal/profile',
      '/trainer-portal/calendar',
    ];
    const ADMIN_PAGES = ['/admin', '/admin/trainers'];
    let amy: string;
    let bob: string;
    let admin: string;
    let bobTrainerId: number;
    /** What of Bob's own a page shows: his name, or on the calendar the address of his own classes' feed. */
    const bobsOwn = (url: string) =>
      url === '/trainer-portal/calendar' ? `/api/calendar/trainers/${bobTrainerId}.ics` : 'Bob Private';
    const signInEveryone = async () => {
      amy = await signIn(t.app, 'amy@example.com');
      bob = await signIn(t.app, 'bob@example.com');
      admin = await signIn(t.app, 'admin@example.com');
    };

    beforeAll(async () => {
      if (problem) return;
      bobTrainerId = (await createUser(t.app, 'bob@example.com', ['trainer'], 'Bob Private'))
        .trainerId as number;
      await signInEveryone();
    });

    /** Nothing of a signed-in person's in the answer: the empty page, as a visitor gets it, or a refusal. */
    function expectNothingPrivate(res: { body: string }, where: string) {
      expect(serverState(res.body), where).toBeNull();
      if (res.body.includes('id="root"')) expect(res.body, where).toContain('<div id="root"></div>');
      for (const secret of ['amy@example.com', 'bob@example.com', 'Bob Private', 'admin@example.com']) {
        expect(res.body, where).not.toContain(secret);
      }
    }

    // The first loads the renderer, and renders each page twice.
    it("sends a trainer's pages with their own data alone, never another trainer's, private and never stored", {
      timeout: 180_000,
    }, async () => {
      for (const url of TRAINER_PAGES) {
        const res = await page(url, { cookie: bob });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.headers.vary).toContain('Cookie');
        expect(res.headers.etag).toBeUndefined();
        expect(rootMarkup(res.body)).toContain(bobsOwn(url));
        const state = JSON.stringify(serverState(res.body));
        expect(state).toContain('bob@example.com');
        expect(res.body).not.toContain('amy@example.com');
        expect(res.body).not.toContain('Coach Amy');
        // The data travels as a data block, which the CSP allows; the app starts once the page has been painted.
        expect(res.body).toContain('<script async src="/start-app.js" data-entry="/src/main.tsx"></script>');
        expect(res.body).not.toMatch(/<script>/);
        // Its scripts are named in the page for start-app.js (decision record 0029), the app's entry among them.
        expect(res.body).toContain(
          '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/index.js">',
        );

        const amys = await page(url, { cookie: amy });
        expect(amys.body).toContain('amy@example.com');
        expect(amys.body).not.toContain('Bob Private');
        expect(amys.body).not.toContain(bobsOwn(url));
        expect(t.app.publicDirectoryCache.atAddress(url)).toBeUndefined();
      }
    });

    it("sends the admin's pages to the admin, and nothing of them to a trainer or a visitor asking next", async () => {
      const list = await page('/admin/trainers', { cookie: admin });
      expect(list.headers['cache-control']).toBe('private, no-store');
      expect(rootMarkup(list.body)).toContain('Bob Private');
      expect(serverState(list.body)?.queries.map((q) => q.queryKey[0])).toEqual(['auth', 'trainers']);
      expect(rootMarkup((await page('/admin', { cookie: admin })).body)).toContain(
        'Trainer Onboarding Dashboard',
      );
      for (const url of ADMIN_PAGES) {
        expectNothingPrivate(await page(url, { cookie: bob }), `a trainer on ${url}`);
        expectNothingPrivate(await page(url), `a visitor on ${url}`);
        expect(t.app.publicDirectoryCache.atAddress(url)).toBeUndefined();
      }
      // An administrator who is not a trainer is sent away from the portal by its guard: nothing rendered.
      for (const url of TRAINER_PAGES) expectNothingPrivate(await page(url, { cookie: admin }), url);
    });

    // The pages come from the not-found handler, which @fastify/compress never reaches: they compress themselves.
    it('compresses a signed-in page for the encoding asked for, varying on the cookie and the encoding', async () => {
      const plain = await page('/admin/trainers', { cookie: admin });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Cookie, Accept-Encoding');
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await page('/admin/trainers', {
          cookie: admin,
          'accept-encoding': `${encoding}, deflate`,
        });
        expect(res.headers['content-encoding'], encoding).toBe(encoding);
        expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        const body = decode(res.rawPayload).toString();
        expect(rootMarkup(body)).toContain('Bob Private');
        expect(body.length).toBe(plain.body.length);
      }
      // The empty page (a visitor, or a person the guard sends away) is compressed the same way, and 'br;q=0' is
      // a refusal.
      const empty = await page('/admin/trainers', { cookie: bob, 'accept-encoding': 'gzip' });
      expect(empty.headers['content-encoding']).toBe('gzip');
      expectNothingPrivate({ body: gunzipSync(empty.rawPayload).toString() }, 'a trainer, compressed');
      const refused = await page('/admin', { cookie: admin, 'accept-encoding': 'br;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(rootMarkup(refused.body)).toContain('Trainer Onboarding Dashboard');
    });

    it('renders nothing private for no session, a forged or signed-out cookie, or an expired session', async () => {
      const forged = 'sp_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
      const signedOut = await signIn(t.app, 'bob@example.com');
      await t.app.inject(withCookie(signedOut, { method: 'POST', url: '/api/auth/logout' }));
      const expired = await signIn(t.app, 'admin@example.com');
      await t.app.db
        .updateTable('sessions')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .execute();
      for (const url of [...TRAINER_PAGES, ...ADMIN_PAGES]) {
        const asked: Record<string, Record<string, string>> = {
          'no session': {},
          forged: { cookie: forged },
          'signed out': { cookie: signedOut },
          expired: { cookie: expired },
        };
        for (const [who, headers] of Object.entries(asked)) {
          const res = await page(url, headers);
          expect(res.headers['cache-control'], `${who} on ${url}`).toBe('private, no-store');
          expectNothingPrivate(res, `${who} on ${url}`);
        }
      }
      await signInEveryone();
    });

    it('renders nothing private at other spellings of these addresses, nor for the wrong person at any', async () => {
      const address = t.app.server.listening
        ? (t.app.server.address() as AddressInfo)
        : await listenOnLoopback(t.app);
      const host = `127.0.0.1:${address.port}`;
      const pages = [
        ...TRAINER_PAGES.map((url) => ({ url, owner: bob, stranger: admin })),
        ...ADMIN_PAGES.map((url) => ({ url, owner: admin, stranger: bob })),
      ];
      for (const { url, owner, stranger } of pages) {
        for (const { name, target } of spellingsOf(url, host)) {
          const where = `${name}: ${target}`;
          expectNothingPrivate(
            await sendRaw(address, 'GET', target, { cookie: stranger }),
            `wrong person, ${where}`,
          );
          const own = await sendRaw(address, 'GET', target, { cookie: owner });
          // The absolute form is the same address (the router reads its path): the owner's own page.
          if (name === 'absolute-form target') expect(own.headers['cache-control']).toBe('private, no-store');
          else expectNothingPrivate(own, where);
        }
      }
      for (const target of [
        '/%61dmin',
        '/admin%2Ftrainers',
        '/admin%2ftrainers',
        '/trainer-portal%2Fprofile',
      ]) {
        expectNothingPrivate(await sendRaw(address, 'GET', target, { cookie: admin }), target);
        expectNothingPrivate(await sendRaw(address, 'GET', target, { cookie: bob }), target);
      }
    });
  });
});

describe('a page renderer that cannot load', () => {
  it('leaves every page to the browser instead of failing it', async () => {
    const broken = path.join(buildRoot, 'broken');
    mkdirSync(path.join(broken, 'dist'), { recursive: true });
    mkdirSync(path.join(broken, 'dist-ssr'));
    copyFileSync(path.join(web, 'index.html'), path.join(broken, 'dist', 'index.html'));
    writeFileSync(path.join(broken, 'dist-ssr', 'entry-server.js'), "import 'no-such-package';\n");
    const other = await buildTestApp({ webDistDir: path.join(broken, 'dist') });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await other.app.inject({ method: 'GET', url: '/find-trainer' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id="root"></div>');
      }
    } finally {
      await other.close();
    }
    // It builds an app of its own: as long as the file's own app gets in beforeAll.
  }, 120_000);
});

describe('withRenderedPage', () => {
  it('escapes every < of the data and keeps $ patterns as they are', () => {
    const html = withRenderedPage('<body><div id="root"></div></body>', {
      html: '<p>$& $1</p>',
      state: '{"a":"</script><!--"}',
    });
    expect(html).toBe(
      '<body><div id="root"><p>$& $1</p></div><script type="application/json" id="server-state">{"a":"\\u003c/script>\\u003c!--"}</script></body>',
    );
  });
});

describe('pageScripts', () => {
  it("lists the scripts of a page's modules and of everything they import, each once", () => {
    expect(
      pageScripts(manifest, 'index.html', 'src/features/directory/components/find-trainer-page.tsx'),
    ).toEqual(['/assets/index.js', '/assets/ui.js', '/assets/find-trainer-page.js', '/assets/cards.js']);
    expect(pageScripts(manifest, 'src/features/legal/support-page.tsx')).toEqual([]);
  });
});

describe('pageStylesheets', () => {
  it("lists a page module's stylesheets and those of its imports, not the app's", () => {
    expect(pageStylesheets(manifest, 'src/features/directory/components/find-trainer-page.tsx')).toEqual([
      '/assets/find-trainer-page.css',
      '/assets/cards.css',
    ]);
    expect(pageStylesheets(manifest, 'src/features/legal/support-page.tsx')).toEqual([]);
    expect(pageStylesheets({}, 'src/features/directory/components/find-trainer-page.tsx')).toEqual([]);
  });

  it("adds the islands' entry's stylesheets for a page sent as islands, as index.html does not link them", () => {
    expect(
      pageStylesheets(manifest, 'src/features/directory/components/find-trainer-page.tsx', 'src/islands.tsx'),
    ).toEqual(['/assets/find-trainer-page.css', '/assets/cards.css', '/assets/islands.css']);
  });
});
