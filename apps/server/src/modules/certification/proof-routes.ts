import {
  credentialStatusAnswerSchema,
  issuerProfileSchema,
  jwkSetSchema,
  publicCertificateSchema,
  publicJwkSchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/app-error';
import { enforceRateLimits } from '../../lib/rate-limit';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer } from '../auth/access';
import { trainerIdParams } from '../trainers/routes';
import { certificatePdf } from './certificate-pdf';
import { issueCredential } from './credential';
import { publishedKey, publishedKeys } from './credential-keys';
import { credentialStatusOf, issuerProfile, lookUpCertificate } from './proof';

/** Any text: a malformed number is looked up like an unknown one (the same 404), never refused as invalid. */
const numberParams = z.strictObject({ number: z.string() });
const thumbprintParams = z.strictObject({ thumbprint: z.string().max(64) });
/** Public look-ups by certificate number, per address: as many as a person checking trainers needs. */
const LOOKUPS = { limit: 60, windowSeconds: 600 };

const PDF_FILE = z.custom<Uint8Array>((bytes) => bytes instanceof Uint8Array).describe('A sealed PDF');
const JWT_TEXT = z.string().describe('A VC-JWT: the credential as a compact JWS (EdDSA)');

/**
 * Proof of certification (decision record 0015): the certificate PDF and the digital credential for the trainer
 * and admins; the verify page's look-up, the credential's status, the issuer and its keys for anyone.
 */
export async function certificateProofRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/:id/certificate.pdf',
    {
      schema: {
        params: trainerIdParams,
        response: { 200: { content: { 'application/pdf': { schema: PDF_FILE } } } },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      assertCanReachTrainer(request, request.params.id);
      const { pdf, filename } = await certificatePdf(deps, request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  r.get(
    '/api/trainers/:id/certificate.jwt',
    {
      schema: {
        params: trainerIdParams,
        response: { 200: { content: { 'application/vc+jwt': { schema: JWT_TEXT } } } },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      assertCanReachTrainer(request, request.params.id);
      const { jwt, filename } = await issueCredential(deps, request.params.id);
      return reply
        .type('application/vc+jwt')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(jwt);
    },
  );

  r.get(
    '/api/certificates/:number',
    {
      schema: { params: numberParams, response: { 200: publicCertificateSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await enforceRateLimits(deps.db, [{ key: `certificate:ip:${request.ip}`, ...LOOKUPS }]);
      reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      return lookUpCertificate(deps, request.params.number);
    },
  );

  r.get(
    '/api/credentials/status/:number',
    {
      schema: { params: numberParams, response: { 200: credentialStatusAnswerSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await enforceRateLimits(deps.db, [{ key: `credential-status:ip:${request.ip}`, ...LOOKUPS }]);
      reply.header('Cache-Control', 'no-store');
      return credentialStatusOf(deps, request.params.number);
    },
  );

  r.get(
    '/api/credentials/issuer',
    { schema: { response: { 200: issuerProfileSchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return issuerProfile(deps.config);
    },
  );

  r.get(
    '/api/credentials/keys/:thumbprint',
    {
      schema: { params: thumbprintParams, response: { 200: publicJwkSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const key = await publishedKey(deps, request.params.thumbprint);
      if (!key) throw notFound('No such key.');
      reply.header('Cache-Control', 'public, max-age=3600');
      return key;
    },
  );

  // Where verifiers look for an issuer's keys; outside /api, as the well-known address is.
  r.get(
    '/.well-known/jwks.json',
    { schema: { response: { 200: jwkSetSchema } }, config: { access: 'public' } },
    async (_request, reply) => {
      // Short: a rotation's new key must reach verifiers before the credentials it signs.
      reply.header('Cache-Control', 'public, max-age=300').type('application/jwk-set+json; charset=utf-8');
      return publishedKeys(deps);
    },
  );
}
