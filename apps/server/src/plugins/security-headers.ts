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

export function useSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const https = config.appUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    reply.header('X-Request-Id', request.id);
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // API answers are private unless a route chose its own caching (e.g. ETag on public lists).
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
  });
}
