import {
  accountAnswerSchema,
  adminRoleRequestSchema,
  newTrainerSchema,
  roleChangeSchema,
  trainerEmailSchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../plugins/validation';
import { currentAdmin } from '../auth/access';
import {
  addTrainer,
  getRoleChanges,
  grantAdmin,
  grantStaff,
  listAdministrators,
  listStaff,
  revokeAdmin,
  revokeStaff,
} from './service';

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

  registerStaffRoutes(app, deps);
}

/** The read-only staff role (decision record 0016): listed to the admin area, granted and removed by admins. */
function registerStaffRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/staff',
    { schema: { response: { 200: z.array(accountAnswerSchema) } }, config: { access: 'admin' } },
    async () => listStaff(deps.db),
  );

  r.post(
    '/api/admin/staff',
    {
      schema: { body: adminRoleRequestSchema, response: { 201: accountAnswerSchema } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send((await grantStaff(deps, request.body.email, currentAdmin(request))).account),
  );

  r.delete(
    '/api/admin/staff/:email',
    {
      schema: { params: z.strictObject({ email: trainerEmailSchema }), response: { 204: z.undefined() } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await revokeStaff(deps, request.params.email, currentAdmin(request));
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/admin/role-changes',
    { schema: { response: { 200: z.array(roleChangeSchema) } }, config: { access: 'admin' } },
    async () => getRoleChanges(deps.db),
  );
}
