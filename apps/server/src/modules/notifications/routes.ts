import { notificationPreferencesSchema, notificationPreferencesUpdateSchema } from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../plugins/validation';
import { currentUser } from '../auth/access';
import { getNotificationPreferences, saveNotificationPreferences } from './service';

/** Each person's own notification choices: administrators and staff on Settings, trainers on their profile. */
export async function notificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notification-preferences',
    { schema: { response: { 200: notificationPreferencesSchema } }, config: { access: 'signed-in' } },
    async (request) => getNotificationPreferences(deps.db, currentUser(request)),
  );

  r.put(
    '/api/notification-preferences',
    {
      schema: {
        body: notificationPreferencesUpdateSchema,
        response: { 200: notificationPreferencesSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request) => saveNotificationPreferences(deps, currentUser(request), request.body),
  );
}
