import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaValidationError,
  preValidationHookHandler,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppError, badRequest } from '../lib/app-error';

/** Lets route handlers see the parsed types of their zod schemas, and checks what they return against the answer's. */
export type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** No form or API of ours nests deeper than a few levels; 32 leaves room and stops stack-deep bodies. */
export const MAX_JSON_DEPTH = 32;

export const INPUT_MESSAGES = {
  nul: 'Text may not contain NUL characters.',
  surrogate: 'Text may not contain a broken Unicode character (an unpaired surrogate).',
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  encoding: 'The request body is not valid UTF-8 text.',
  address: 'This address is not valid.',
} as const;

export interface UnsafeInput {
  /** Where in the value: keys joined by dots, '_' for the value itself. */
  path: string;
  problem: 'nul' | 'surrogate' | 'too_deep';
}

/** A high surrogate not followed by a low one, or a low one not after a high one (String#isWellFormed is ES2024). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Whether to look closer: most text has neither a NUL nor any surrogate, and this one test says so. */
const MAYBE_UNSAFE = /[\0\ud800-\udfff]/;

/** Text no column can store or compare: a NUL, or a lone UTF-16 surrogate (PostgreSQL refuses both). */
function unsafeText(text: string): UnsafeInput['problem'] | undefined {
  if (!MAYBE_UNSAFE.test(text)) return undefined;
  if (text.includes('\0')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (!value || typeof value !== 'object') return false;
  // Parsed text only (the query parser's objects have a prototype of their own): a raw body (Buffer) or a stream
  // is not text to look into.
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && !('pipe' in value);
};

/** An array or object still to look into, and how it was reached (for the path of a report). */
interface Visit {
  value: Record<string, unknown> | unknown[];
  key: string | undefined;
  parent: Visit | undefined;
  depth: number;
}

function pathOf(visit: Visit | undefined, lastKey: string | undefined, steps?: { count: number }): string {
  const keys: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at = visit; at?.key !== undefined; at = at.parent) {
    if (steps) steps.count++;
    keys.push(at.key);
  }
  return keys.reverse().join('.') || '_';
}

/**
 * A NUL, lone surrogate or too-deep nesting in a parsed body, query or params. One walk with its own stack: every
 * value and key is looked at once, and a path is built only for the one reported, so the time is linear in the
 * input (copying the path at every level made an 18 KB body of nested arrays take seconds).
 * `steps`, when given, counts the values looked at and the keys of the path built, for tests that measure the work.
 */
export function findUnsafeInput(
  input: unknown,
  maxDepth = MAX_JSON_DEPTH,
  steps?: { count: number },
): UnsafeInput | undefined {
  if (typeof input === 'string') {
    const problem = unsafeText(input);
    return problem ? { path: '_', problem } : undefined;
  }
  if (!isContainer(input)) return undefined;
  const stack: Visit[] = [{ value: input, key: undefined, parent: undefined, depth: 0 }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (steps) steps.count++;
    if (visit.depth >= maxDepth) return { path: pathOf(visit, undefined, steps), problem: 'too_deep' };
    const container = visit.value;
    const isArray = Array.isArray(container);
    const keys = isArray ? undefined : Object.keys(container);
    const size = keys ? keys.length : (container as unknown[]).length;
    for (let i = 0; i < size; i++) {
      if (steps) steps.count++;
      const key = keys ? (keys[i] as string) : undefined;
      if (key !== undefined) {
        const problem = unsafeText(key);
        if (problem) return { path: pathOf(visit, key, steps), problem };
      }
      const item =
        key !== undefined ? (container as Record<string, unknown>)[key] : (container as unknown[])[i];
      if (typeof item === 'string') {
        const problem = unsafeText(item);
        if (problem) return { path: pathOf(visit, key ?? String(i), steps), problem };
      } else if (isContainer(item)) {
        stack.push({ value: item, key: key ?? String(i), parent: visit, depth: visit.depth + 1 });
      }
    }
  }
  return undefined;
}

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, in one pass over the text (brackets inside
 * strings do not count). Run before JSON.parse, which takes most of a second on a megabyte of nested brackets.
 */
export function jsonNestsDeeperThan(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

function unsafeInputError(found: UnsafeInput): AppError {
  if (found.problem === 'too_deep') return badRequest('body_too_deep', INPUT_MESSAGES.tooDeep);
  const message = found.problem === 'nul' ? INPUT_MESSAGES.nul : INPUT_MESSAGES.surrogate;
  return badRequest('validation_error', message, { [found.path]: message });
}

/**
 * A query whose percent-encoding does not decode to UTF-8 (`%ED%A0%80` is a lone surrogate, `%FF` no character
 * at all): the query parser would keep such text as it came, so it is refused here instead.
 */
function hasUndecodableQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || url.indexOf('%', start) < 0) return false;
  for (const part of url.slice(start + 1).split(/[&=]/)) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part);
    } catch {
      return true;
    }
  }
  return false;
}

/** Every query, params and body is checked before validation: on every route, with a schema or without one. */
const checkInput: preValidationHookHandler = (request, _reply, done) => {
  if (hasUndecodableQuery(request.url)) {
    done(badRequest('bad_address', INPUT_MESSAGES.address));
    return;
  }
  for (const part of [request.params, request.query, request.body]) {
    const found = findUnsafeInput(part);
    if (found) {
      done(unsafeInputError(found));
      return;
    }
  }
  done();
};

// `fatal`: bytes that are not UTF-8 (a surrogate's own three bytes among them) are refused, not replaced.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Every body, query and param is parsed by its zod schema; the parsed value replaces the raw one. */
export function useZodValidation(app: FastifyInstance): void {
  // JSON bodies: strict UTF-8 and bounded nesting before parsing; Fastify's own parser (with its
  // prototype-poisoning checks) then does the parsing. A route that needs the raw bytes replaces this parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(badRequest('invalid_encoding', INPUT_MESSAGES.encoding), undefined);
      return;
    }
    if (jsonNestsDeeperThan(text)) {
      done(badRequest('body_too_deep', INPUT_MESSAGES.tooDeep), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addHook('preValidation', checkInput);

  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter(validationError);
  // A 2xx answer is encoded by its declared schema: fields it does not declare are left out, and an answer that
  // does not match throws (a 500 that the error handler logs), so a broken contract shows in every test.
  app.setSerializerCompiler(serializerCompiler);
}

/** The first message, and one message per field path ('_' for the value itself), as forms show them. */
function validationError(errors: FastifySchemaValidationError[]): AppError {
  const messageOf = (error: FastifySchemaValidationError) => {
    const keys = (error.params as { keys?: unknown }).keys;
    return error.keyword === 'unrecognized_keys' && Array.isArray(keys)
      ? `Unknown field: ${keys.join(', ')}`
      : (error.message ?? 'Invalid request');
  };
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const key = error.instancePath.split('/').slice(1).join('.') || '_';
    fields[key] ??= messageOf(error);
  }
  const [first] = errors;
  return badRequest('validation_error', first ? messageOf(first) : 'Invalid request', fields);
}

export type RouteSchema = FastifySchema;
