import {
  auditEventSchema,
  campaignViewSchema,
  chainCheckSchema,
  documentDetailSchema,
  documentRoundSchema,
  documentSummarySchema,
  documentTemplateViewSchema,
  esignConsentSchema,
  esignConsentStateSchema,
  signDocumentSchema,
  templateDraftSchema,
  trainerStandingSchema,
  verifyFactsSchema,
  verifyResultSchema,
} from '@soulpunch/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { enforceRateLimits } from '../../lib/rate-limit';
import type { ScheduledJob } from '../../lib/scheduler';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentUser } from '../auth/access';
import { getTrainerStanding } from '../standing/service';
import { trainerIdParams } from '../trainers/routes';
import { verifyAuditChain } from './audit';
import {
  checkDocumentStatus,
  downloadSignedPdf,
  getConsentState,
  getDocumentDetail,
  giveConsent,
  listAllDocuments,
  listAuditEvents,
  listTrainerDocuments,
  publicDocumentFacts,
  resendDocument,
  runDocumentSchedule,
  sendDocumentReminder,
  signDocument,
  verifyUploadedPdf,
  withdrawConsent,
} from './service';
import {
  getCampaign,
  listTemplates,
  parseDocumentType,
  previewTemplate,
  publishTemplateVersion,
} from './templates';

const templateParams = z.strictObject({ type: z.string().min(1).max(40) });
const documentParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** The check code printed with the document's verify address (its QR code). */
const verifyQuery = z.strictObject({ code: z.string().max(64).optional() });

const contextOf = (request: FastifyRequest) => ({
  user: request.user,
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

const signedInUser = currentUser;

/** The PDF routes answer the file itself, not JSON. */
const PDF_FILE = z.custom<Uint8Array>((bytes) => bytes instanceof Uint8Array).describe('A PDF file');

export async function documentRoutes(app: FastifyInstance, deps: AppDeps) {
  registerDocumentListRoutes(app, deps);
  registerOneDocumentRoutes(app, deps);
  registerTrainerDocumentRoutes(app, deps);
  registerTemplateRoutes(app, deps);
  registerEsignConsentRoutes(app, deps);
  await registerVerificationRoutes(app, deps);
}

/** Admin: every document, the reminder and expiry round run now, the audit chain's check. */
function registerDocumentListRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/documents',
    { schema: { response: { 200: z.array(documentSummarySchema) } }, config: { access: 'admin' } },
    async () => listAllDocuments(deps.db),
  );
  r.post(
    '/api/documents/refresh',
    { schema: { response: { 200: documentRoundSchema } }, config: { access: 'admin' } },
    async (request) => runDocumentSchedule(deps, deps.clock.now(), request.log),
  );
  r.post(
    '/api/documents/audit/verify',
    { schema: { response: { 200: chainCheckSchema } }, config: { access: 'admin' } },
    async () => verifyAuditChain(deps.db),
  );
}

