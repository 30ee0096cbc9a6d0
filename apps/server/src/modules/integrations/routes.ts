import { integrationsAnswerSchema, mailTestAnswerSchema } from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../plugins/validation';
import { currentAdmin } from '../auth/access';
import { getIntegrations, sendTestEmail } from './service';

/** Settings > Integrations: read by the admin area; the test e-mail is sent by administrators. */
export async function integrationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/integrations',
    { schema: { response: { 200: integrationsAnswerSchema } }, config: { access: 'admin' } },
    async () => getIntegrations(deps),
  );

  r.post(
    '/api/admin/integrations/mail/test',
    { schema: { response: { 200: mailTestAnswerSchema } }, config: { access: 'admin' } },
    async (request) => sendTestEmail(deps, currentAdmin(request)),
  );
}
