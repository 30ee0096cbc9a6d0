import multipart from '@fastify/multipart';
import {
  CERTIFICATION_ACTIONS,
  certificationActionSchema,
  certificationSettingsInputSchema,
  certificationSettingsSchema,
  certificationViewSchema,
  INSURANCE_CERTIFICATE_MAX_BYTES,
  insurancePolicyInputSchema,
  insuranceViewSchema,
  renewalAnswerSchema,
  renewalCheckoutAnswerSchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentAdmin, currentUser } from '../auth/access';
import { createPaymentProvider } from '../payments/routes';
import { trainerIdParams } from '../trainers/routes';
import {
  acceptPolicy,
  downloadCertificate,
  getInsuranceView,
  INSURANCE_FILE_MESSAGES,
  submitPolicy,
  uploadCertificate,
} from './insurance';
import { certificateProofRoutes } from './proof-routes';
import { openRenewalFeeCheckout, renewFromPortal } from './renewal';
import { getCertificationSettings, setRenewalRequirements } from './requirements';
import { getCertificationView, runCertificationAction } from './service';

const FILE = z.custom<Uint8Array>((bytes) => bytes instanceof Uint8Array).describe('A PDF or image file');

/** Reads the one file of an upload; a body the parser cannot read is the sender's fault (400). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  const missing = () => new AppError(400, 'invalid_insurance_file', INSURANCE_FILE_MESSAGES.missing);
  if (!request.isMultipart()) throw missing();
  try {
    const file = await request.file();
    if (!file) throw missing();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'invalid_insurance_file', INSURANCE_FILE_MESSAGES.tooLarge);
    }
    throw new AppError(
      400,
      'malformed_upload',
      'The upload could not be read. Please choose the file again.',
    );
  }
}

/** The certification record (decision record 0014): read by the trainer and admins, changed by admins. */
export async function certificationRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(multipart, {
    limits: { fileSize: INSURANCE_CERTIFICATE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/:id/certification-record',
    {
      schema: { params: trainerIdParams, response: { 200: certificationViewSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getCertificationView(deps, request.params.id);
    },
  );

  for (const kind of CERTIFICATION_ACTIONS) {
    r.post(
      `/api/trainers/:id/certification-record/${kind}`,
      {
        schema: {
          params: trainerIdParams,
          body: certificationActionSchema,
          response: { 200: certificationViewSchema },
        },
        config: { access: 'admin' },
      },
      async (request) =>
        runCertificationAction(deps, request.params.id, kind, currentAdmin(request).id, request.body.reason),
    );
  }

  registerRenewalRoutes(app, deps);
  registerInsuranceRoutes(app, deps);
  await certificateProofRoutes(app, deps);
}

/** Only the trainer renews (or pays the fee) from the portal; an admin renews with a reason (the action above). */
function ownRenewal(request: FastifyRequest, trainerId: number) {
  const user = currentUser(request);
  if (user.trainerId !== trainerId) {
    throw new AppError(403, 'forbidden', 'Only the trainer renews from the portal; an admin uses Renew.');
  }
  return user;
}

/** The trainer's renewal and its fee; what renewal requires, set by administrators. */
function registerRenewalRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The configured provider, as the payment routes make it (it holds no state of its own).
  const provider = createPaymentProvider(deps);

  r.post(
    '/api/trainers/:id/certification-record/renewal',
    {
      schema: { params: trainerIdParams, response: { 200: renewalAnswerSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => renewFromPortal(deps, request.params.id, ownRenewal(request, request.params.id).id),
  );

  r.post(
    '/api/trainers/:id/certification-record/renewal/checkout',
    {
      schema: { params: trainerIdParams, response: { 200: renewalCheckoutAnswerSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      ownRenewal(request, request.params.id);
      return openRenewalFeeCheckout(deps, provider, request.params.id);
    },
  );

  r.get(
    '/api/admin/certification-settings',
    { schema: { response: { 200: certificationSettingsSchema } }, config: { access: 'admin' } },
    async () => getCertificationSettings(deps),
  );

  r.put(
    '/api/admin/certification-settings',
    {
      schema: { body: certificationSettingsInputSchema, response: { 200: certificationSettingsSchema } },
      config: { access: 'admin' },
    },
    async (request) => setRenewalRequirements(deps, currentAdmin(request).id, request.body.renewalRequires),
  );
}

function registerInsuranceRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/:id/insurance',
    {
      schema: { params: trainerIdParams, response: { 200: insuranceViewSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getInsuranceView(deps, request.params.id);
    },
  );

  r.put(
    '/api/trainers/:id/insurance',
    {
      schema: {
        params: trainerIdParams,
        body: insurancePolicyInputSchema,
        response: { 200: insuranceViewSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return submitPolicy(deps, request.params.id, currentUser(request).id, request.body);
    },
  );

  r.post(
    '/api/trainers/:id/insurance/certificate',
    {
      schema: { params: trainerIdParams, response: { 200: insuranceViewSchema } },
      config: { access: 'signed-in', bodyTypes: ['multipart/form-data'] },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return uploadCertificate(deps, request.params.id, await readUpload(request));
    },
  );

  r.get(
    '/api/trainers/:id/insurance/certificate',
    {
      schema: {
        params: trainerIdParams,
        response: {
          200: {
            content: {
              'application/pdf': { schema: FILE },
              'image/png': { schema: FILE },
              'image/jpeg': { schema: FILE },
            },
          },
        },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      assertCanReachTrainer(request, request.params.id);
      const file = await downloadCertificate(deps, request.params.id);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.data);
    },
  );

  r.post(
    '/api/trainers/:id/insurance/accept',
    {
      schema: {
        params: trainerIdParams,
        body: certificationActionSchema,
        response: { 200: insuranceViewSchema },
      },
      config: { access: 'admin' },
    },
    async (request) => acceptPolicy(deps, request.params.id, currentAdmin(request).id, request.body.reason),
  );
}
