import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CODES } from '@soulpunch/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, createUser, signIn, TEST_APP_URL, type TestApp } from './helper';

/**
 * The web and server contract: every /api route declares its 2xx answers, the OpenAPI 3.1 description lists every
 * route and is valid, and an answer that does not match its schema fails loudly instead of reaching a client.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    // A route whose handler breaks its own contract: a missing field and a wrong type.
    app.get(
      '/api/test-only/broken-answer',
      {
        schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } },
        config: { access: 'public' },
      },
      async () => ({ id: 'seven' }) as never,
    );
  });
  await createUser(t.app, 'contract-admin@example.com', ['admin']);
  admin = await signIn(t.app, 'contract-admin@example.com');
}, 180_000);
afterAll(() => t?.close());

/** The description and the reference page themselves are not part of the API they describe. */
const DOCUMENTATION = /^\/api\/(openapi\.json$|reference(\/|$))/;

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the API contract', () => {
  it('declares a response schema for the 2xx answers of every route', () => {
    const missing = t.app.apiRoutes
      .filter((route) => !DOCUMENTATION.test(route.url) && !route.url.startsWith('/api/test-only/'))
      .filter((route) => {
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        return !Object.keys(response).some((status) => /^2(\d\d|XX)$/.test(status));
      })
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('serves a valid OpenAPI 3.1 description at /api/openapi.json that lists every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');

    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    const listed = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) listed.add(`${method.toUpperCase()} ${path}`);
    }
    const routes = t.app.apiRoutes
      .filter((route) => !DOCUMENTATION.test(route.url))
      .map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !listed.has(route))).toEqual([]);
    // And nothing listed that is not a route (the documentation's own routes stay out).
    expect([...listed].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('describes requests and answers from the shared schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const health = document.paths['/api/health'].get.responses['200'];
    expect(health.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { status: { enum: ['ok'] } },
      required: ['status'],
    });
    const addTrainer = document.paths['/api/admin/trainers'].post;
    expect(addTrainer.requestBody.content['application/json'].schema.required).toEqual(['name', 'email']);
    expect(
      Object.keys(addTrainer.responses['201'].content['application/json'].schema.properties).sort(),
    ).toEqual(['email', 'id', 'name']);
  });

  it('gives every error code one spelling, from the shared list', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('serves the reference page for integrators, reading the same description', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/reference/static/index.html' });
    const html =
      page.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: String(page.headers.location) })
        : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('swagger-ui');
    const init = await t.app.inject({ method: 'GET', url: '/api/reference/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('/api/openapi.json');
  });

  it('refuses to send an answer that breaks its schema: a 500 with the usual envelope, nothing of the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/broken-answer' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(res.body).not.toContain('seven');
  });

  it('leaves out fields an answer does not declare (nothing internal slips into an answer)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/administrators',
      headers: { cookie: admin, origin: TEST_APP_URL },
    });
    expect(res.statusCode).toBe(200);
    for (const row of res.json() as Array<Record<string, unknown>>) {
      expect(Object.keys(row).sort()).toEqual(['email', 'id', 'name'].sort());
    }
  });

  it('keeps the error envelope for input its schema refuses, with one message per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/administrators',
      headers: { cookie: admin, origin: TEST_APP_URL, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'not an address', extra: 1 }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_error');
    expect(Object.keys(body.error.fields).length).toBeGreaterThan(0);
  });
});
