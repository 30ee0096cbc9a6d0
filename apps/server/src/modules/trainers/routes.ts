import {
  adminTrainerUpdateSchema,
  dashboardStatsSchema,
  emailSchema,
  paymentConfirmationAnswerSchema,
  paymentConfirmationSchema,
  trainerChangeSchema,
  trainerFullSchema,
  trainerListItemSchema,
  trainerListQuerySchema,
  trainerSummarySchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentAdmin, seesAdminArea } from '../auth/access';
import { assertOnboardingCaller } from '../payments/onboarding-caller';
import { assertPaymentVerified } from '../payments/service';
import { findTrainerByEmail } from './repository';
import {
  getDashboardStats,
  getTrainerFull,
  listAllTrainers,
  listTrainerChanges,
  listTrainers,
  trainersCsv,
  updateTrainer,
} from './service';

export const trainerIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * The admin edit, or the payment-confirmation body (paymentStatus without the edit's fields); each keeps its field
 * messages, and an edit that smuggles in paymentStatus is refused as an unknown field.
 */
const trainerPutBody = z.unknown().transform((body, ctx) => {
  const schema =
    body && typeof body === 'object' && 'paymentStatus' in body && !('name' in body)
      ? paymentConfirmationSchema
      : adminTrainerUpdateSchema;
  const result = schema.safeParse(body);
  if (!result.success) {
    ctx.issues.push(...(result.error.issues as typeof ctx.issues));
    return z.NEVER;
  }
  return result.data as
    | z.output<typeof adminTrainerUpdateSchema>
    | z.output<typeof paymentConfirmationSchema>;
});

export async function trainerRoutes(app: FastifyInstance, deps: AppDeps) {
  registerTrainerListRoutes(app, deps);
  registerTrainerRecordRoutes(app, deps);
  registerDashboardRoutes(app, deps);
}

/** The admin's trainer list and its CSV export. */
function registerTrainerListRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers',
    {
      schema: { querystring: trainerListQuerySchema, response: { 200: z.array(trainerListItemSchema) } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const { items, total } = await listTrainers(db, request.query);
      // The spec's answer is the list itself; the true total of the filtered list travels in a header.
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  r.get(
    '/api/trainers/export',
    {
      schema: {
        querystring: trainerListQuerySchema.omit({ limit: true, offset: true }),
        response: { 200: { content: { 'text/csv': { schema: z.string() } } } },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const items = await listAllTrainers(db, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="trainers-${day}.csv"`)
        .send(trainersCsv(items));
    },
  );
}

/** One trainer's record: found by e-mail, read in full, edited (or its payment confirmed), its change history. */
function registerTrainerRecordRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/by-email/:email',
    {
      schema: { params: z.strictObject({ email: emailSchema }), response: { 200: trainerSummarySchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const { email } = request.params;
      // A trainer may look up only themselves; admins and staff anyone.
      if (!seesAdminArea(request.user) && request.user?.email !== email) throw forbidden();
      const trainer = await findTrainerByEmail(db, email);
      if (!trainer) throw notFound(`Could not find trainer profile for ${email}`);
      return trainer;
    },
  );

  r.get(
    '/api/trainers/:id/full',
    {
      schema: { params: trainerIdParams, response: { 200: trainerFullSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getTrainerFull(db, request.params.id);
    },
  );

  // One URL, two callers (spec admin 7): an admin's edit, and the payment-confirmation screen, which can only
  // read back a payment the provider confirmed, never set one.
  r.put(
    '/api/trainers/:id',
    {
      schema: {
        params: trainerIdParams,
        body: trainerPutBody,
        response: { 200: z.union([trainerFullSchema, paymentConfirmationAnswerSchema]) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const { id } = request.params;
      if ('paymentStatus' in request.body) {
        await assertOnboardingCaller(deps, request, id);
        const trainer = await assertPaymentVerified(deps, id);
        return {
          id: trainer.id,
          name: trainer.name,
          paymentStatus: trainer.paymentStatus,
          onboardingStatus: trainer.onboardingStatus,
        };
      }
      return updateTrainer(db, id, request.body, currentAdmin(request).id, deps.mailer);
    },
  );

  r.get(
    '/api/trainers/:id/changes',
    {
      schema: { params: trainerIdParams, response: { 200: z.array(trainerChangeSchema) } },
      config: { access: 'admin' },
    },
    async (request) => {
      await getTrainerFull(db, request.params.id);
      return listTrainerChanges(db, request.params.id);
    },
  );
}

/** The admin dashboard's figures. */
function registerDashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard/stats',
    { schema: { response: { 200: dashboardStatsSchema } }, config: { access: 'admin' } },
    async () => getDashboardStats(db),
  );
}
