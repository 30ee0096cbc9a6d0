import {
  magicLinkRequestSchema,
  magicLinkSentSchema,
  sessionResponseSchema,
  verifyMagicLinkSchema,
  verifyResponseSchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { backToPage, formField, pageErrorCode, pageFormRoute, registerPageForms } from '../../lib/page-form';
import type { ZodTypeProvider } from '../../plugins/validation';
import { ENROLMENT_COOKIE, enrolmentCookieOptions } from '../payments/service';
import { SESSION_COOKIE } from './access';
import { type AuthDeps, endSession, requestMagicLink, verifyMagicLink } from './service';

/** The session cookie: HttpOnly, SameSite=Lax, Secure on https. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https://'),
    expires,
  });
}

/** The login page's addresses (spec: / and /trainer-portal/login). */
const LOGIN_PAGES = ['/', '/trainer-portal/login'] as const;

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.appUrl.startsWith('https://');

  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });

  r.post(
    '/api/auth/magic-link',
    {
      schema: { body: magicLinkRequestSchema, response: { 202: magicLinkSentSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await requestMagicLink(deps, request.body.email, request.ip);
      return reply.status(202).send({ sent: true });
    },
  );

  // The login page's form, pressed before the page's script ran (lib/page-form.ts): the same request for a link,
  // then the page again, saying the link was sent or why not (the page shows it from its address).
  await registerPageForms(app, (scope) => {
    for (const page of LOGIN_PAGES) {
      scope.post(page, pageFormRoute, async (request, reply) => {
        const email = formField(request, 'email').trim();
        const parsed = magicLinkRequestSchema.safeParse({ email });
        if (!parsed.success) return backToPage(reply, page, { email, error: 'invalid_email' });
        try {
          await requestMagicLink(deps, parsed.data.email, request.ip);
        } catch (error) {
          return backToPage(reply, page, { email, error: pageErrorCode(error) });
        }
        return backToPage(reply, page, { sent: parsed.data.email });
      });
    }
  });

  r.post(
    '/api/auth/verify',
    {
      schema: { body: verifyMagicLinkSchema, response: { 200: verifyResponseSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { sessionToken, expiresAt, user, redirectTo } = await verifyMagicLink(
        deps,
        request.body.token,
        request.ip,
      );
      setSessionCookie(reply, deps.config, sessionToken, expiresAt);
      return { user, redirectTo };
    },
  );

  r.get(
    '/api/auth/session',
    { schema: { response: { 200: sessionResponseSchema } }, config: { access: 'public' } },
    async (request) => ({ user: request.user }),
  );

  r.post(
    '/api/auth/logout',
    { schema: { response: { 204: z.undefined() } }, config: { access: 'public' } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await endSession(deps, token);
      clearCookie(reply);
      // The enrolment cookie ends with the session: a kept one must not bring anyone back in (issue 22, finding 6).
      reply.clearCookie(ENROLMENT_COOKIE, enrolmentCookieOptions(deps.config.appUrl));
      return reply.status(204).send();
    },
  );
}
