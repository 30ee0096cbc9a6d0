import {
  type MapTilesAnswer,
  mapTilesAnswerSchema,
  PUBLIC_TRAINERS_PAGE_SIZE,
  publicTrainerQuerySchema,
  publicTrainerSchema,
  stateCountSchema,
  trainerMarkerFeedSchema,
  trainerMarkerQuerySchema,
} from '@soulpunch/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Listen, Listening } from '../../db/database';
import type { AppDeps } from '../../deps';
import type { Clock } from '../../lib/clock';
import type { ZodTypeProvider } from '../../plugins/validation';
import { trainerIdParams } from '../trainers/routes';
import { answerKnownAddressesFirst, type FastPath } from './fast-path';
import { createPublicCache, MAX_STALE_MS, type PublicCache } from './public-cache';
import { isAnnouncedTable, TRAINER_ANSWER, TRAINER_STANDING } from './public-tables';
import { answerKnownAddress, JUST_WROTE_COOKIE, sendCached } from './send-answer';
import { getPublicTrainer, listPublicTrainers, listTrainerMarkers, shareListedCounts } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The directory's public answers, ready to send (see usePublicDirectoryCache). */
    publicDirectoryCache: PublicCache;
    /** Sends the public answers before routing (fast-path.ts); stopped when the process shuts down. */
    publicFastPath: FastPath;
  }
}

const CHANNEL = 'public_directory';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The directory's answers are built once and kept as compressed bytes until what they show changes. Database
 * triggers announce every change to trainers, profiles, classes, documents and class registrations (migrations
 * 0011, 0012), whoever makes it (this instance, another one, a scheduled job, a script): that announcement, and
 * nothing else, makes them out of date, and they are rebuilt in the background while the old copy is sent for up
 * to 2 s (decision record 0012). A sign-in, a logout or a refused write changes nothing public and keeps them.
 */
/**
 * Returns once the hooks are in place; the promise it returns settles once the listening connection is open (an
 * embedded database answers only once it has started: the app goes on registering its routes meanwhile, and
 * awaits it before it listens).
 */
export function usePublicDirectoryCache(app: FastifyInstance, listen: Listen, clock: Clock): Promise<void> {
  // Answers expire as classes start by the app's clock, the one every rule about them reads.
  const cache = createPublicCache({
    now: () => clock.now().getTime(),
    onRebuildError: (err, key) => app.log.warn({ err, key }, 'rebuilding a public answer failed'),
  });
  app.decorate('publicDirectoryCache', cache);
  app.decorate('publicFastPath', answerKnownAddressesFirst(app.server, cache, app.config, app.log));
  let listening: Listening | undefined;
  const opened = listen(CHANNEL, {
    // The notice names the table that changed (migration 0027); any other notice, or a gap, touches everything.
    onNotify: (table) => cache.invalidate(isAnnouncedTable(table) ? table : undefined),
    onMissed: () => cache.invalidate(),
    log: app.log,
  }).then((opening) => {
    listening = opening;
  });
  // The database may already be closed by then: stopping is best effort.
  app.addHook('onClose', async () => {
    await opened.catch(() => {});
    await listening?.stop().catch(() => {});
  });
  // A write's own announcement travels back on the listening connection: its answer waits for it (one round trip),
  // so that the answers are marked out of date before the writer reads again. Without word from the database (no
  // listening connection at the moment) they are marked here. When something public changed meanwhile, the writer's
  // browser gets the current answers for 2 s (JUST_WROTE_COOKIE); others may get the old copy until the rebuild.
  const changesBefore = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    if (!SAFE_METHODS.has(request.method)) changesBefore.set(request, cache.changes);
    done();
  });
  const wroteCookie = app.serializeCookie(JUST_WROTE_COOKIE, '1', {
    path: '/',
    maxAge: MAX_STALE_MS / 1000,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.appUrl.startsWith('https://'),
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const before = changesBefore.get(request);
    if (before === undefined || reply.statusCode >= 400) return done(null, payload);
    // Requests come after buildApp awaited the listening connection: `listening` is set by then.
    (listening?.sync() ?? Promise.resolve(false)).then((heard) => {
      if (!heard) cache.invalidate();
      if (cache.changes > before) reply.header('set-cookie', wroteCookie);
      done(null, payload);
    });
  });
  return opened;
}

/** The list's next page: the same filters and page size, from `offset`. */
function nextPageUrl(query: Record<string, string | number | undefined>, offset: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'offset') params.set(name, String(value));
  }
  params.set('offset', String(offset));
  return `/api/public-trainers?${params}`;
}

/** The first upcoming class in an answer: when it starts, the answer is out of date. */
function firstClassStart(trainers: { upcomingClasses: { start: string }[] }[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const t of trainers) for (const c of t.upcomingClasses) first = Math.min(first, Date.parse(c.start));
  return first;
}

export async function directoryRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = app.publicDirectoryCache;
  // Counted once after a change for the state counts and every unfiltered list page.
  const listedCounts = shareListedCounts(db, () => cache.changes);
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
      // The build is kept for the rebuilds: it holds the query, not the request.
      const query = { ...request.query, limit: request.query.limit ?? PUBLIC_TRAINERS_PAGE_SIZE };
      return sendCached(cache, request, reply, `list ${JSON.stringify(request.query)}`, async () => {
        const { items, total } = await listPublicTrainers(db, query, clock.now(), listedCounts);
        const next = query.offset + items.length;
        return {
          body: items,
          headers: {
            'X-Total-Count': String(total),
            ...(items.length > 0 && next < total
              ? { Link: `<${nextPageUrl(query, next)}>; rel="next"` }
              : {}),
          },
          expiresAt: firstClassStart(items),
          reads: TRAINER_ANSWER,
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
      const { query } = request;
      return sendCached(cache, request, reply, `markers ${JSON.stringify(query)}`, async () => ({
        json: await listTrainerMarkers(db, query),
        reads: TRAINER_STANDING,
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
        body: (await listedCounts()).states,
        reads: TRAINER_STANDING,
      }));
    },
  );

  r.get(
    '/api/public-trainers/:id',
    { ...route, schema: { params: trainerIdParams, response: { 200: publicTrainerSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(cache, request, reply, `trainer ${id}`, async () => {
        const trainer = await getPublicTrainer(db, id, clock.now());
        return { body: trainer, expiresAt: firstClassStart([trainer]), reads: TRAINER_ANSWER };
      });
    },
  );
}
