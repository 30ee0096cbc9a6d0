import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type Brand, DEFAULT_BRAND, primaryColorStylesheet } from '@soulpunch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { notFound } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { SESSION_COOKIE } from '../modules/auth/access';
import { cachedBrand } from '../modules/branding/service';
import { isCertificateLookupPage, verifyPageRedirect } from '../modules/certification/verify-page';
import { compressBody } from '../modules/directory/public-cache';
import { PAGE_ANSWER } from '../modules/directory/public-tables';
import { chooseEncoding, justWrote, sendAnswer } from '../modules/directory/send-answer';
import { type PageMeta, pageMetaFor, robotsTxt, sitemapXml } from '../modules/seo/service';

/**
 * Query parameters that carry a secret: `token` (sign-in and e-mail confirmation links), `cancel` (a class
 * registration's cancel link), and any name that says token, secret or key, so a new link is covered by its name.
 */
const SECRET_QUERY_NAME = /^(?:cancel|code|password|sig|signature|session_id)$|token|secret|key$/i;
/**
 * Query parameters that carry who someone is: a page form's outcome sends the browser back with the e-mail and
 * name typed (lib/page-form.ts), which the request log has no need of.
 */
const PERSONAL_QUERY_NAME = /^(?:email|name|sent)$/i;
/** A query parameter wherever it appears: in an address, or in an error message that quotes one. */
const QUERY_PARAMETER = /([?&])([^=&?#\s"'<>]+)=([^&#\s"'<>]*)/g;

/**
 * Secrets in query strings (sign-in, confirmation and cancel links), and the e-mail and name a page form's outcome
 * carries, never reach logs or messages.
 */
export function redactUrl(url: string): string {
  return url.replace(QUERY_PARAMETER, (parameter, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed name is checked as written.
    }
    return SECRET_QUERY_NAME.test(decoded) || PERSONAL_QUERY_NAME.test(decoded)
      ? `${separator}${name}=[redacted]`
      : parameter;
  });
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page's own title, description and Open Graph tags, so crawlers and link previews see real content. */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    `<meta property="og:site_name" content="Soul Punch" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `  ${tags}\n  </head>`);
}

/**
 * The brand in a page (decision record 0016): its name in the head's title and Open Graph tags, its logo as the
 * icon, its colour as Mantine's variables (a stylesheet the server writes: no new build), and what the page's
 * scripts show (#brand-state: name, logo, support and postal addresses). A page in the default brand is unchanged.
 */
export function withBrand(html: string, brand: Brand): string {
  const sameAs = (key: keyof Brand) => brand[key] === DEFAULT_BRAND[key];
  if ((Object.keys(DEFAULT_BRAND) as Array<keyof Brand>).every(sameAs)) return html;
  const end = html.indexOf('</head>');
  if (end === -1) return html;
  let head = html.slice(0, end);
  if (!sameAs('name')) head = head.replaceAll(escapeHtml(DEFAULT_BRAND.name), escapeHtml(brand.name));
  if (brand.logoUrl) {
    head = head.replace(
      /<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg" \/>/,
      `<link rel="icon" type="image/png" href="${escapeHtml(brand.logoUrl)}" />`,
    );
  }
  const color = sameAs('primaryColor')
    ? ''
    : `  <style id="brand-colors">${primaryColorStylesheet(brand.primaryColor)}</style>\n`;
  // '<' escaped: the brand's text cannot close the element.
  const state = JSON.stringify(brand).replace(/</g, '\\u003c');
  const data = `  <script type="application/json" id="brand-state">${state}</script>\n`;
  return `${head}${color}${data}${html.slice(end)}`;
}

/** A page as the renderer made it: #root's markup, its data, the modules whose stylesheets it needs. */
interface RenderedPage {
  html: string;
  state: string;
  pageModules: string[];
  entry?: 'app' | 'islands';
}

/** The web app's server renderer (apps/web/src/entry-server.tsx), built into `dist-ssr` beside the app. */
interface PageRenderer {
  isServerRendered(pathname: string): boolean;
  renderPage(
    url: URL,
    options: { fetchApi: typeof fetch; visitor: boolean; brand?: Brand },
  ): Promise<RenderedPage | null>;
  /** The pages behind a sign-in rendered for the person who asks (decision record 0026). */
  isRenderedForViewer(pathname: string): boolean;
  renderSignedInPage(
    url: URL,
    options: { fetchApi: typeof fetch; brand?: Brand },
  ): Promise<RenderedPage | null>;
}

/** What Vite's build manifest says of one module (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}
export type WebManifest = Record<string, ManifestChunk>;

/** The entry of the public pages hydrated as islands (apps/web/src/islands.tsx, decision record 0013). */
export const ISLANDS_ENTRY = 'src/islands.tsx';

/**
 * The stylesheets a page's modules need beyond the app's own (which index.html links): their CSS and that of
 * everything they import, as the browser would load them with the modules.
 */
export function pageStylesheets(manifest: WebManifest, ...pageModules: string[]): string[] {
  const collect = (key: string, seen: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, seen, css);
  };
  const shared = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    // index.html's entry: its stylesheets are in the page already (the islands' entry's are not).
    if (chunk.isEntry && key.endsWith('.html')) collect(key, new Set(), shared);
  }
  const own = new Set<string>();
  for (const pageModule of pageModules) collect(pageModule, new Set(), own);
  return [...own].filter((file) => !shared.has(file)).map((file) => `/${file}`);
}

