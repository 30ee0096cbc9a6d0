import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

/**
 * The security headers are written by @fastify/helmet (issue 25) with the values the hand-written ones had: the
 * same headers, the same values, and none of the extras helmet sends by default.
 */
let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  [t, https] = await Promise.all([
    buildTestApp(),
    buildTestApp({ appUrl: 'https://trainers.soulpunch.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), https?.close()]);
});

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
};
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
const NOT_SENT = [
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
];

type Headers = Record<string, unknown>;
const directives = (headers: Headers) =>
  String(headers['content-security-policy'])
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);

function expectTheHeaders(headers: Headers, what: string) {
  for (const [name, value] of Object.entries(EXPECTED)) expect(headers[name], `${what}: ${name}`).toBe(value);
  expect(directives(headers), what).toEqual(CSP_DIRECTIVES);
  for (const name of NOT_SENT) expect(headers[name], `${what}: ${name}`).toBeUndefined();
  expect(headers['x-request-id'], what).toMatch(/^[0-9a-f-]{36}$/);
}

describe('security headers written by helmet', () => {
  it('are the same on answers through the hooks, refused requests and the router’s own errors', async () => {
    const answers = {
      health: await t.app.inject({ method: 'GET', url: '/api/health' }),
      page: await t.app.inject({ method: 'GET', url: '/trainers' }),
      refused: await t.app.inject({ method: 'GET', url: '/api/trainers' }),
      badAddress: await t.app.inject({ method: 'GET', url: '/api/classes/%E0%A4%A' }),
    };
    expect(answers.refused.statusCode).toBe(401);
    expect(answers.badAddress.statusCode).toBe(400);
    for (const [what, res] of Object.entries(answers)) {
      expectTheHeaders(res.headers, what);
      expect(res.headers['strict-transport-security'], what).toBeUndefined();
    }
    // The router's error takes its headers from securityHeaders(), the rest from the plugin: one set of values.
    expect(answers.badAddress.headers['content-security-policy']).toBe(
      answers.health.headers['content-security-policy'],
    );
  });

  it('add HSTS, a year with subdomains, only for an https APP_URL, on hooked and router answers alike', async () => {
    for (const url of ['/api/health', '/api/classes/%E0%A4%A']) {
      const res = await https.app.inject({ method: 'GET', url });
      expectTheHeaders(res.headers, url);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
