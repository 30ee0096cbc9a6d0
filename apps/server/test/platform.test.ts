import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

let shared: TestApp;
beforeAll(async () => {
  shared = await buildTestApp();
});
afterAll(() => shared.close());

/** Apps built with their own configuration by one test. */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('platform', () => {
  it('answers health when the database answers, with security headers', async () => {
    const res = await shared.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only when APP_URL is https', async () => {
    t = await buildTestApp({ appUrl: 'https://trainers.soulpunch.example' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await shared.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('never leaks internals in a 5xx body', async () => {
    t = await buildTestApp({}, (app) => {
      app.get('/api/test-failure', { config: { access: 'public' } }, async () => {
        throw new Error('connection string postgres://secret@db');
      });
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await shared.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toEqual(expect.any(String));
  });

  it('serves the built web app with an index.html fallback for client routes', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'sp-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    // Large enough to be worth compressing.
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);\n'.repeat(200));
    t = await buildTestApp({ webDistDir: dist });

    const page = await t.app.inject({ method: 'GET', url: '/admin/trainers/12' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');

    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    // The assets' folder is an address like another (the files under it share one route): no refused listing.
    const folder = await t.app.inject({ method: 'GET', url: '/assets/' });
    expect(folder.statusCode).toBe(200);
    expect(folder.body).toContain('<div id="root">');
    // The top-level files have routes of their own.
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/missing' })).headers['content-type']).toContain(
      'json',
    );
  });
});