/**
 * The scripts a page's modules load: their files and those of everything they import. A page behind a sign-in
 * names them as `modulepreload` links (decision record 0029), which start-app.js adds at once after the first
 * paint: its loader would otherwise add them one by one for some 50-100 chunks, one long task on a phone.
 */
export function pageScripts(manifest: WebManifest, ...pageModules: string[]): string[] {
  const files = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  for (const pageModule of pageModules) collect(pageModule);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
}

/**
 * What the app loads before any signed-in page's own modules: its entry, then the loaders of the pages behind a
 * sign-in (apps/web/src/app/signed-in-pages.ts), which ask for the page's chunks.
 */
const APP_START = ['index.html', 'src/app/signed-in-pages.ts'];

/** Classes that start drop off the pages, as they do from the public answers: a page is rebuilt every minute. */
const PAGE_LIFETIME_MS = 60_000;

/** The app's entry script in index.html (`<script type="module" async src="...">`, in any order). */
const APP_SCRIPT = /<script (?=[^>]*\btype="module")[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;

/**
 * The page's markup in #root, the data it was made from (for the browser to hydrate), its own stylesheets, and
 * the app started once the page has been painted (apps/web/public/start-app.js).
 */
export function withRenderedPage(
  indexHtml: string,
  page: { html: string; state: string },
  stylesheets: string[] = [],
  /** The script that brings the page alive, when not the app's own (the islands' entry). */
  entryScript?: string,
  /** Scripts the app starts fetching with its entry (start-app.js), at low priority. */
  preloads: string[] = [],
): string {
  // '<' escaped: the data (trainers' own text) cannot close the script element.
  const state = page.state.replace(/</g, '\\u003c');
  const links = stylesheets.map(
    (href) => `  <link rel="stylesheet" crossorigin href="${escapeHtml(href)}">\n`,
  );
  // In a template: fetched once start-app.js takes them out after the first paint, not before it.
  const preloadLinks = preloads.length
    ? `<template id="page-scripts">${preloads
        .map(
          (href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}">`,
        )
        .join('')}</template>`
    : '';
  return indexHtml
    .replace('</head>', () => `${links.join('')}</head>`)
    .replace(
      APP_SCRIPT,
      (_script, entry: string) =>
        `<script async src="/start-app.js" data-entry="${escapeHtml(entryScript ?? entry)}"></script>`,
    )
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="server-state">${state}</script>${preloadLinks}`,
    );
}

/**
 * The page's API calls, answered in-process by the app itself: the public answers come from its cache. A look-up
 * page's calls carry the visitor's address, so their rate limits count that visitor, not the server; a signed-in
 * page's carry the request's session cookie too, so every access rule applies to them as to the browser's calls.
 */
