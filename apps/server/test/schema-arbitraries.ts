import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from a route's zod schemas, through `z.toJSONSchema()` (zod-fast-check does not support
 * zod 4). `valid` follows the JSON Schema (refinements such as "a real date" are not in it, so some "valid" values
 * are still refused, which is fine: the invariants hold either way); `mutated` takes a valid value and breaks it
 * the ways clients and attackers do.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

function stringArbitrary(s: JsonSchema, name: string): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, Math.max(minLength, 60));
  if (/email/i.test(name) || s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot generate from: plain strings will do.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  return integer
    ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values that satisfy the JSON Schema. */
export function validArbitrary(s: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArbitrary(a, name)));
  if (s.allOf?.[0]) return validArbitrary(s.allOf[0], name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const properties = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = validArbitrary(value, key);
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
    }
    case 'array':
      return fc.array(validArbitrary(s.items ?? {}, name), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, 5),
      });
    case 'string':
      return stringArbitrary(s, name);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyJson;
  }
}

/** What goes wrong in a field: too long, odd characters, NUL, the wrong type, absurd numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '😀👩‍👩‍👧‍👦',
    '\u202eevil',
    'ǅ̴̡̛̗̘̙̜̝̞̟̠̤̥̦̩̪̫',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '=HYPERLINK("http://x")',
    '../../etc/passwd',
    '%00',
    '1e309',
    '-1',
    'NaN',
    'Infinity',
    'true',
    '[]',
    '{}',
    0,
    -1,
    -0,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    true,
    false,
    [],
    {},
    [null],
    { $gt: '' },
    JSON.parse('{"__proto__":{"admin":true}}'),
  ),
  fc.string({ minLength: 1_000, maxLength: 5_000 }),
  fc.constantFrom(10_000, 100_000, 300_000).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => n.toString()),
  anyJson,
);

const EXTRA_KEYS = ['role', 'roles', 'isAdmin', 'paymentStatus', 'trainerId', 'userId', 'status', 'zzExtra'];

/** A valid value broken in one or more places: a field replaced, dropped, an extra field, or the whole value. */
export function mutatedArbitrary(s: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(s.properties ?? {});
  return fc.oneof(
    hostileValue,
    fc
      .tuple(
        validArbitrary(s),
        fc.array(fc.tuple(fc.nat(), hostileValue, fc.nat(3)), { minLength: 1, maxLength: 3 }),
      )
      .map(([value, edits]) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
        const broken: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        for (const [index, hostile, how] of edits) {
          const key = keys.length ? (keys[index % keys.length] as string) : 'zzExtra';
          if (how === 0) delete broken[key];
          else if (how === 1) broken[EXTRA_KEYS[index % EXTRA_KEYS.length] as string] = hostile;
          else broken[key] = hostile;
        }
        return broken;
      }),
  );
}

/** Half valid, half mutated. */
export function inputArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  const json = jsonSchemaOf(schema);
  return fc.oneof(validArbitrary(json), mutatedArbitrary(json));
}
