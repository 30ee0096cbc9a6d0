import {
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
import { forbidden } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentUser } from '../auth/access';
import { answerKnownAddress, sendCached } from '../directory/public-cache';
import { getPublicTrainer } from '../directory/service';
import { trainerIdParams } from '../trainers/routes';
import { legacyClassesBodySchema, legacyUpcomingClasses, saveLegacyClasses } from './legacy';
import {
  applyPaymentLinkToUpcomingClasses,
  type ClassDeps,
  cancelClass,
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
  updateClass,
} from './service';

/** The calendar routes answer an iCalendar file, not JSON. */
const CALENDAR_FILE = {
  200: { content: { 'text/calendar': { schema: z.string().describe('An iCalendar file (RFC 5545)') } } },
};

const classIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export async function classRoutes(app: FastifyInstance, deps: ClassDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The class's owner or an admin; anyone else gets 403. */
  async function assertOwnsClass(request: FastifyRequest, classId: number) {
    const row = await getClassRow(db, classId);
    assertCanReachTrainer(request, row.trainerId);
  }
  const ownTrainerId = (request: FastifyRequest) => {
    const id = currentUser(request).trainerId;
    if (!id) throw forbidden('Only trainers have a class calendar.');
    return id;
  };

  // Public: upcoming classes, one class, registration and its cancellation, calendar feeds. The answers are
  // kept as ready bytes with the directory's (dropped when classes, registrations, trainers, profiles or
  // documents change) and rebuilt at least every minute, as classes start and leave the lists.
  const cache = app.publicDirectoryCache;
  const cached = {
    compress: false as const,
    config: { access: 'public' as const },
    onRequest: answerKnownAddress(cache),
  };
  const inAMinute = () => Date.now() + 60_000;
  // Places left change with every registration: browsers ask again each time (a 304 while nothing changed).
  const revalidate = { 'Cache-Control': 'public, no-cache' };
  const calendar = 'text/calendar; charset=utf-8';

  r.get(
    '/api/classes',
    { ...cached, schema: { querystring: classQuerySchema, response: { 200: z.array(classSummarySchema) } } },
    async (request, reply) => {
      return sendCached(cache, request, reply, `classes ${JSON.stringify(request.query)}`, async () => {
        const { items, total } = await listPublicClasses(db, request.query);
        const firstStart = items[0] ? Date.parse(items[0].start) : Number.POSITIVE_INFINITY;
        return {
          body: items,
          headers: { ...revalidate, 'X-Total-Count': String(total) },
          expiresAt: Math.min(firstStart, inAMinute()),
        };
      });
    },
  );

  r.get(
    '/api/classes/:id',
    { ...cached, schema: { params: classIdParams, response: { 200: classSummarySchema } } },
    async (request, reply) => {
      return sendCached(cache, request, reply, `class ${request.params.id}`, async () => ({
        body: await getPublicClass(db, request.params.id),
        headers: revalidate,
        expiresAt: inAMinute(),
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
        body: z.strictObject({ token: z.string().min(20).max(200) }),
        response: { 200: registrationCancelledSchema },
      },
      config: { access: 'public' },
    },
    async (request) => cancelRegistration(deps, request.body.token),
  );

  r.get(
    '/api/calendar/classes.ics',
    { ...cached, schema: { response: CALENDAR_FILE } },
    async (request, reply) => {
      return sendCached(cache, request, reply, 'calendar', async () => ({
        body: await classesFeed(deps),
        contentType: calendar,
        expiresAt: inAMinute(),
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
        contentType: calendar,
        headers: { 'Content-Disposition': `attachment; filename="class-${id}.ics"` },
        expiresAt: inAMinute(),
      }));
    },
  );

  r.get(
    '/api/calendar/trainers/:id.ics',
    { ...cached, schema: { params: trainerIdParams, response: CALENDAR_FILE } },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(cache, request, reply, `calendar trainer ${id}`, async () => {
        await getPublicTrainer(db, id);
        return { body: await classesFeed(deps, id), contentType: calendar, expiresAt: inAMinute() };
      });
    },
  );

  // The trainer's calendar.
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
      return listTrainerClasses(db, request.params.id);
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
      return reply.status(201).send(await createClass(db, request.params.id, request.body));
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

  r.put(
    '/api/classes/:id',
    {
      schema: { params: classIdParams, body: classInputSchema, response: { 200: classSummarySchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      await assertOwnsClass(request, request.params.id);
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
      await assertOwnsClass(request, request.params.id);
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
      await assertOwnsClass(request, request.params.id);
      return listRegistrations(db, request.params.id);
    },
  );

  // The prototype's calendar calls, for the signed-in trainer.
  r.get(
    '/api/trainer-profile',
    { schema: { response: { 200: legacyClassesAnswerSchema } }, config: { access: 'signed-in' } },
    async (request) => {
      const trainerId = ownTrainerId(request);
      const profile = await findBasicClassPaymentLink(db, trainerId);
      return {
        upcomingClasses: await legacyUpcomingClasses(db, trainerId),
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
      upcomingClasses: await saveLegacyClasses(db, ownTrainerId(request), request.body.upcomingClasses),
    }),
  );
}
