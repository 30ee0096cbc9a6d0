import {
  cancelLinkStatusSchema,
  classInputSchema,
  classQuerySchema,
  classSummarySchema,
  classTimeZoneSchema,
  legacyClassesAnswerSchema,
  legacyClassesSavedSchema,
  paymentLinkAppliedSchema,
  registrationCancelledSchema,
  registrationInputSchema,
  registrationResultSchema,
  registrationSchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { backToPage, formField, pageErrorCode, pageFormRoute, registerPageForms } from '../../lib/page-form';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentUser } from '../auth/access';
import type { PublicCache } from '../directory/public-cache';
import { CALENDAR_FEED, CLASS_ANSWER, TRAINER_ANSWER } from '../directory/public-tables';
import { answerKnownAddress, sendCached } from '../directory/send-answer';
import { getPublicTrainer } from '../directory/service';
import { trainerIdParams } from '../trainers/routes';
import { legacyClassesBodySchema, legacyUpcomingClasses, saveLegacyClasses } from './legacy';
import {
  applyPaymentLinkToUpcomingClasses,
  CLASS_NOT_FOUND,
  type ClassDeps,
  cancelClass,
  cancelLinkStatus,
  cancelRegistration,
  classEventFile,
  classesFeed,
  classTimeZoneFor,
  createClass,
  findBasicClassPaymentLink,
  getClassRow,
  getPublicClass,
  listPublicClasses,
  listRegistrations,
  listTrainerClasses,
  registerForClass,
  shareUpcomingClassCount,
  updateClass,
} from './service';

/** The calendar routes answer an iCalendar file, not JSON. */
const CALENDAR_FILE = {
  200: { content: { 'text/calendar': { schema: z.string().describe('An iCalendar file (RFC 5545)') } } },
};

const classIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The class's owner or an admin; anyone else gets 403. */
async function assertOwnsClass(db: ClassDeps['db'], request: FastifyRequest, classId: number) {
  const row = await getClassRow(db, classId);
  assertCanReachTrainer(request, row.trainerId);
}

const ownTrainerId = (request: FastifyRequest) => {
  const id = currentUser(request).trainerId;
  if (!id) throw forbidden('Only trainers have a class calendar.');
  return id;
};

// Public answers are kept as ready bytes with the directory's (dropped when classes, registrations, trainers,
// profiles or documents change) and rebuilt at least every minute of the app's clock (the cache reads it too), as
// classes start and leave the lists.
const cachedPublicly = (cache: PublicCache) => ({
  compress: false as const,
  config: { access: 'public' as const },
  onRequest: answerKnownAddress(cache),
});
/** A registration's cancel token, as its link carries it (the API's body and the page's form alike). */
const cancelTokenBody = z.strictObject({ token: z.string().min(20).max(200) });

const inAMinute = (clock: Clock) => clock.now().getTime() + 60_000;
// Places left change with every registration: browsers ask again each time (a 304 while nothing changed).
const revalidate = { 'Cache-Control': 'public, no-cache' };
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export async function classRoutes(app: FastifyInstance, deps: ClassDeps) {
  registerPublicClassRoutes(app, deps);
  await registerClassPageForm(app, deps);
  registerClassCalendarFeeds(app, deps);
  registerTrainerClassRoutes(app, deps);
  registerClassOwnerRoutes(app, deps);
  registerLegacyCalendarRoutes(app, deps);
}

