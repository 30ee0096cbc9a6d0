import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, createUser, signIn, TEST_APP_URL, type TestApp } from './helper';
import { hostileValue, inputArbitrary, jsonSchemaOf, validArbitrary } from './schema-arbitraries';
import { writeSecurityReport } from './security-report';

/**
 * Schema-driven fuzzing of every /api route: inputs made from each route's own zod schemas (valid and broken) go
 * through `inject`, and every answer must keep the invariants below. FUZZ_RUNS cases per route (default 10: about
 * a thousand cases, near a minute on a busy 2-core machine; the issue's "few hundred per route" is FUZZ_RUNS=300 for
 * a deep run), FUZZ_SEED replays a run (a fresh seed each run, printed and kept in test-results/).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const errorEnvelope = z.strictObject({
  error: z.strictObject({
    code: z.string().min(1),
    message: z.string().min(1),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
// A stack frame ("at fn (file.ts:1:2)") or a path inside the server, and what PostgreSQL says about SQL.
const STACK_TRACE = /\bat [\w$.<>]+ \(?[^)\s]+:\d+:\d+\)?|node_modules|\/src\/[\w/-]+\.ts/;
const SQL_TEXT =
  /\b(select .+ from|insert into|delete from|update \w+ set)\b|syntax error|violates|duplicate key|relation "|column "|invalid input syntax|out of range for type|invalid byte sequence|kysely|pglite|postgres/i;

/**
 * The schema a 2xx JSON answer must match: the route's own declared one (the serializer already refuses to send a
 * mismatch, as a 500; this check reads the answer as a client does, from its JSON text).
 */
function declaredAnswer(route: FastifyInstance['apiRoutes'][number], status: number): z.ZodType | undefined {
  // Swagger UI's own routes (the reference page) answer copies of /api/openapi.json, which has its schema.
  if (route.url.startsWith('/api/reference/')) return z.looseObject({ openapi: z.literal('3.1.0') });
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  const declared = response[String(status)] ?? response['2XX'];
  return declared instanceof z.ZodType ? declared : undefined;
}

let t: TestApp;
let app: FastifyInstance;
let admin: string;
let trainer: string;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  await createUser(app, 'fuzz-admin@example.com', ['admin']);
  await createUser(app, 'fuzz-trainer@example.com', ['trainer']);
  admin = await signIn(app, 'fuzz-admin@example.com');
  trainer = await signIn(app, 'fuzz-trainer@example.com');
}, 180_000);
afterAll(() => t?.close());

type Part = z.ZodType | undefined;
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Percent-encodes a path segment; a lone surrogate goes as the invalid UTF-8 bytes a hostile client would send. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

function urlWith(pattern: string, params: unknown, query: unknown): string {
  const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeSegment(name in values ? asText(values[name]) : asText(params)),
  );
  if (query === undefined) return path;
  const search = new URLSearchParams();
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [key, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
    }
  } else {
    search.append(asText(query), asText(query));
  }
  return `${path}?${search}`;
}

/** The query object as the server parses it: strings, and arrays for repeated keys. */
function asQueryString(query: unknown): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(urlWith('', {}, query).slice(1))) {
    const seen = parsed[key];
    parsed[key] = seen === undefined ? value : [seen, value].flat();
  }
  return parsed;
}

/** Whether the server's own schemas accept these inputs (JSON loses undefined, -0 and NaN on the way). */
function accepted(schema: Part, value: unknown, json: boolean): boolean {
  if (!schema) return true;
  const sent = json && value !== undefined ? JSON.parse(JSON.stringify(value) ?? 'null') : value;
  return schema.safeParse(sent).success;
}

