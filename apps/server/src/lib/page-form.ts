import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * A server-rendered page's form is a real HTML form: pressed before the page's script has run, the browser posts
 * it to the page's own address (urlencoded, as every browser sends a form). These routes take that post, do what
 * the page's script would have done through the API (same rules, limits and Origin check), and send the browser
 * back to the page with the outcome in its address, where the page renders it. Decision record 0007.
 */
export const PAGE_FORM_TYPE = 'application/x-www-form-urlencoded';

/** A page's form holds a few short fields: anything longer is not one of ours. */
const PAGE_FORM_BODY_LIMIT = 4096;

/** The route options of a page's form: anyone may post it, as urlencoded fields only. */
export const pageFormRoute = {
  config: { access: 'public' as const, bodyTypes: [PAGE_FORM_TYPE] },
  bodyLimit: PAGE_FORM_BODY_LIMIT,
};

/** Registers page-form routes in a scope that reads urlencoded bodies (the rest of the app reads JSON only). */
export async function registerPageForms(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      PAGE_FORM_TYPE,
      { parseAs: 'string', bodyLimit: PAGE_FORM_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(String(body))),
    );
    await routes(scope);
  });
}

/** One field of the posted form, '' when missing (a form sends every named field it has). */
export function formField(request: FastifyRequest, name: string): string {
  const body = request.body;
  return body instanceof URLSearchParams ? (body.get(name) ?? '') : '';
}

/** Back to the page (its path only, never an address from the request), with the outcome in its query. */
export function backToPage(reply: FastifyReply, path: string, outcome: Record<string, string>) {
  const query = new URLSearchParams(outcome).toString();
  return reply.header('Cache-Control', 'no-store').redirect(query ? `${path}?${query}` : path, 303);
}

/** The code a page shows for a failure: an application error's own, else none (the error handler answers). */
export function pageErrorCode(error: unknown): string {
  if (error instanceof AppError) return error.code;
  throw error;
}