/** Public: upcoming classes, one class, registration and its cancellation. */
function registerPublicClassRoutes(app: FastifyInstance, deps: ClassDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.publicDirectoryCache;
  const cached = cachedPublicly(cache);
  // After a change the unfiltered lists (this one, and the classes page's and the calendar's through it) share one
  // count of the upcoming classes; each reads only its own page.
  const upcomingCount = shareUpcomingClassCount(db, () => cache.changes);

  r.get(
    '/api/classes',
    { ...cached, schema: { querystring: classQuerySchema, response: { 200: z.array(classSummarySchema) } } },
    async (request, reply) => {
      // The build is kept for the rebuilds: it holds the query, not the request.
      const { query } = request;
      return sendCached(cache, request, reply, `classes ${JSON.stringify(query)}`, async () => {
        const { items, total } = await listPublicClasses(db, query, deps.clock.now(), upcomingCount);
        const firstStart = items[0] ? Date.parse(items[0].start) : Number.POSITIVE_INFINITY;
        return {
          body: items,
          headers: { ...revalidate, 'X-Total-Count': String(total) },
          expiresAt: Math.min(firstStart, inAMinute(deps.clock)),
          reads: CLASS_ANSWER,
        };
      });
    },
  );

  r.get(
    '/api/classes/:id',
    { ...cached, schema: { params: classIdParams, response: { 200: classSummarySchema } } },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(cache, request, reply, `class ${id}`, async () => ({
        body: await getPublicClass(db, id),
        headers: revalidate,
        expiresAt: inAMinute(deps.clock),
        reads: CLASS_ANSWER,
      }));
    },
  );

  r.post(
    '/api/classes/:id/registrations',
    {
      schema: {
        params: classIdParams,
        body: registrationInputSchema,
        response: { 201: registrationResultSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await getPublicClass(db, request.params.id);
      return reply
        .status(201)
        .send(await registerForClass(deps, request.params.id, request.body, request.ip));
    },
  );

  r.post(
    '/api/registrations/cancel',
    {
      schema: {
        body: cancelTokenBody,
        response: { 200: registrationCancelledSchema },
      },
      config: { access: 'public' },
    },
    async (request) => cancelRegistration(deps, request.body.token),
  );

  // A POST: the token is a secret, and addresses end up in logs and histories.
  r.post(
    '/api/registrations/cancel-link',
    {
      schema: {
        body: cancelTokenBody,
        response: { 200: cancelLinkStatusSchema },
      },
      config: { access: 'public' },
    },
    async (request) => cancelLinkStatus(deps, request.body.token, request.ip),
  );
}

/**
 * The class page's registration form, pressed before the page's script ran (lib/page-form.ts): the same
 * registration as the API's, then the class page again, saying whether a place or a waitlist place was taken, or
 * why not (with what was typed, so nothing has to be typed again).
 */
async function registerClassPageForm(app: FastifyInstance, deps: ClassDeps) {
  await registerPageForms(app, (scope) => {
    scope.post<{ Params: { id: string } }>('/public/class/:id', pageFormRoute, async (request, reply) => {
      const params = classIdParams.safeParse(request.params);
      if (!params.success) throw notFound(CLASS_NOT_FOUND);
      const page = `/public/class/${params.data.id}`;
      const name = formField(request, 'name').trim();
      const email = formField(request, 'email').trim();
      const person = registrationInputSchema.safeParse({ name, email });
      if (!person.success) return backToPage(reply, page, { name, email, error: 'invalid_input' });
      try {
        await getPublicClass(deps.db, params.data.id);
        const result = await registerForClass(deps, params.data.id, person.data, request.ip);
        return backToPage(reply, page, {
          registered: result.status,
          ...(result.position !== null && { position: String(result.position) }),
        });
      } catch (error) {
        return backToPage(reply, page, { name, email, error: pageErrorCode(error) });
      }
    });

    // The cancel link's button, pressed before the page's script ran: the same cancellation as the API's.
    scope.post<{ Params: { id: string } }>(
      '/public/class/:id/cancel',
      pageFormRoute,
      async (request, reply) => {
        const params = classIdParams.safeParse(request.params);
        if (!params.success) throw notFound(CLASS_NOT_FOUND);
        const page = `/public/class/${params.data.id}`;
        const token = formField(request, 'token');
        try {
          if (!cancelTokenBody.safeParse({ token }).success)
            throw badRequest('invalid_cancel_link', 'Invalid link.');
          const { classId } = await cancelRegistration(deps, token);
          return backToPage(reply, `/public/class/${classId}`, { cancelled: '1' });
        } catch (error) {
          return backToPage(reply, page, { cancel: token, error: pageErrorCode(error) });
        }
      },
    );
  });
}

/** Public calendar feeds: every class, one class, one trainer's classes. */
function registerClassCalendarFeeds(app: FastifyInstance, deps: ClassDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.publicDirectoryCache;
  const cached = cachedPublicly(cache);

  r.get(
    '/api/calendar/classes.ics',
    { ...cached, schema: { response: CALENDAR_FILE } },
    async (request, reply) => {
      return sendCached(cache, request, reply, 'calendar', async () => ({
        body: await classesFeed(deps),
        contentType: CALENDAR_TYPE,
        expiresAt: inAMinute(deps.clock),
        reads: CALENDAR_FEED,
      }));
    },
  );

  // One class, as the class page's 'Add to calendar' file: importing it adds that class and nothing else.
  r.get(
    '/api/calendar/classes/:id.ics',
    { ...cached, schema: { params: classIdParams, response: CALENDAR_FILE } },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(cache, request, reply, `calendar class ${id}`, async () => ({
        body: await classEventFile(deps, id),
        contentType: CALENDAR_TYPE,
        headers: { 'Content-Disposition': `attachment; filename="class-${id}.ics"` },
        expiresAt: inAMinute(deps.clock),
        reads: CALENDAR_FEED,
      }));
    },
  );

  r.get(
    '/api/calendar/trainers/:id.ics',
    { ...cached, schema: { params: trainerIdParams, response: CALENDAR_FILE } },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(cache, request, reply, `calendar trainer ${id}`, async () => {
        await getPublicTrainer(db, id, deps.clock.now());
        return {
          body: await classesFeed(deps, id),
          contentType: CALENDAR_TYPE,
          expiresAt: inAMinute(deps.clock),
          // The trainer's own answer too (a trainer who is not listed: 404).
          reads: [...CALENDAR_FEED, ...TRAINER_ANSWER],
        };
      });
    },
  );
}

