import multipart from '@fastify/multipart';
import { PROFILE_PICTURE_MAX_BYTES, trainerProfileUpdateSchema } from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/file-storage';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, isAdmin } from '../auth/access';
import { trainerIdParams } from '../trainers/routes';
import { PICTURE_MESSAGES } from './picture';
import { getTrainerProfile, replacePicture, saveTrainerProfile } from './service';

const profileParams = z.strictObject({ trainerId: trainerIdParams.shape.id });

export async function profileRoutes(app: FastifyInstance, deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainer-profile/:trainerId',
    { schema: { params: profileParams }, config: { access: 'signed-in' } },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      return getTrainerProfile(db, request.params.trainerId);
    },
  );

  r.post(
    '/api/trainer-profile/:trainerId',
    { schema: { params: profileParams, body: trainerProfileUpdateSchema }, config: { access: 'signed-in' } },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      return saveTrainerProfile(db, request.params.trainerId, request.body, {
        isAdmin: isAdmin(request.user),
      });
    },
  );

  r.post(
    '/api/trainer-profile/:trainerId/picture',
    {
      schema: { params: profileParams },
      config: { access: 'signed-in', bodyTypes: ['multipart/form-data'] },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      if (!request.isMultipart()) throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.missing);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new AppError(400, 'invalid_image', PICTURE_MESSAGES.missing);
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'picture_too_large', PICTURE_MESSAGES.tooLarge);
        }
        throw error;
      }
      return replacePicture(db, storage, request.params.trainerId, bytes);
    },
  );

  r.delete(
    '/api/trainer-profile/:trainerId/picture',
    { schema: { params: profileParams }, config: { access: 'signed-in' } },
    async (request) => {
      assertCanReachTrainer(request, request.params.trainerId);
      return replacePicture(db, storage, request.params.trainerId, null);
    },
  );

  r.get(
    '/api/pictures/:file',
    {
      schema: { params: z.strictObject({ file: z.string().regex(/^[\w-]+\.webp$/) }) },
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
