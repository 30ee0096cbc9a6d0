import {
  accountAnswerSchema,
  adminRoleRequestSchema,
  newTrainerSchema,
  trainerEmailSchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../plugins/validation';
import { currentAdmin } from '../auth/access';
import { addTrainer, grantAdmin, listAdministrators, revokeAdmin } from './service';

export async function adminRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/trainers',
    {
      schema: { body: newTrainerSchema, response: { 201: accountAnswerSchema } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await addTrainer(deps, request.body, currentAdmin(request))),
  );

  r.get(
    '/api/admin/administrators',
    { schema: { response: { 200: z.array(accountAnswerSchema) } }, config: { access: 'admin' } },
    async () => listAdministrators(deps.db),
  );

  r.post(
    '/api/admin/administrators',
    {
      schema: { body: adminRoleRequestSchema, response: { 201: accountAnswerSchema } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send((await grantAdmin(deps, request.body.email, currentAdmin(request))).account),
  );

  r.delete(
    '/api/admin/administrators/:email',
    {
      schema: { params: z.strictObject({ email: trainerEmailSchema }), response: { 204: z.undefined() } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await revokeAdmin(deps, request.params.email, currentAdmin(request));
      return reply.status(204).send();
    },
  );
}
