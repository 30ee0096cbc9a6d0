import {
  type MapTilesAnswer,
  mapTilesAnswerSchema,
  publicTrainerQuerySchema,
  publicTrainerSchema,
  stateCountSchema,
  trainerMarkerFeedSchema,
  trainerMarkerQuerySchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Listen } from '../../db/database';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../plugins/validation';
import { trainerIdParams } from '../trainers/routes';
import { answerKnownAddress, createPublicCache, type PublicCache, sendCached } from './public-cache';
import {
  countPublicTrainersByState,
  getPublicTrainer,
  listPublicTrainers,
  listTrainerMarkers,
} from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The directory's public answers, ready to send (see usePublicDirectoryCache). */
    publicDirectoryCache: PublicCache;
  }
}

const CHANNEL = 'public_directory';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The directory's answers are built once and kept as compressed bytes until what they show changes. Database
 * triggers announce every change to trainers, profiles, classes, documents and class registrations (migrations
 * 0011, 0012), whoever makes it (this instance, another one, a scheduled job, a script): that announcement, and
 * nothing else, drops them. A sign-in, a logout or a refused write changes nothing public and keeps them.
 */
export async function usePublicDirectoryCache(app: FastifyInstance, listen: Listen) {
  const cache = createPublicCache();
  app.decorate('publicDirectoryCache', cache);
  const listening = await listen(CHANNEL, {
    onNotify: cache.invalidate,
    onMissed: cache.invalidate,
    log: app.log,
  });
  // The database may already be closed by then: stopping is best effort.
  app.addHook('onClose', async () => listening.stop().catch(() => {}));
  // A write's own announcement travels back on the listening connection: wait for it before the answer leaves,
  // so a client that reads right after its write never gets the old copy. Without word from the database
  // (no listening connection at the moment), drop the answers to be safe. A refused write changed nothing (had
  // it, its announcement would still drop them).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    listening.sync().then((heard) => {
      if (!heard) cache.invalidate();
      done(null, payload);
    });
  });
}

/** The first upcoming class in an answer: when it starts, the answer is out of date. */
function firstClassStart(trainers: { upcomingClasses: { start: string }[] }[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const t of trainers) for (const c of t.upcomingClasses) first = Math.min(first, Date.parse(c.start));
  return first;
}

export async function directoryRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.publicDirectoryCache;
  // The answers are compressed once, in the cache, not by @fastify/compress at every request.
  const route = {
    compress: false as const,
    config: { access: 'public' as const },
    onRequest: answerKnownAddress(cache),
  };

  r.get(
    '/api/public-trainers',
    {
      ...route,
      schema: { querystring: publicTrainerQuerySchema, response: { 200: z.array(publicTrainerSchema) } },
    },
    async (request, reply) => {
      return sendCached(cache, request, reply, `list ${JSON.stringify(request.query)}`, async () => {
        const { items, total } = await listPublicTrainers(db, request.query);
        return {
          body: items,
          headers: { 'X-Total-Count': String(total) },
          expiresAt: firstClassStart(items),
        };
      });
    },
  );

  r.get(
    '/api/public-trainers/markers',
    {
      ...route,
      schema: { querystring: trainerMarkerQuerySchema, response: { 200: trainerMarkerFeedSchema } },
    },
    async (request, reply) => {
      return sendCached(cache, request, reply, `markers ${JSON.stringify(request.query)}`, async () => ({
        body: await listTrainerMarkers(db, request.query),
      }));
    },
  );

  // Whether the map draws a provider's tiles (MAP_TILE_URL) or only the bundled atlas of the states.
  r.get(
    '/api/public-trainers/map-tiles',
    { schema: { response: { 200: mapTilesAnswerSchema } }, config: { access: 'public' as const } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { tiles: app.config.mapTiles } satisfies MapTilesAnswer;
    },
  );

  r.get(
    '/api/public-trainers/states',
    { ...route, schema: { response: { 200: z.array(stateCountSchema) } } },
    async (request, reply) => {
      return sendCached(cache, request, reply, 'states', async () => ({
        body: await countPublicTrainersByState(db),
      }));
    },
  );

  r.get(
    '/api/public-trainers/:id',
    { ...route, schema: { params: trainerIdParams, response: { 200: publicTrainerSchema } } },
    async (request, reply) => {
      return sendCached(cache, request, reply, `trainer ${request.params.id}`, async () => {
        const trainer = await getPublicTrainer(db, request.params.id);
        return { body: trainer, expiresAt: firstClassStart([trainer]) };
      });
    },
  );
}