/** One document: read, signed and downloaded by its trainer (or an admin); followed up by an admin. */
function registerOneDocumentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/documents/:id',
    {
      schema: { params: documentParams, response: { 200: documentDetailSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => getDocumentDetail(deps, request.params.id, contextOf(request)),
  );
  r.post(
    '/api/documents/:id/check-status',
    {
      schema: { params: documentParams, response: { 200: documentSummarySchema } },
      config: { access: 'admin' },
    },
    async (request) => checkDocumentStatus(deps, request.params.id),
  );
  r.post(
    '/api/documents/:id/send-reminder',
    {
      schema: { params: documentParams, response: { 200: documentSummarySchema } },
      config: { access: 'admin' },
    },
    async (request) => sendDocumentReminder(deps, request.params.id, signedInUser(request)),
  );
  r.post(
    '/api/documents/:id/resend',
    {
      schema: { params: documentParams, response: { 200: documentSummarySchema } },
      config: { access: 'admin' },
    },
    async (request) => resendDocument(deps, request.params.id, signedInUser(request)),
  );
  r.get(
    '/api/documents/:id/audit',
    {
      schema: { params: documentParams, response: { 200: z.array(auditEventSchema) } },
      config: { access: 'admin' },
    },
    async (request) => listAuditEvents(deps.db, request.params.id),
  );
  r.post(
    '/api/documents/:id/sign',
    {
      schema: { params: documentParams, body: signDocumentSchema, response: { 200: documentSummarySchema } },
      config: { access: 'signed-in' },
    },
    async (request) => signDocument(deps, request.params.id, contextOf(request), request.body),
  );
  r.get(
    '/api/documents/:id/pdf',
    {
      schema: {
        params: documentParams,
        response: { 200: { content: { 'application/pdf': { schema: PDF_FILE } } } },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const { pdf, filename } = await downloadSignedPdf(deps, request.params.id, contextOf(request));
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}

/** A trainer's documents and the standing they give, for that trainer or an admin. */
function registerTrainerDocumentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/:id/documents',
    {
      schema: { params: trainerIdParams, response: { 200: z.array(documentSummarySchema) } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return listTrainerDocuments(deps.db, request.params.id);
    },
  );
  r.get(
    '/api/trainers/:id/standing',
    {
      schema: { params: trainerIdParams, response: { 200: trainerStandingSchema } },
      config: { access: 'signed-in' },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getTrainerStanding(deps.db, request.params.id);
    },
  );
}

/** Admin: the document templates, a draft's preview, a new version and its campaign. */
function registerTemplateRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/document-templates',
    { schema: { response: { 200: z.array(documentTemplateViewSchema) } }, config: { access: 'admin' } },
    async () => listTemplates(deps.db),
  );
  r.post(
    '/api/document-templates/:type/preview',
    {
      schema: {
        params: templateParams,
        body: templateDraftSchema,
        response: { 200: { content: { 'application/pdf': { schema: PDF_FILE } } } },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      parseDocumentType(request.params.type);
      const pdf = await previewTemplate(request.body);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'inline; filename="preview.pdf"')
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
  r.post(
    '/api/document-templates/:type/versions',
    {
      schema: {
        params: templateParams,
        body: templateDraftSchema,
        response: { 200: documentTemplateViewSchema },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      publishTemplateVersion(
        deps,
        parseDocumentType(request.params.type),
        request.body,
        signedInUser(request),
      ),
  );
  r.get(
    '/api/document-templates/:type/campaign',
    {
      schema: { params: templateParams, response: { 200: campaignViewSchema } },
      config: { access: 'admin' },
    },
    async (request) => getCampaign(deps.db, parseDocumentType(request.params.type)),
  );
}

/** The signed-in user's consent to signing electronically: read, given, withdrawn. */
function registerEsignConsentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/esign-consent',
    { schema: { response: { 200: esignConsentStateSchema } }, config: { access: 'signed-in' } },
    async (request) => getConsentState(deps.db, signedInUser(request).id),
  );
  r.post(
    '/api/esign-consent',
    {
      schema: { body: esignConsentSchema, response: { 200: esignConsentStateSchema } },
      config: { access: 'signed-in' },
    },
    async (request) =>
      giveConsent(deps, { ...contextOf(request), user: signedInUser(request) }, request.body),
  );
  r.delete(
    '/api/esign-consent',
    { schema: { response: { 200: esignConsentStateSchema } }, config: { access: 'signed-in' } },
    async (request) => withdrawConsent(deps, signedInUser(request).id),
  );
}

/** Anyone may check a document: the file's own bytes (raw PDF body) or the facts behind a certificate's QR code. */
async function registerVerificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: 10 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/api/verify',
      {
        schema: { response: { 200: verifyResultSchema } },
        config: { access: 'public', bodyTypes: ['application/pdf'] },
        bodyLimit: 10 * 1024 * 1024,
      },
      async (request) => {
        await enforceRateLimits(deps.db, [
          { key: `verify-pdf:ip:${request.ip}`, limit: 30, windowSeconds: 600 },
        ]);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return verifyUploadedPdf(deps, body, contextOf(request));
      },
    );
  });
  r.get(
    '/api/verify/:id',
    {
      schema: { params: documentParams, querystring: verifyQuery, response: { 200: verifyFactsSchema } },
      config: { access: 'public' },
    },
    async (request) => {
      await enforceRateLimits(deps.db, [
        { key: `verify-facts:ip:${request.ip}`, limit: 60, windowSeconds: 600 },
      ]);
      return publicDocumentFacts(deps, request.params.id, request.query.code);
    },
  );
}

export function documentJobs(deps: AppDeps, log?: FastifyBaseLogger): ScheduledJob[] {
  return [
    {
      name: 'documents:reminders-and-expiry',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => runDocumentSchedule(deps, now, log),
    },
  ];
}
