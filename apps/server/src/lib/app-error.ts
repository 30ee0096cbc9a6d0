import type { ErrorCode } from '@soulpunch/shared';

/**
 * Application errors carry a code and a status; the error handler turns them into
 * `{ error: { code, message, fields } }`. Anything else becomes a 500 that leaks nothing.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After on 429. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please sign in to continue.');
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const badRequest = (code: ErrorCode, message: string, fields?: Record<string, string>) =>
  new AppError(400, code, message, fields);
