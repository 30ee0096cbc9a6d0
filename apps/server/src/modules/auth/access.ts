import type { SessionUser } from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../../lib/app-error';
import { type AuthDeps, findSessionUser } from './service';

/** Who may call a route. Every /api route must say it: a route without a rule stops the server from starting. */
export type Access = 'public' | 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Body types an upload route accepts instead of JSON (e.g. multipart/form-data); every other route takes JSON. */
    bodyTypes?: string[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule and schemas, as registered: tests walk it to prove each rule holds. */
    apiRoutes: Array<{ method: string; url: string; access: Access; schema?: FastifySchema }>;
  }
}

export const SESSION_COOKIE = 'sp_session';
/** The visitor's enrolment before an account exists (set by the payments module); it authenticates too. */
const ENROLMENT_COOKIE = 'sp_enrolment';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_ONLY = ['application/json'];

const crossOrigin = () =>
  new AppError(403, 'cross_origin', 'This request must come from the Soul Punch site.');

/** The media type of a request that carries a body, or undefined when it has none. */
function bodyTypeOf(request: FastifyRequest): string | undefined {
  const length = request.headers['content-length'];
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return undefined;
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isAdmin(user: SessionUser | null): boolean {
  return !!user?.roles.includes('admin');
}

/** Admins reach every trainer; a trainer reaches only the records of their own trainer id. */
export function assertCanReachTrainer(request: FastifyRequest, trainerId: number): void {
  if (!request.user) throw unauthenticated();
  if (!isAdmin(request.user) && request.user.trainerId !== trainerId) throw forbidden();
}

export function useAccessRules(app: FastifyInstance, deps: AuthDeps): void {
  const appOrigin = new URL(deps.config.appUrl).origin;
  app.decorateRequest('user', null);
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no access rule (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const writes = !SAFE_METHODS.has(request.method);
    // A state-changing request from a browser must come from our own pages. Browsers send Origin on every such
    // request, so one that carries our cookies without it was not made by our pages either.
    if (writes) {
      const origin = request.headers.origin;
      if ((origin && origin !== appOrigin) || request.headers['sec-fetch-site'] === 'cross-site') {
        throw crossOrigin();
      }
      const cookies = request.cookies;
      if (!origin && (cookies[SESSION_COOKIE] !== undefined || cookies[ENROLMENT_COOKIE] !== undefined)) {
        throw crossOrigin();
      }
    }
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? ((await findSessionUser(deps, token)) ?? null) : null;

    const access = request.routeOptions.config?.access;
    if (access && access !== 'public') {
      if (!request.user) throw unauthenticated();
      if (access === 'admin' && !isAdmin(request.user)) throw forbidden();
    }

    // Forms can post text/plain, urlencoded and multipart bodies across sites without asking: only JSON, or the
    // types an upload route names, are read.
    const type = writes ? bodyTypeOf(request) : undefined;
    const accepted = request.routeOptions.config?.bodyTypes ?? JSON_ONLY;
    if (type !== undefined && !accepted.includes(type)) {
      throw new AppError(
        415,
        'unsupported_media_type',
        accepted === JSON_ONLY
          ? 'Please send the request body as JSON (Content-Type: application/json).'
          : `This address accepts ${accepted.join(' or ')} only.`,
      );
    }
  });
}
