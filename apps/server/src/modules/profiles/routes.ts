import multipart from '@fastify/multipart';
import {
  emailChangeConfirmedSchema,
  PROFILE_PICTURE_MAX_BYTES,
  pendingEmailChangeAnswerSchema,
  profilePictureAnswerSchema,
  trainerEmailSchema,
  trainerProfileAnswerSchema,
  trainerProfileUpdateSchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, isAdmin } from '../auth/access';
import { trainerIdParams } from '../trainers/routes';
import { cancelEmailChange, confirmEmailChange, requestEmailChange } from './email-change';
import { PICTURE_MESSAGES } from './picture';
import { getTrainerProfileView, replacePicture, saveTrainerProfile, sweepUnusedPictures } from './service';

const profileParams = z.strictObject({ trainerId: trainerIdParams.shape.id });

export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read (the form data was cut short or malformed). Please choose the picture again.';

/**
 * Reads the one file of a picture upload (a replacement request's photo too); a body the multipart parser cannot
 * read is the sender's fault (400).
 */
export async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.missing);
  try {
    const file = await request.file();
    if (!file) throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.missing);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'picture_too_large', PICTURE_MESSAGES.tooLarge);
    }
    // Everything else the parser raises (no boundary, a truncated body, bad part headers, extra parts) is about
    // the request's bytes, never a fault of ours.
    throw new AppError(400, 'malformed_upload', MALFORMED_UPLOAD_MESSAGE);
  }
}

/** Pictures nobody references are removed on this schedule, once across instances. */
export function profileJobs(deps: AppDeps) {
  return [
    {
      name: 'profiles:sweep-unused-pictures',
      everyMs: Math.max(deps.config.jobsEveryMs, 15 * 60 * 1000),
      run: (now: Date) => sweepUnusedPictures(deps, now),
    },
  ];
}

export async function profileRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  registerTrainerProfileRoutes(app, deps);
  registerEmailChangeRoutes(app, deps);
  registerPictureFileRoutes(app, deps);
}

/** A trainer's profile and its picture, for that trainer or an admin. */
function registerTrainerProfileRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainer-profile/:trainerId',
    {
      schema: { params: profileParams, response: { 200: trainerProfileAnswerSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      return getTrainerProfileView(deps, request.params.trainerId);
    },
  );

  r.post(
    '/api/trainer-profile/:trainerId',
    {
      schema: {
        params: profileParams,
        body: trainerProfileUpdateSchema,
        response: { 200: trainerProfileAnswerSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      return saveTrainerProfile(deps, request.params.trainerId, request.body, {
        isAdmin: isAdmin(request.user),
        userId: request.user?.id ?? null,
      });
    },
  );

  r.post(
    '/api/trainer-profile/:trainerId/picture',
    {
      schema: { params: profileParams, response: { 200: profilePictureAnswerSchema } },
      config: { access: 'signed-in', bodyTypes: ['multipart/form-data'] },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      const bytes = await readPictureUpload(request);
      return replacePicture(deps, request.params.trainerId, bytes);
    },
  );

  r.delete(
    '/api/trainer-profile/:trainerId/picture',
    {
      schema: { params: profileParams, response: { 200: profilePictureAnswerSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      return replacePicture(deps, request.params.trainerId, null);
    },
  );
}

/** Changing the sign-in e-mail: asked for and cancelled by the trainer, confirmed from the e-mailed link. */
function registerEmailChangeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A new sign-in e-mail is asked for here (or by saving the profile with it) and confirmed from its link.
  r.post(
    '/api/trainer-profile/:trainerId/email-change',
    {
      schema: {
        params: profileParams,
        body: z.strictObject({ email: trainerEmailSchema }),
        response: { 202: pendingEmailChangeAnswerSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      assertCanReachTrainer(request, request.params.trainerId);
      const pending = await requestEmailChange(
        deps,
        request.params.trainerId,
        request.body.email,
        request.user?.id ?? null,
      );
      return reply.status(202).send({ pendingEmailChange: pending });
    },
  );

  r.delete(
    '/api/trainer-profile/:trainerId/email-change',
    {
      schema: { params: profileParams, response: { 200: pendingEmailChangeAnswerSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      await cancelEmailChange(deps, request.params.trainerId);
      return { pendingEmailChange: null };
    },
  );

  // Public: the link may be opened in a browser that is not signed in; the token is the proof.
  r.post(
    '/api/email-change/confirm',
    {
      schema: {
        body: z.strictObject({ token: z.string().min(1).max(200) }),
        response: { 200: emailChangeConfirmedSchema },
      },
      config: { access: 'public' },
    },
    async (request) => confirmEmailChange(deps, request.body.token),
  );
}

/** Public: the pictures themselves, cached for good. */
function registerPictureFileRoutes(app: FastifyInstance, deps: AppDeps) {
  const { storage } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/pictures/:file',
    {
      schema: {
        params: z.strictObject({ file: z.string().regex(/^[\w-]+\.webp$/) }),
        response: {
          200: {
            content: {
              'image/webp': {
                schema: z.custom<Buffer>((bytes) => Buffer.isBuffer(bytes)).describe('The picture (WebP)'),
              },
            },
          },
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const data = await storage.get(`pictures/${request.params.file}`);
      if (!data) throw notFound('No such picture.');
      // Every upload gets a new name, so a picture never changes under its URL.
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(data);
    },
  );
}
