import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../lib/app-error';

/** Lets route handlers see the parsed types of their zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The path of the first string holding a NUL character, which no text column can store. */
function findNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return [...path, key];
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every body, query and param is parsed by its zod schema; the parsed value replaces the raw one. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const nulAt = findNul(data);
    if (nulAt) {
      const message = 'Text may not contain NUL characters.';
      return { error: badRequest('validation_error', message, { [nulAt.join('.') || '_']: message }) };
    }
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  // Responses are plain objects built by our own code; JSON.stringify is enough.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

export type RouteSchema = FastifySchema;
