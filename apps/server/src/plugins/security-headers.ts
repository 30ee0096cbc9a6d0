import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

// Helmet (helmetjs) writes the headers. Its own defaults (CORP same-origin, Origin-Agent-Cluster, X-XSS-Protection,
// ...) are off: the headers and values below are the ones this app has always sent.
function helmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      // No inline script anywhere; Mantine injects <style> tags, hence 'unsafe-inline' for styles only.
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.appUrl.startsWith('https://')
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** Not among helmet's headers (browsers still disagree on it), so set beside them. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self)';

/** What helmet writes for these options, read once by running it on a response that only records. */
function headersWrittenByHelmet(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

const fixedHeaders = new WeakMap<AppConfig, Record<string, string>>();
const helmetHeaders = new WeakMap<AppConfig, Record<string, string>>();

/**
 * What helmet writes on every answer, with its names as it spells them, in its order: for the answers sent before
 * routing (the public answers' fast path), which must carry the same headers as the ones the hooks below write.
 */
export function headersOfHelmet(config: AppConfig): Record<string, string> {
  let headers = helmetHeaders.get(config);
  if (!headers) {
    headers = headersWrittenByHelmet(helmetOptions(config));
    helmetHeaders.set(config, headers);
  }
  return headers;
}

/**
 * The headers every answer carries, for the answers that skip Fastify's hooks: the router's own errors and the
 * assistant's stream (a hijacked reply). Everything else gets them from the hooks below.
 */
export function securityHeaders(config: AppConfig, requestId: string): Record<string, string> {
  let fixed = fixedHeaders.get(config);
  if (!fixed) {
    fixed = { ...headersOfHelmet(config), 'Permissions-Policy': PERMISSIONS_POLICY };
    fixedHeaders.set(config, fixed);
  }
  return { ...fixed, 'X-Request-Id': requestId };
}

/**
 * Helmet's middleware, built once, in a callback hook registered before the access rules (a request they refuse in
 * their own onRequest hook has the headers already). Not @fastify/helmet: it builds the middleware again for every
 * request (about 50 µs each, measured, against 0.2 µs for one built once), on every answer of the app.
 */
export function useSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const writeHeaders = helmet(helmetOptions(config));
  app.addHook('onRequest', (request, reply, done) => {
    writeHeaders(request.raw, reply.raw, done as (err?: unknown) => void);
  });
  // A callback hook, not an async one: it runs on every answer, and a promise each time showed in profiles.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY).header('X-Request-Id', request.id);
    // Every answer is private unless its route chose its own caching (public lists, pages, built assets): decided
    // by what the route set, never by the spelling of the address.
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
