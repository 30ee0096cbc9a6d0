import { emailSchema } from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { isAdmin } from '../auth/access';
import { findTrainerByEmail } from './repository';

export async function trainerRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/trainers/by-email/:email',
    { schema: { params: z.strictObject({ email: emailSchema }) }, config: { access: 'signed-in' } },
    async (request) => {
      const { email } = request.params;
      // A trainer may look up only themselves; admins anyone.
      if (!isAdmin(request.user) && request.user?.email !== email) throw forbidden();
      const trainer = await findTrainerByEmail(db, email);
      if (!trainer) throw notFound(`Could not find trainer profile for ${email}`);
      return trainer;
    },
  );
}
