import {
  adminReviewSchema,
  reviewFeaturedBodySchema,
  reviewInputSchema,
  reviewLinkSchema,
  reviewModerationBodySchema,
  reviewSavedSchema,
  reviewTokenBodySchema,
  trainerReviewSchema,
  trainerReviewsSchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { ScheduledJob } from '../../lib/scheduler';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentAdmin } from '../auth/access';
import { trainerIdParams } from '../trainers/routes';
import {
  listAdminReviews,
  listTrainerReviews,
  moderateReview,
  reviewLinkStatus,
  sendReviewLinks,
  setFeatured,
  submitReview,
} from './service';

const reviewId = z.coerce.number().int().positive().max(2_147_483_647);
const reviewParams = z.strictObject({ id: reviewId });
const trainerReviewParams = trainerIdParams.extend({ reviewId });

/** Review links go out with the other scheduled work, once a round across instances, on the app's clock. */
export function reviewJobs(deps: AppDeps): ScheduledJob[] {
  return [
    {
      name: 'reviews:send-links',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => sendReviewLinks(deps, now),
    },
  ];
}

export async function reviewRoutes(app: FastifyInstance, deps: AppDeps) {
  registerAttendeeRoutes(app, deps);
  registerTrainerReviewRoutes(app, deps);
  registerAdminReviewRoutes(app, deps);
}

/** Public, held by the e-mailed link: what it is for, and the review itself (once). */
function registerAttendeeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // POSTs: the token is a secret, and addresses end up in logs and histories.
  r.post(
    '/api/reviews/link',
    {
      schema: { body: reviewTokenBodySchema, response: { 200: reviewLinkSchema } },
      config: { access: 'public' },
    },
    async (request) => reviewLinkStatus(deps, request.body.token, request.ip),
  );

  r.post(
    '/api/reviews',
    {
      schema: { body: reviewInputSchema, response: { 201: reviewSavedSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => reply.status(201).send(await submitReview(deps, request.body, request.ip)),
  );
}

/** The trainer's reviews (or an admin on their behalf), and which ones their profile features. */
function registerTrainerReviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/trainers/:id/reviews',
    {
      schema: { params: trainerIdParams, response: { 200: trainerReviewsSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return listTrainerReviews(deps.db, request.params.id);
    },
  );

  r.put(
    '/api/trainers/:id/reviews/:reviewId/featured',
    {
      schema: {
        params: trainerReviewParams,
        body: reviewFeaturedBodySchema,
        response: { 200: trainerReviewSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return setFeatured(deps, request.params.id, request.params.reviewId, request.body.featured);
    },
  );
}

/** Admin: every review, and hiding or showing one with a reason. */
function registerAdminReviewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/reviews',
    { schema: { response: { 200: z.array(adminReviewSchema) } }, config: { access: 'admin' } },
    async () => listAdminReviews(deps.db),
  );

  for (const [path, action] of [
    ['hide', 'hidden'],
    ['unhide', 'shown'],
  ] as const) {
    r.post(
      `/api/admin/reviews/:id/${path}`,
      {
        schema: {
          params: reviewParams,
          body: reviewModerationBodySchema,
          response: { 200: adminReviewSchema },
        },
        config: { access: 'admin' },
      },
      async (request) =>
        moderateReview(deps, currentAdmin(request).id, request.params.id, action, request.body.reason),
    );
  }
}
