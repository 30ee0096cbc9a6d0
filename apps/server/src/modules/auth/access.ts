import type { SessionUser } from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../../lib/app-error';
import { type AuthDeps, findSessionUser } from './service';

/** Who may call a route. Every /api route must say it: a route without a rule stops the server from starting. */
export type Access = 'public' | 'signed-in' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, as registered: tests walk it to prove each rule holds. */
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
}

export const SESSION_COOKIE = 'sp_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // A state-changing request from a browser must come from our own pages.
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if ((origin && origin !== appOrigin) || request.headers['sec-fetch-site'] === 'cross-site') {
        throw new AppError(403, 'cross_origin', 'This request must come from the Soul Punch site.');
      }
    }
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? ((await findSessionUser(deps, token)) ?? null) : null;

    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    if (!request.user) throw unauthenticated();
    if (access === 'admin' && !isAdmin(request.user)) throw forbidden();
  });
}
