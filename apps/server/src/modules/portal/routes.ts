import { onboardingChecklistSchema, portalResourcesSchema, resourceVisitSchema } from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentUser, isAdmin } from '../auth/access';
import { cachedBrand } from '../branding/service';
import { trainerIdParams } from '../trainers/routes';
import { findGuide, renderGuideNotFound, renderGuidePage } from './guides';
import {
  assertResourcesAvailable,
  getOnboardingChecklist,
  getPortalResources,
  recordResourceVisit,
  setOnboardingStep,
} from './service';

export async function portalRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/:id/onboarding',
    {
      schema: { params: trainerIdParams, response: { 200: onboardingChecklistSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getOnboardingChecklist(db, request.params.id);
    },
  );

  r.put(
    '/api/trainers/:id/onboarding/:step',
    {
      schema: {
        params: trainerIdParams.extend({ step: z.string().max(60) }),
        body: z.strictObject({ completed: z.boolean() }),
        response: { 200: onboardingChecklistSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      const { id, step } = request.params;
      return setOnboardingStep(db, id, step, request.body.completed, currentUser(request).id);
    },
  );

  r.get(
    '/api/resources',
    { schema: { response: { 200: portalResourcesSchema } }, config: { access: 'signed-in' } },
    async (request) => {
      const user = currentUser(request);
      const trainerId = user.trainerId ?? null;
      if (trainerId && !isAdmin(user)) await assertResourcesAvailable(db, trainerId);
      return getPortalResources(db, trainerId, clock.now());
    },
  );

  r.post(
    '/api/resources/:id/visits',
    {
      schema: { params: trainerIdParams, response: { 200: resourceVisitSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const user = currentUser(request);
      const trainerId = user.trainerId;
      if (!trainerId) throw forbidden('Only trainers keep a record of opened resources.');
      await assertResourcesAvailable(db, trainerId);
      return recordResourceVisit(db, trainerId, request.params.id, user.id);
    },
  );

  // The trainer guides the demo's resources open: pages of the app itself, readable by anyone (no brand secrets).
  r.get(
    '/guides/:slug',
    {
      schema: { params: z.strictObject({ slug: z.string().max(60) }) },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const guide = findGuide(request.params.slug);
      const brand = await cachedBrand(app.publicDirectoryCache, db);
      // Kept by browsers for 5 minutes: a new brand reaches a guide already open within that.
      reply.header('Cache-Control', 'public, max-age=300').type('text/html; charset=utf-8');
      if (!guide) return reply.status(404).send(renderGuideNotFound(brand));
      return reply.send(renderGuidePage(guide, brand));
    },
  );
}