function inProcessFetch(app: FastifyInstance, remoteAddress?: string, sessionToken?: string): typeof fetch {
  return async (input) => {
    const response = await app.inject({
      method: 'GET',
      url: String(input),
      headers: { accept: 'application/json' },
      ...(sessionToken === undefined ? {} : { cookies: { [SESSION_COOKIE]: sessionToken } }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}

/** Smaller pages go as they are, as @fastify/compress's threshold leaves them. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Sends HTML made for this request alone, in the encoding it accepts. Pages are the not-found handler's answers,
 * which @fastify/compress never reaches (it compresses routes' answers): a signed-in page went as up to 300 KB of
 * plain HTML, a second and a half of a phone's slow 4G before its first paint. Compressed at the levels for one
 * request (compressBody); the API's own answers with the same data are compressed the same way.
 */
async function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, vary: string[] = []) {
  const plain = Buffer.from(html);
  const encoding =
    plain.length >= COMPRESS_FROM_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
  reply.type('text/html; charset=utf-8').header('Vary', [...vary, 'Accept-Encoding'].join(', '));
  if (!encoding) return reply.send(plain);
  const body = await compressBody(plain, encoding, encoding === 'br' ? 5 : 6);
  return reply.header('Content-Encoding', encoding).send(body);
}

/** The built React app: hashed assets with long caching, index.html (with page meta) for client routes. */
export async function serveWebApp(app: FastifyInstance, config: AppConfig, db: Db, clock: Clock) {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (!hasWebApp && config.env === 'production') {
    throw new Error(`The web app is not built (${indexFile} is missing). Run \`npm run build\` first.`);
  }
  const indexHtml = hasWebApp ? readFileSync(indexFile, 'utf8') : '';
  const manifestFile = path.join(config.webDistDir, '.vite', 'manifest.json');
  const manifest: WebManifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const rendererFile = path.join(config.webDistDir, '..', 'dist-ssr', 'entry-server.js');
  // Loaded on the first page asked for, not at start; without a built renderer pages render in the browser.
  let renderer: Promise<PageRenderer | null> | undefined;
  const loadRenderer = () => {
    renderer ??= existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<PageRenderer>).catch((error: unknown) => {
          // A renderer that cannot load (a broken build) leaves every page to the browser, said once.
          app.log.error({ err: error }, `the page renderer ${rendererFile} could not be loaded`);
          return null;
        })
      : Promise.resolve(null);
    return renderer;
  };
  const fetchApi = inProcessFetch(app);
  const islandsFile = manifest[ISLANDS_ENTRY]?.file;
  // A page of islands loads the islands' entry (with its stylesheets) in place of the app's; without that entry
  // in the build, the whole app, as before.
  const renderedPage = (shell: string, page: RenderedPage, preloadScripts: boolean) =>
    page.entry === 'islands' && islandsFile
      ? withRenderedPage(
          shell,
          page,
          pageStylesheets(manifest, ...page.pageModules, ISLANDS_ENTRY),
          `/${islandsFile}`,
        )
      : withRenderedPage(
          shell,
          page,
          pageStylesheets(manifest, ...page.pageModules),
          undefined,
          preloadScripts ? pageScripts(manifest, ...APP_START, ...page.pageModules) : [],
        );
  if (hasWebApp) {
    await app.register(async (files) => {
      // Every file of the built web app is public: its routes get that rule as they are registered.
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      // The few files at the top (start-app.js, the icon) each get a route of their own; the hashed assets, some
      // 250 files, share one: a route per file took a tenth of the start (find-my-way compiles a matcher for each).
      // A name under /assets/ that is not there goes on to the not-found handler, as an unknown address did.
      await files.register(fastifyStatic, {
        root: config.webDistDir,
        wildcard: false,
        index: false,
        globIgnore: ['assets/**'],
      });
      await files.register(fastifyStatic, {
        root: path.join(config.webDistDir, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        index: false,
        decorateReply: false,
        // The folder itself is an address like any other (the not-found handler's), not a refused listing.
        allowedPath: (file) => !file.endsWith('/'),
        // Vite puts a content hash in every asset name, so they never change.
        setHeaders: (res) => {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }

  const forCrawlers = { config: { access: 'public' as const } };
  app.get('/robots.txt', forCrawlers, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(config)),
  );
  app.get('/sitemap.xml', forCrawlers, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await sitemapXml(db, config, clock.now())),
  );

  // The brand every page shows, from the public answers' cache: a change is rebuilt into the kept pages too.
  const brandNow = () => cachedBrand(app.publicDirectoryCache, db);

  /** The page's shell with its meta and the brand, holding what `render` made of it when the page is found. */
  const composePage = async (
    pathname: string,
    render: (brand: Brand) => Promise<RenderedPage | null>,
    // A signed-in page's scripts (never a kept public page's: its visitors get the islands' few).
    preloadScripts = false,
  ): Promise<{ status: number; body: string }> => {
    const meta = await pageMetaFor(db, config, pathname, clock.now());
    const brand = await brandNow();
    const shell = withPageMeta(indexHtml, meta);
    const page = meta.status === 200 ? await render(brand) : null;
    return {
      status: meta.status,
      body: withBrand(page ? renderedPage(shell, page, preloadScripts) : shell, brand),
    };
  };

  /** A server-rendered page as sent: its meta and status, and its markup when it is found. */
  const buildPage = async (
    renderer: PageRenderer,
    url: string,
    pathname: string,
    visitor: boolean,
    pageFetch = fetchApi,
  ) => {
    const { status, body } = await composePage(pathname, (brand) =>
      renderer.renderPage(new URL(url, 'http://app'), { fetchApi: pageFetch, visitor, brand }),
    );
    return {
      body,
      contentType: 'text/html; charset=utf-8',
      status,
      headers: { 'Cache-Control': status === 200 ? 'private, no-cache' : 'no-cache' },
      // The cache's own clock, the app's: a page goes when the answers it was made from would.
      expiresAt: clock.now().getTime() + PAGE_LIFETIME_MS,
      // With those of the kept answers it shows (the cache adds them): a registration rebuilds the pages that
      // show classes' places, not the directory's.
      reads: PAGE_ANSWER,
    };
  };

  /** A certificate's verify page: rendered for this visitor and never kept (verify-page.ts). */
  const sendLookupPage = async (
    renderer: PageRenderer,
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    visitor: boolean,
  ) => {
    const built = await buildPage(renderer, request.url, pathname, visitor, inProcessFetch(app, request.ip));
    reply.status(built.status).header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex');
    return sendHtml(request, reply, built.body);
  };

  /**
   * A page behind a sign-in, rendered for this request's session and sent to it alone: never kept, never shared.
   * Without a session the page goes as today, empty, and the browser's app sends the person where its guard says;
   * so does a session the page's guard or the API's rules refuse (the renderer then returns nothing).
   */
  const sendSignedInPage = async (
    renderer: PageRenderer,
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
  ) => {
    const token = request.cookies[SESSION_COOKIE];
    const { status, body } = await composePage(
      pathname,
      async (brand) => {
        if (token === undefined) return null;
        try {
          const fetchApi = inProcessFetch(app, request.ip, token);
          return await renderer.renderSignedInPage(new URL(request.url, 'http://app'), { fetchApi, brand });
        } catch (error) {
          request.log.error({ err: error }, 'server rendering failed');
          return null;
        }
      },
      true,
    );
    reply.status(status).header('Cache-Control', 'private, no-store');
    return sendHtml(request, reply, body, ['Cookie']);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // No route matched. The access hook has already refused odd spellings of an address (encoded letters, dot
    // segments, doubled slashes); an API address in any letter case gets the API's JSON answer, not a page.
    const api = pathname.toLowerCase() === '/api' || pathname.toLowerCase().startsWith('/api/');
    if (api || !hasWebApp || !['GET', 'HEAD'].includes(request.method)) {
      throw notFound(`No such address: ${request.method} ${redactUrl(pathname)}`);
    }
    const moved = verifyPageRedirect(request.url);
    if (moved) return reply.redirect(moved.location, moved.status);
    const lookup = isCertificateLookupPage(pathname);
    if (!lookup && /\.[a-z0-9]+$/i.test(pathname)) throw notFound('No such file.');
    const renderer = await loadRenderer();
    if (renderer?.isRenderedForViewer(pathname)) return sendSignedInPage(renderer, request, reply, pathname);
    if (renderer?.isServerRendered(pathname)) {
      // The same for every visitor, and for every signed-in person (who get no session in it): the page, its meta
      // and status are kept as compressed bytes with the public answers, looked up before any query, rebuilt
      // with them when trainers or classes change, and sent to visitors before routing (fast-path.ts).
      const visitor = request.cookies[SESSION_COOKIE] === undefined;
      const key = `page:${visitor ? 'visitor' : 'signed-in'}:${request.url}`;
      const cache = app.publicDirectoryCache;
      try {
        if (lookup) return await sendLookupPage(renderer, request, reply, pathname, visitor);
        const build = () => buildPage(renderer, request.url, pathname, visitor);
        const answer = await cache.get(key, build, justWrote(request));
        if (visitor) cache.remember(request.url, key, answer);
        return sendAnswer(request, reply, answer);
      } catch (error) {
        // The browser can still render the page itself: a renderer's fault costs speed, not the page.
        request.log.error({ err: error }, 'server rendering failed');
      }
    }
    const meta = await pageMetaFor(db, config, pathname, clock.now());
    reply.status(meta.status).header('Cache-Control', 'no-cache');
    return sendHtml(request, reply, withBrand(withPageMeta(indexHtml, meta), await brandNow()));
  });
}