/** The trainer's calendar (or an admin on their behalf): their classes, new ones, and the payment link's update. */
function registerTrainerClassRoutes(app: FastifyInstance, deps: ClassDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/classes/time-zone',
    {
      schema: {
        querystring: z.strictObject({
          location: z.string().trim().max(200).default(''),
          address: z.string().trim().max(200).default(''),
        }),
        response: { 200: classTimeZoneSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      return classTimeZoneFor(db, ownTrainerId(request), request.query);
    },
  );

  r.get(
    '/api/trainers/:id/classes',
    {
      schema: { params: trainerIdParams, response: { 200: z.array(classSummarySchema) } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return listTrainerClasses(db, request.params.id, deps.clock.now());
    },
  );

  r.post(
    '/api/trainers/:id/classes',
    {
      schema: { params: trainerIdParams, body: classInputSchema, response: { 201: classSummarySchema } },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      assertCanReachTrainer(request, request.params.id);
      return reply.status(201).send(await createClass(db, request.params.id, request.body, deps.clock.now()));
    },
  );

  // 'Update upcoming classes?' after the profile's class payment link changed: the new link is read from the profile.
  r.post(
    '/api/trainers/:id/classes/payment-link',
    {
      schema: {
        params: trainerIdParams,
        // Required, null included: the classes to move are exactly those on the link the trainer replaced.
        body: z.strictObject({
          previousLink: z
            .string()
            .trim()
            .max(300)
            .nullable()
            .transform((v) => v || null),
        }),
        response: { 200: paymentLinkAppliedSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return applyPaymentLinkToUpcomingClasses(deps, request.params.id, request.body.previousLink);
    },
  );
}

/** One class, for its owner or an admin: edit, cancel, who registered. */
function registerClassOwnerRoutes(app: FastifyInstance, deps: ClassDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/classes/:id',
    {
      schema: { params: classIdParams, body: classInputSchema, response: { 200: classSummarySchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      await assertOwnsClass(db, request, request.params.id);
      return updateClass(deps, request.params.id, request.body);
    },
  );

  r.post(
    '/api/classes/:id/cancel',
    {
      schema: { params: classIdParams, response: { 200: classSummarySchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      await assertOwnsClass(db, request, request.params.id);
      return cancelClass(deps, request.params.id);
    },
  );

  r.get(
    '/api/classes/:id/registrations',
    {
      schema: { params: classIdParams, response: { 200: z.array(registrationSchema) } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      await assertOwnsClass(db, request, request.params.id);
      return listRegistrations(db, request.params.id);
    },
  );
}

/** The prototype's calendar calls, for the signed-in trainer. */
function registerLegacyCalendarRoutes(app: FastifyInstance, deps: ClassDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainer-profile',
    { schema: { response: { 200: legacyClassesAnswerSchema } }, config: { access: 'signed-in' } },
    async (request) => {
      const trainerId = ownTrainerId(request);
      const profile = await findBasicClassPaymentLink(db, trainerId);
      return {
        upcomingClasses: await legacyUpcomingClasses(db, trainerId, deps.clock.now()),
        basicClassPaymentLink: profile?.basicClassPaymentLink ?? null,
      };
    },
  );

  r.post(
    '/api/trainer-profile',
    {
      schema: { body: legacyClassesBodySchema, response: { 200: legacyClassesSavedSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => ({
      upcomingClasses: await saveLegacyClasses(
        db,
        ownTrainerId(request),
        request.body.upcomingClasses,
        deps.clock.now(),
      ),
    }),
  );
}