function checkAnswer(
  route: string,
  res: LightMyRequestResponse,
  inputValid: boolean,
  answer: (status: number) => z.ZodType | undefined,
) {
  const context = `${route} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  expect(res.body, context).not.toMatch(STACK_TRACE);
  if (res.statusCode >= 400) {
    expect(type, context).toContain('application/json');
    expect(errorEnvelope.safeParse(res.json()).success, context).toBe(true);
    expect(res.body, context).not.toMatch(SQL_TEXT);
  } else if (!inputValid) {
    expect.fail(`accepted input its schema refuses: ${context}`);
  } else if (type.includes('application/json') && res.body) {
    const shape = answer(res.statusCode);
    expect(shape, `${context}: a JSON answer with no declared schema for ${res.statusCode}`).toBeDefined();
    expect(shape?.safeParse(res.json()).error?.issues ?? [], context).toEqual([]);
  }
}

describe(`schema-driven fuzzing (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  it('keeps every route to its invariants: no 5xx, the error envelope, no internals, valid 2xx answers', async () => {
    console.log(`fuzzing every /api route: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    let cases = 0;
    const statuses: Record<string, number> = {};
    for (const route of app.apiRoutes) {
      const name = `${route.method} ${route.url}`;
      // Logging out ends the session the other cases use; it takes no input anyway.
      if (name === 'POST /api/auth/logout') continue;
      const schema = (route.schema ?? {}) as { params?: Part; querystring?: Part; body?: Part };
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      const bodyArbitrary = schema.body
        ? inputArbitrary(schema.body)
        : fc.option(hostileValue, { nil: undefined });
      const queryArbitrary = schema.querystring
        ? inputArbitrary(schema.querystring)
        : fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 2 }), {
            nil: undefined,
          });
      await fc.assert(
        fc.asyncProperty(
          inputArbitrary(schema.params),
          queryArbitrary,
          hasBody ? bodyArbitrary : fc.constant(undefined),
          // Callers who get past the route's access rule, so the input reaches the handler.
          fc.constantFrom(
            ...(route.access === 'admin'
              ? [admin]
              : route.access === 'public'
                ? [null, trainer]
                : [admin, trainer]),
          ),
          async (params, query, body, cookie) => {
            const options: InjectOptions = {
              method: route.method as 'GET',
              url: urlWith(route.url, params, query),
              headers: {
                origin: TEST_APP_URL,
                ...(cookie ? { cookie } : {}),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) ?? 'null' }),
            };
            const res = await app.inject(options);
            cases++;
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            // Params and query arrive as strings; a value that is not one cannot be compared with the schema.
            const valid =
              accepted(schema.body, body, true) &&
              (query === undefined || accepted(schema.querystring, asQueryString(query), false));
            checkAnswer(name, res, valid || !schema.body, (status) => declaredAnswer(route, status));
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    writeSecurityReport('fuzz', {
      seed: SEED,
      runsPerRoute: RUNS,
      routes: app.apiRoutes.length,
      cases,
      statuses,
    });
  }, 600_000);
});

/** Every table's rows as one hash each, to show that a refused request wrote nothing anywhere. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(app.db);
  const rows = await sql<{ name: string; hash: string }>`${sql.raw(
    tables.rows
      .map(
        ({ name }) =>
          `select '${name}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from "${name}" x`,
      )
      .join(' union all '),
  )}`.execute(app.db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.hash]));
}

/** The first string in a value gets a lone surrogate appended; a value with no string gets a key with one. */
function withLoneSurrogate(value: unknown): unknown {
  if (typeof value === 'string') return `${value}\ud800`;
  if (Array.isArray(value)) {
    const at = value.findIndex((v) => typeof v === 'string' || (v && typeof v === 'object'));
    if (at >= 0) return value.map((v, i) => (i === at ? withLoneSurrogate(v) : v));
    return [...value, '\udc00'];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const at = entries.findIndex(([, v]) => typeof v === 'string' || (v && typeof v === 'object'));
    if (at >= 0)
      return Object.fromEntries(entries.map(([k, v], i) => [k, i === at ? withLoneSurrogate(v) : v]));
    return { ...value, 'note\ud800': 'x' };
  }
  return '\ud800';
}

const SURROGATE_BYTES = Buffer.from([0xed, 0xa0, 0x80]);
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const PART =
  'Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';

/** What an attacker sends that no schema describes: broken Unicode, deep nesting, multipart that is not. */
function hostileRequests(
  route: { method: string; url: string },
  validBody: unknown,
): Array<{ label: string; options: InjectOptions }> {
  const hasBody = !['GET', 'DELETE'].includes(route.method);
  const path = route.url.replace(/:([A-Za-z]+)/g, '1');
  const cases: Array<{ label: string; url?: string; type?: string; payload?: string | Buffer }> = [
    { label: 'query: a surrogate as UTF-8 bytes', url: `${path}?q=%ED%A0%80` },
    { label: 'query: a NUL', url: `${path}?q=a%00b` },
  ];
  if (route.url.includes(':')) {
    cases.push({
      label: 'param: a surrogate as UTF-8 bytes',
      url: route.url.replace(/:([A-Za-z]+)/g, '%ED%A0%80'),
    });
  }
  if (hasBody) {
    const json = 'application/json';
    cases.push(
      {
        label: 'body: a lone surrogate escape',
        type: json,
        payload: JSON.stringify(withLoneSurrogate(validBody)),
      },
      {
        label: 'body: a surrogate as UTF-8 bytes',
        type: json,
        payload: Buffer.concat([Buffer.from('{"name":"a'), SURROGATE_BYTES, Buffer.from('"}')]),
      },
      { label: 'body: 33 levels deep', type: json, payload: nested(33) },
      { label: 'body: 18 KB of nesting', type: json, payload: `{"name":${nested(9000)}}` },
      {
        label: 'multipart: no boundary',
        type: 'multipart/form-data',
        payload: `--x\r\n${PART}abc\r\n--x--\r\n`,
      },
      { label: 'multipart: empty boundary', type: 'multipart/form-data; boundary=', payload: '--\r\n' },
      {
        label: 'multipart: truncated',
        type: 'multipart/form-data; boundary=x',
        payload: `--x\r\n${PART}abc`,
      },
      {
        label: 'multipart: cut inside the part headers',
        type: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-da',
      },
      {
        label: 'multipart: another boundary',
        type: 'multipart/form-data; boundary=y',
        payload: `--x\r\n${PART}abc\r\n--x--\r\n`,
      },
    );
  }
  return cases.map(({ label, url, type, payload }) => ({
    label,
    options: {
      method: route.method as 'GET',
      url: url ?? path,
      headers: { origin: TEST_APP_URL, ...(type ? { 'content-type': type } : {}) },
      ...(payload === undefined ? {} : { payload }),
    },
  }));
}

describe('hostile encodings on every route: lone surrogates, deep nesting, malformed multipart', () => {
  it('refuses each with a 4xx and the error envelope, and writes nothing', async () => {
    let cases = 0;
    for (const route of app.apiRoutes) {
      const name = `${route.method} ${route.url}`;
      if (name === 'POST /api/auth/logout') continue;
      const schema = (route.schema ?? {}) as { body?: Part };
      const [validBody] = schema.body
        ? fc.sample(validArbitrary(jsonSchemaOf(schema.body)), { numRuns: 1, seed: SEED })
        : [{ note: 'text' }];
      const cookie = route.access === 'admin' ? admin : route.access === 'public' ? null : trainer;
      const before = await databaseFingerprint();
      for (const { label, options } of hostileRequests(route, validBody)) {
        const headers = { ...(options.headers ?? {}), ...(cookie ? { cookie } : {}) };
        const res = await app.inject({ ...options, headers });
        cases++;
        const context = `${name} (${label}) -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
        checkAnswer(`${name} (${label})`, res, false, () => undefined);
      }
      expect(await databaseFingerprint(), `${name}: a refused request wrote`).toEqual(before);
    }
    console.log(`hostile encodings: ${cases} cases over ${app.apiRoutes.length} routes, all refused`);
    writeSecurityReport('hostile', { routes: app.apiRoutes.length, cases });
  }, 600_000);
});
