import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { listOutbox, type Mailer } from '../mail/mailer';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The development mailbox: the outbox's sign-in links, readable without an inbox. Only outside production,
 * only when no SMTP server is configured, and only to a browser on this machine.
 */
export async function devRoutes(app: FastifyInstance, deps: { db: Db; config: AppConfig; mailer: Mailer }) {
  app.get('/api/dev/mailbox', { config: { access: 'public' } }, async (request) => {
    if (deps.config.env === 'production' || deps.mailer.kind !== 'outbox' || !LOOPBACK.has(request.ip)) {
      throw notFound('The mailbox is only available in development.');
    }
    const messages = await listOutbox(deps.db);
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
  });
}
