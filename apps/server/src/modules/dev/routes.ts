import { devClockAnswerSchema, devClockRequestSchema, devMailboxSchema } from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { AdjustableClock } from '../../lib/clock';
import type { ScheduledJob } from '../../lib/scheduler';
import type { ZodTypeProvider } from '../../plugins/validation';
import { listOutbox, type Mailer } from '../mail/mailer';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const HOUR_MS = 60 * 60 * 1000;

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

export interface DevDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** The app's clock when it can be moved (outside production only). */
  devClock?: AdjustableClock;
  /** The scheduled work, for the clock route to run at the moved time. */
  jobs: () => ScheduledJob[];
}

/**
 * The development mailbox: the outbox's sign-in links, readable without an inbox. Only outside production,
 * only when no SMTP server is configured, and only to a browser on this machine.
 */
export async function devRoutes(app: FastifyInstance, deps: DevDeps) {
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
  registerDevClockRoute(app, deps);
}

/**
 * Moves the app's clock forward (or back to the real time) and runs the scheduled work due then: the browser
 * tests' way to see a daily digest arrive 'the next day'. Stricter than the mailbox: development only (never test
 * or production), outbox mail, a browser on this machine. The jobs run directly at the moved time, outside the
 * rounds' claims, so the real schedule carries on as before once the clock is put back (each job is safe to run
 * again: it does what is due and nothing twice).
 */
function registerDevClockRoute(app: FastifyInstance, deps: DevDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/dev/clock',
    {
      schema: { body: devClockRequestSchema, response: { 200: devClockAnswerSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      const clock = deps.devClock;
      const allowed =
        deps.config.env === 'development' && deps.mailer.kind === 'outbox' && fromThisMachine(request);
      if (!clock || !allowed) throw notFound('The development clock is only available in development.');
      const { advanceHours, reset, runJobs } = request.body;
      if (reset) clock.reset();
      if (advanceHours) clock.advance(advanceHours * HOUR_MS);
      const now = clock.now();
      const wanted = runJobs ? new Set(runJobs) : undefined;
      const ran: string[] = [];
      for (const job of deps.jobs()) {
        if (wanted && !wanted.has(job.name)) continue;
        await job.run(now);
        ran.push(job.name);
      }
      request.log.warn({ offsetMs: clock.offsetMs, ran }, 'development clock moved');
      return { now: now.toISOString(), offsetHours: clock.offsetMs / HOUR_MS, ran };
    },
  );
}
