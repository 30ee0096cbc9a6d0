import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { healthAnswerSchema } from '@soulpunch/shared';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import {
  checkDatabaseAnswers,
  type DatabaseTarget,
  type Db,
  databaseTargetFor,
  type OpeningDatabase,
  startOpeningDatabase,
} from './db/database';

export { databaseTargetFor };

import { migrateToLatest } from './db/migrate';
import { embeddedStatisticsJob, gatherStatistics, statisticsMissing } from './db/statistics';
import { databaseUnavailable } from './db/unavailable';
import { loadDemoDataIfEmpty } from './demo/demo-data';
import type { AppDeps } from './deps';
import { adjustableClock, type Clock, systemClock } from './lib/clock';
import { createFileStorage, type FileStorage } from './lib/file-storage';
import { type ScheduledJob, startScheduler } from './lib/scheduler';
import { adminRoutes } from './modules/admin/routes';
import { seedKnowledgeBase } from './modules/assistant/knowledge';
import { assistantRoutes } from './modules/assistant/routes';
import { originFormUrl, useAccessRules } from './modules/auth/access';
import { authRoutes } from './modules/auth/routes';
import { purgeExpiredAuthData } from './modules/auth/service';
import { brandingRoutes } from './modules/branding/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { calendarJobs } from './modules/calendar/service';
import { certificationJobs } from './modules/certification/round';
import { certificationRoutes } from './modules/certification/routes';
import { classRoutes } from './modules/classes/routes';
import { devRoutes } from './modules/dev/routes';
import { directoryRoutes, usePublicDirectoryCache } from './modules/directory/routes';
import { documentJobs, documentRoutes } from './modules/documents/routes';
import { ensureTemplates } from './modules/documents/service';
import { insightRoutes } from './modules/insights/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { mailJobs } from './modules/mail/queue';
import { notificationRoutes } from './modules/notifications/routes';
import { notificationJobs } from './modules/notifications/service';
import { paymentJobs, paymentRoutes } from './modules/payments/routes';
import { resourceAdminRoutes } from './modules/portal/resources-admin';
import { portalRoutes } from './modules/portal/routes';
import { profileJobs, profileRoutes } from './modules/profiles/routes';
import { reviewJobs, reviewRoutes } from './modules/reviews/routes';
import { trainerRoutes } from './modules/trainers/routes';
import { ensureUser, grantRole } from './modules/users/repository';
import { useErrorHandler } from './plugins/error-handler';
import { useOpenApi } from './plugins/openapi';
import { securityHeaders, useSecurityHeaders } from './plugins/security-headers';
import { useZodValidation, type ZodTypeProvider } from './plugins/validation';
import { redactUrl, serveWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    mailer: Mailer;
  }
}

