import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { notFound } from '../lib/app-error';
import { type PageMeta, pageMetaFor, robotsTxt, sitemapXml } from '../modules/seo/service';

/** Query strings may carry sign-in tokens (the confirm page): they never reach logs or messages. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');
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

/** The built React app: hashed assets with long caching, index.html (with page meta) for client routes. */
export async function serveWebApp(app: FastifyInstance, config: AppConfig, db: Db) {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (!hasWebApp && config.env === 'production') {
    throw new Error(`The web app is not built (${indexFile} is missing). Run \`npm run build\` first.`);
  }
  const indexHtml = hasWebApp ? readFileSync(indexFile, 'utf8') : '';
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(config)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await sitemapXml(db, config)),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/') || !hasWebApp || !['GET', 'HEAD'].includes(request.method)) {
      throw notFound(`No such address: ${request.method} ${redactUrl(pathname)}`);
    }
    if (/\.[a-z0-9]+$/i.test(pathname)) throw notFound('No such file.');
    const meta = await pageMetaFor(db, config, pathname);
    return reply
      .status(meta.status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(withPageMeta(indexHtml, meta));
  });
}
