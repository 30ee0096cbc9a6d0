import { devMailboxSchema } from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { listOutbox, type Mailer } from '../mail/mailer';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * From a browser on this machine: the socket's own peer is loopback and no proxy forwarded the request. Never
 * request.ip, which X-Forwarded-For sets when a proxy is trusted; and a proxy or tunnel on this machine (its peer is
 * loopback too) says whom it forwards for, so a forwarding header alone refuses.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return peer !== undefined && LOOPBACK.has(peer) && !forwarded;
}

/**
 * The development mailbox: the outbox's sign-in links, readable without an inbox. Only outside production,
 * only when no SMTP server is configured, and only to a browser on this machine.
 */
export async function devRoutes(app: FastifyInstance, deps: { db: Db; config: AppConfig; mailer: Mailer }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/mailbox',
    {
      schema: {
        // `to`: only the messages to one address (its newest 50), which a busy mailbox may have pushed out.
        querystring: z.strictObject({ to: z.string().trim().toLowerCase().max(254).optional() }),
        response: { 200: devMailboxSchema },
      },
      config: { access: 'public' },
    },
    async (request) => {
      if (deps.config.env === 'production' || deps.mailer.kind !== 'outbox' || !fromThisMachine(request)) {
        throw notFound('The mailbox is only available in development.');
      }
      const messages = await listOutbox(deps.db, 50, request.query.to);
      return {
        messages: messages.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
}
