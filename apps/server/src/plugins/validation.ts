import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/** Lets route handlers see the parsed types of their zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Every body, query and param is parsed by its zod schema; the parsed value replaces the raw one. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  // Responses are plain objects built by our own code; JSON.stringify is enough.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

export type RouteSchema = FastifySchema;
