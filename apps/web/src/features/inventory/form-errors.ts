import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';

/** The first message of each field a shared schema refuses (the server would say the same). */
export function fieldErrorsOf(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  if (result.success) return fields;
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

/** The fields a 400 or 409 answer named, to show beside their inputs. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return (isApiError(error) && error.body?.error.fields) || {};
}