export interface BuildOptions {
  /** Overrides the database chosen by configuration (tests pass a fresh one). */
  database?: DatabaseTarget;
  /** The database already being opened (server.ts starts it while the rest of the app's code loads). */
  opening?: Promise<OpeningDatabase>;
  logger?: FastifyServerOptions['logger'];
  /** The time rules run on (tests pass a manual clock). */
  clock?: Clock;
  /** Overrides the file storage chosen by configuration (tests pass one that fails like a full disk). */
  storage?: FileStorage;
  /** Run reminders, expiry and payment grace on their intervals (off in tests, which call them directly). */
  scheduler?: boolean;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
              // An error's text may quote the address it failed on, a sign-in or cancel link included.
              err: function redactedError(thrown: unknown): {
                [key: string]: unknown;
                type: string;
                message: string;
                stack: string;
              } {
                const err = (
                  typeof thrown === 'object' && thrown !== null ? thrown : {}
                ) as Partial<Error> & {
                  code?: unknown;
                  statusCode?: unknown;
                };
                return {
                  type: err.name ?? typeof thrown,
                  message: redactUrl(String(err.message ?? thrown)),
                  stack: redactUrl(err.stack ?? ''),
                  code: err.code,
                  statusCode: err.statusCode,
                  cause: err.cause === undefined ? undefined : redactedError(err.cause),
                };
              },
            },
            // Options given here (a test's stream or level) keep the redaction above.
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    genReqId: () => randomUUID(),
    // Addresses the router cannot read (bad percent-encoding, an over-long segment) get the usual error answer.
    frameworkErrors: (error, request, rawReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // The router answers before any hook runs, so the security headers are set here.
      const reply = (rawReply as FastifyReply).headers(securityHeaders(config, request.id));
      reply.status(tooLong ? 414 : 400).send({
        error: tooLong
          ? { code: 'address_too_long', message: 'This address is too long.' }
          : { code: 'bad_address', message: 'This address is not valid.' },
      });
    },
    trustProxy: config.trustProxy,
    // An absolute-form target is read as its path, so hooks and logs see the address the router matched.
    rewriteUrl: (req) => originFormUrl(req.url ?? '/'),
    bodyLimit: 1024 * 1024,
  });

  // The handle comes at once; PGlite may still be starting PostgreSQL (in its own thread). Registering plugins,
  // hooks and routes makes no query, so it runs meanwhile; the migrations and the seeds start once the database is
  // ready (below) and are awaited before anything else reads it.
  const target = options.database ?? databaseTargetFor(config);
  const embedded = target.kind !== 'postgres';
  const { db, close, listen, ready } = await (options.opening ??
    startOpeningDatabase(target, (err) => app.log.warn({ err }, 'lost a database connection')));
  app.decorate('config', config);
  app.decorate('db', db);
  app.addHook('onClose', async () => close());

  const mailer = createMailer(config, db, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());

  useZodValidation(app);
  useErrorHandler(app);
  await useSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  // Brotli or gzip for anything over 1 KB: the web app's scripts and the public lists shrink several times over.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const storage = options.storage ?? createFileStorage(config.storage);
  // Outside production the app's time can be moved forward by the development clock route (browser tests).
  const devClock = !options.clock && config.env !== 'production' ? adjustableClock() : undefined;
  const clock = options.clock ?? devClock ?? systemClock;
  const deps: AppDeps = { db, config, mailer, storage, clock };
  // The migrations, then the seeds, as soon as the database is ready: their queries run in the embedded database's
  // thread (decision record 0030) while this one registers the routes below, none of which queries. Nothing is
  // served before they are done.
  const prepared = (async () => {
    await ready;
    await migrateToLatest(db);
    await seedKnowledgeBase(db, {
      graceDays: config.paymentGraceDays,
      expiryDays: config.documentExpiryDays,
      firstReminderDays: config.documentFirstReminderDays,
      reminderIntervalDays: config.documentReminderIntervalDays,
    });
    await ensureTemplates(db);
    for (const email of config.adminEmails) {
      const user = await ensureUser(db, email, email.split('@')[0] ?? email);
      await grantRole(db, user.id, 'admin');
    }
    if (config.loadDemoData && (await loadDemoDataIfEmpty(deps))) {
      app.log.info('loaded demo data into the empty database');
    }
    // PGlite runs no autovacuum (db/statistics.ts): trainers loaded in bulk, or a database never analyzed, get
    // the planner's statistics before the first answer is planned.
    if (embedded && (await statisticsMissing(db))) {
      await gatherStatistics(db);
      app.log.info("gathered the embedded database's statistics");
    }
  })();
  prepared.catch(() => undefined); // awaited below, after the routes
  useAccessRules(app, deps);
  const listening = usePublicDirectoryCache(app, listen, clock);
  listening.catch(() => undefined); // awaited below, after the migrations
  await useOpenApi(app, config.appUrl);

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { response: { 200: healthAnswerSchema } }, config: { access: 'public' } },
      async (request) => {
        try {
          await checkDatabaseAnswers(db);
        } catch (err) {
          request.log.warn({ err }, 'health check: database unavailable');
          throw databaseUnavailable();
        }
        return { status: 'ok' as const };
      },
    );
  await app.register(authRoutes, deps);
  await app.register(trainerRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(portalRoutes, deps);
  await app.register(profileRoutes, deps);
  await app.register(directoryRoutes, deps);
  await app.register(classRoutes, deps);
  await app.register(calendarRoutes, deps);
  await app.register(paymentRoutes, deps);
  await app.register(documentRoutes, deps);
  await app.register(certificationRoutes, deps);
  await app.register(inventoryRoutes, deps);
  await app.register(insightRoutes, deps);
  await app.register(assistantRoutes, deps);
  await app.register(resourceAdminRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(brandingRoutes, deps);
  await app.register(integrationRoutes, deps);
  const jobs: ScheduledJob[] = [
    ...paymentJobs(deps, app),
    ...documentJobs(deps, app.log),
    ...mailJobs(deps, app.log),
    ...profileJobs(deps),
    ...calendarJobs(deps),
    ...reviewJobs(deps),
    ...certificationJobs(deps, app.log),
    ...notificationJobs(deps, app.log),
  ];
  await app.register(devRoutes, { ...deps, devClock, jobs: () => jobs });

  // @fastify/compress asks of each answer whether it is a fetch Response, and Node loads its fetch implementation
  // at the first reading of that global: 20-50 ms of the first answer. Read now, while this thread waits for the
  // migrations and the seeds.
  void globalThis.Response;
  await prepared;
  await listening;

  const purge = setInterval(
    () => {
      purgeExpiredAuthData(db).catch((err) => app.log.error({ err }, 'purging expired sessions failed'));
    },
    15 * 60 * 1000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  if (options.scheduler ?? config.env !== 'test') {
    const scheduled = embedded ? [...jobs, embeddedStatisticsJob(db)] : jobs;
    const stop = startScheduler(db, !embedded, scheduled, app.log, clock);
    app.addHook('onClose', async () => stop());
  }

  await serveWebApp(app, config, db, clock);
  return app;
}
