import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/app-error';

/** The one place errors become HTTP answers: `{ error: { code, message, fields? } }`. */
export function useErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((caught: FastifyError | AppError | ZodError, request, reply) => {
    let error = caught;
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      // Expected while PostgreSQL restarts or fails over: say so plainly; the pool reconnects on its own.
      request.log.warn({ err: error }, 'database unavailable');
      error = databaseUnavailable();
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (error instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of error.issues) {
        const key = issue.path.join('.') || '_';
        fields[key] ??=
          issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
      }
      const [first] = error.issues;
      const message =
        first?.code === 'unrecognized_keys'
          ? `Unknown field: ${first.keys.join(', ')}`
          : (first?.message ?? 'Invalid request');
      return reply.status(400).send({ error: { code: 'validation_error', message, fields } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ error: { code: error.code ?? 'bad_request', message: error.message || 'Bad request' } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
  });
}
