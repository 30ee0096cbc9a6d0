import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
const [kind, where] = process.argv.slice(2);
const webDist = path.resolve(import.meta.dirname, '../../web/dist');
const target = kind === 'postgres' ? { kind: 'postgres' as const, url: where } : { kind: 'pglite' as const, dataDir: where };
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'off', WEB_DIST_DIR: webDist }, { sessionSecret: 'bench-secret-that-is-long-enough-000000', dataDir: '/tmp/wtfresh', appUrl: 'http://localhost:3000' });
const app = await buildApp(config, { database: target as never, logger: false, scheduler: false });
await app.ready();
const t0 = (u: string) => async () => { const t = performance.now(); const r = await app.inject({ method: 'GET', url: u, headers: { 'accept-encoding': 'br' } }); return `${u} ${r.statusCode} ${(performance.now() - t).toFixed(0)} ms ${r.rawPayload.length}`; };
await app.inject({ method: 'GET', url: '/api/branding' });
for (const u of ['/api/classes?limit=1000', '/public-calendar', '/api/classes?limit=1000', '/api/public-trainers', '/api/public-trainers/markers', '/find-trainer']) console.log(await t0(u)());
const cache = app.publicDirectoryCache;
for (const u of ['/classes', '/public-calendar']) console.log(await t0(u)());
for (let i = 0; i < 1; i++) {
  const t = performance.now();
  cache.invalidate('class_registrations');
  await cache.whenSettled();
  console.log('settled', (performance.now() - t).toFixed(0));
  for (const k of ['classes {}', 'classes {"limit":12,"offset":0}', 'classes {"limit":24,"offset":0}', 'classes {"limit":1000,"offset":0}', 'page:visitor:/public-calendar', 'page:visitor:/classes', 'page:visitor:/find-trainer']) console.log(k, cache.lastRebuildMs(k)?.toFixed(0));
}
for (const k of ['classes {"limit":1000,"offset":0}', 'page:visitor:/public-calendar', 'page:visitor:/find-trainer']) console.log(k, cache.lastRebuildMs(k));
const { encodeAnswer } = await import('../src/modules/directory/public-cache');
const page = cache.atAddress('/public-calendar');
if (page) {
  console.log('plain bytes', page.plain.length);
  (await import('node:fs')).writeFileSync('/tmp/wtfresh/calendar.html', page.plain);
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await encodeAnswer({ body: page.plain.toString(), contentType: 'text/html; charset=utf-8' });
    console.log('encode', (performance.now() - t).toFixed(0));
  }
}
await app.close();
