import { type SessionUser, STAFF_READ_ONLY_MESSAGE, seesAdminArea } from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../../lib/app-error';
import { type AuthDeps, findSessionUser } from './service';

/** Who may call a route. Every route must say it: a route without a rule stops the server from starting. */
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

export { seesAdminArea };

/** Staff asking to change something: refused with a message that says why (decision record 0016). */
export const readOnly = () => new AppError(403, 'read_only', STAFF_READ_ONLY_MESSAGE);

/**
 * The admin area's rule: administrators do anything; staff read (GET, HEAD) and are refused every write; anyone
 * else is refused. The route's rule and the handlers' second wall (currentAdmin) both come here.
 */
function assertAdminArea(request: FastifyRequest, user: SessionUser): void {
  if (isAdmin(user)) return;
  if (!seesAdminArea(user)) throw forbidden();
  if (!SAFE_METHODS.has(request.method)) throw readOnly();
}

/**
 * Admins reach every trainer; staff read every trainer's records and change none; a trainer reaches only the
 * records of their own trainer id.
 */
export function assertCanReachTrainer(request: FastifyRequest, trainerId: number): void {
  if (!request.user) throw unauthenticated();
  if (isAdmin(request.user) || request.user.trainerId === trainerId) return;
  assertAdminArea(request, request.user);
}

/** The signed-in caller, for handlers that need one: a second wall behind the route's rule (401 without a session). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The signed-in caller, who must be an administrator (or staff, on a read). */
export function currentAdmin(request: FastifyRequest): SessionUser {
  const user = currentUser(request);
  assertAdminArea(request, user);
  return user;
}

const badAddress = () => new AppError(400, 'bad_address', 'This address is not valid.');

// A percent-encoded letter, digit or one of '-._~': no client needs to encode them (RFC 3986 section 2.3).
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2d|2e|5f|7e)/i;
// A dot segment ('.' or '..', also encoded), a doubled slash, a backslash or an encoded slash or backslash.
const ODD_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)|\/\/|\\|%2f|%5c/i;

/**
 * Whether a request path is spelled the one way our pages and clients spell it. Any other spelling of an address
 * is refused before anything else runs, so no rule, cache or log sees two names for one address.
 */
export function isCanonicalPath(path: string): boolean {
  return path.startsWith('/') && !ENCODED_UNRESERVED.test(path) && !ODD_SEGMENT.test(path);
}

/**
 * The request target in origin form: an absolute-form target (`GET http://host/api/...`, which proxies send and
 * the router accepts) is read as its path and query, so every hook and log sees the address the router matched.
 */
export function originFormUrl(url: string): string {
  if (url.startsWith('/')) return url;
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
  if (!match) return url;
  const rest = match[1] ?? '';
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Access is decided from the route Fastify matched: its `config.access`, given when the route was registered,
 * never from the text of the URL (a path can be spelled many ways; the route is one). Every route, API or page,
 * declares a rule, or the server does not start.
 */
export function useAccessRules(app: FastifyInstance, deps: AuthDeps): void {
  const appOrigin = new URL(deps.config.appUrl).origin;
  app.decorateRequest('user', null);
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);

  // Checked once every route is registered: a plugin's routes may get their rule from that plugin's own
  // onRoute hook, which runs after this one (the web app's built files are public that way).
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', (done) => {
    for (const route of routes) {
      const access = route.config?.access;
      if (!access) {
        done(new Error(`Route ${route.method} ${route.url} has no access rule (config.access)`));
        return;
      }
      if (!route.url.startsWith('/api/')) continue;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access, schema: route.schema });
      }
    }
    done();
  });

  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!isCanonicalPath(path)) throw badAddress();
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
    // No route matched: the not-found answer follows, reading neither a session nor a body.
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? ((await findSessionUser(deps, token)) ?? null) : null;

    if (access !== 'public') {
      if (!request.user) throw unauthenticated();
      if (access === 'admin') assertAdminArea(request, request.user);
    }

    // Forms can post text/plain, urlencoded and multipart bodies across sites without asking: only JSON, or the
    // types an upload route names, are read.
    const type = writes ? bodyTypeOf(request) : undefined;
    const accepted = config.bodyTypes ?? JSON_ONLY;
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
