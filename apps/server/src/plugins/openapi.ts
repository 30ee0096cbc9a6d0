import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The OpenAPI 3.1 description, built from every route's zod schemas (requests and 2xx answers). */
export const OPENAPI_PATH = '/api/openapi.json';
/** The readable reference page for integrators (Swagger UI), beside the description it reads. */
export const API_REFERENCE_PATH = '/api/reference';

/**
 * Registered before the routes: @fastify/swagger collects each route as it is added. Both the description and the
 * reference page are public: they say what the API accepts and answers, never anything stored.
 */
export async function useOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Soul Punch platform API',
        version: '1',
        description:
          'The API the Soul Punch web app uses. Answers are JSON; errors are `{ error: { code, message, fields? } }`. ' +
          'Signed-in calls carry the session cookie; calls that change something must come from the app origin.',
      },
      servers: [{ url: new URL(appUrl).origin }],
    },
    // The API only: the site's own files and pages (robots.txt, the sitemap, the web app) are not part of it.
    transform: (route) =>
      route.url.startsWith('/api/') ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url },
  });

  // The description's own shape, loosely: its parts are OpenAPI's, checked by the contract test's validator.
  const description = z.looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  });
  app.get(
    OPENAPI_PATH,
    { schema: { hide: true, response: { 200: description } }, config: { access: 'public' } },
    async () => app.swagger(),
  );

  await app.register(async (reference) => {
    // Swagger UI registers its own page, script and file routes: all public, like the description they show.
    reference.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await reference.register(fastifySwaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      uiConfig: { url: OPENAPI_PATH, deepLinking: true },
    });
  });
}
