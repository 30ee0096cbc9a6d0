import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

// No inline script anywhere; Mantine injects <style> tags, hence 'unsafe-inline' for styles only.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries; a route that writes its own response (the assistant's stream) sends them too. */
export function securityHeaders(config: AppConfig, requestId: string): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
    'X-Request-Id': requestId,
    ...(config.appUrl.startsWith('https://')
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

export function useSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const { 'X-Request-Id': _perRequest, ...always } = securityHeaders(config, '');
  // A callback hook, not an async one: it runs on every answer, and a promise each time showed in profiles.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(always).header('X-Request-Id', request.id);
    // Every answer is private unless its route chose its own caching (public lists, pages, built assets): decided
    // by what the route set, never by the spelling of the address.
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
