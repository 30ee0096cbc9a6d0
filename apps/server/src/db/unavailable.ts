import { AppError } from '../lib/app-error';

// PostgreSQL error classes that mean "the server cannot take queries now", not "this query is wrong":
// 08 connection exceptions, 57P01-57P03 shutdown and start-up, 53300 too many connections.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
// Socket errors from the driver while connecting or mid-query.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The `code` of what every call gets once the embedded database's thread has stopped by itself (pglite-thread.ts). */
export const DATABASE_THREAD_STOPPED = 'DATABASE_THREAD_STOPPED';
// The pg driver's own messages for a connection that died or never came (they carry no code).
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/** True when an error means the database went away (or is not there yet), so the answer is 503, not 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === DATABASE_THREAD_STOPPED) return true;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || SOCKET_CODES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return DRIVER_MESSAGES.some((text) => error.message.includes(text));
}

export const databaseUnavailable = () =>
  new AppError(
    503,
    'database_unavailable',
    'The database is not answering right now, so nothing was changed. Please try again in a moment.',
    undefined,
    { 'Retry-After': '5' },
  );
