import multipart from '@fastify/multipart';
import {
  BRANDING_MESSAGES,
  brandingAnswerSchema,
  brandingUpdateSchema,
  brandSchema,
  LOGO_MAX_BYTES,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { currentAdmin } from '../auth/access';
import { answerKnownAddress, sendCached } from '../directory/send-answer';
import { MALFORMED_UPLOAD_MESSAGE } from '../profiles/routes';
import {
  BRAND_CACHE_KEY,
  BRAND_READS,
  getBrandingAnswer,
  loadBrand,
  readLogo,
  replaceLogo,
  saveBranding,
} from './service';

/** Reads the one file of a logo upload; what the multipart parser cannot read is the sender's fault (400). */
async function readLogoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'invalid_logo', BRANDING_MESSAGES.logoMissing);
  try {
    const file = await request.file();
    if (!file) throw new AppError(400, 'invalid_logo', BRANDING_MESSAGES.logoMissing);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'invalid_logo', BRANDING_MESSAGES.logoTooLarge);
    }
    throw new AppError(400, 'malformed_upload', MALFORMED_UPLOAD_MESSAGE);
  }
}

/** The brand: read by anyone (pages, e-mails), changed by administrators on Settings. */
export async function brandingRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.publicDirectoryCache;

  r.get(
    '/api/branding',
    {
      compress: false,
      config: { access: 'public' },
      onRequest: answerKnownAddress(cache),
      schema: { response: { 200: brandSchema } },
    },
    async (request, reply) =>
      sendCached(cache, request, reply, BRAND_CACHE_KEY, async () => ({
        body: await loadBrand(deps.db),
        reads: BRAND_READS,
      })),
  );

  r.get(
    '/api/branding/:file',
    {
      schema: {
        params: z.strictObject({
          file: z
            .string()
            .max(120)
            .regex(/^[\w-]+\.png$/),
        }),
        response: {
          200: {
            content: {
              'image/png': {
                schema: z.custom<Buffer>((bytes) => Buffer.isBuffer(bytes)).describe('The logo (PNG)'),
              },
            },
          },
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(await readLogo(deps, request.params.file)),
  );

  r.get(
    '/api/admin/branding',
    { schema: { response: { 200: brandingAnswerSchema } }, config: { access: 'admin' } },
    async () => getBrandingAnswer(deps.db),
  );

  r.put(
    '/api/admin/branding',
    {
      schema: { body: brandingUpdateSchema, response: { 200: brandingAnswerSchema } },
      config: { access: 'admin' },
    },
    async (request) => saveBranding(deps, request.body, currentAdmin(request)),
  );

  r.post(
    '/api/admin/branding/logo',
    {
      schema: { response: { 200: brandingAnswerSchema } },
      config: { access: 'admin', bodyTypes: ['multipart/form-data'] },
    },
    async (request) => {
      const admin = currentAdmin(request);
      return replaceLogo(deps, await readLogoUpload(request), admin);
    },
  );

  r.delete(
    '/api/admin/branding/logo',
    { schema: { response: { 200: brandingAnswerSchema } }, config: { access: 'admin' } },
    async (request) => replaceLogo(deps, null, currentAdmin(request)),
  );
}
