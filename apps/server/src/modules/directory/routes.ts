import { publicTrainerQuerySchema } from '@soulpunch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { ZodTypeProvider } from '../../plugins/validation';
import { trainerIdParams } from '../trainers/routes';
import {
  countPublicTrainersByState,
  directoryVersion,
  etagFor,
  getPublicTrainer,
  listPublicTrainers,
} from './service';

// Browsers and proxies may reuse a copy for 30 s (the spec's stale time), then revalidate with the ETag.
const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

export async function directoryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Answers 304 when the client's copy is current; otherwise sets the validators and lets the route build. */
  async function notModified(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const etag = etagFor(await directoryVersion(db), request.url);
    reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL);
    if (request.headers['if-none-match'] === etag) {
      reply.status(304).send();
      return true;
    }
    return false;
  }

  r.get(
    '/api/public-trainers',
    { schema: { querystring: publicTrainerQuerySchema }, config: { access: 'public' } },
    async (request, reply) => {
      if (await notModified(request, reply)) return reply;
      const { items, total } = await listPublicTrainers(db, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  r.get('/api/public-trainers/states', { config: { access: 'public' } }, async (request, reply) => {
    if (await notModified(request, reply)) return reply;
    return countPublicTrainersByState(db);
  });

  r.get(
    '/api/public-trainers/:id',
    { schema: { params: trainerIdParams }, config: { access: 'public' } },
    async (request, reply) => {
      if (await notModified(request, reply)) return reply;
      return getPublicTrainer(db, request.params.id);
    },
  );
}
