import {
  type AdminResource,
  type AdminResourceList,
  adminResourceListSchema,
  adminResourceSchema,
  removedResourceSchema,
  resourceInputSchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../lib/app-error';
import type { ZodTypeProvider } from '../../plugins/validation';
import { retireResourceArticle, syncResourceArticles } from '../assistant/knowledge';
import { currentAdmin } from '../auth/access';
import { trainerIdParams } from '../trainers/routes';
import {
  categoryExists,
  deleteResourceRow,
  insertResource,
  listAllResourcesWithCategory,
  listCategoryChoices,
  lockResource,
  resourceWasVisited,
  retireResourceRow,
  updateResourceRow,
} from './repository';

/**
 * Admins edit the portal's resources catalogue. Each change rewrites the assistant's article about the resource in
 * the same transaction, so the next answer already knows it. A resource someone opened is retired, not deleted.
 */

type ParsedResource = z.output<typeof resourceInputSchema>;
const RESOURCE_NOT_FOUND = 'No such resource.';

export async function listAdminResources(db: Db): Promise<AdminResourceList> {
  const [categories, rows] = await Promise.all([listCategoryChoices(db), listAllResourcesWithCategory(db)]);
  return {
    categories,
    resources: rows.map(
      (r): AdminResource => ({
        id: r.id,
        name: r.name,
        description: r.description,
        badge: r.badge,
        details: r.details,
        url: r.url,
        kind: r.kind,
        categoryId: r.categoryId,
        categoryName: r.categoryName,
        order: r.position,
        startsOn: r.startsOn,
        endsOn: r.endsOn,
        retiredAt: r.retiredAt ? new Date(r.retiredAt).toISOString() : null,
      }),
    ),
  };
}

async function assertCategory(db: Db, input: ParsedResource) {
  if (input.categoryId === null) return;
  if (!(await categoryExists(db, input.categoryId)))
    throw badRequest('unknown_category', 'Please choose one of the categories.', {
      categoryId: 'Unknown category',
    });
}

const toRow = (input: ParsedResource) => ({
  name: input.name,
  description: input.description,
  badge: input.badge,
  details: input.details,
  url: input.url,
  kind: input.kind,
  categoryId: input.categoryId,
  position: input.order,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
});

async function getAdminResource(db: Db, id: number): Promise<AdminResource> {
  const found = (await listAdminResources(db)).resources.find((r) => r.id === id);
  if (!found) throw notFound(RESOURCE_NOT_FOUND);
  return found;
}

export async function createResource(db: Db, input: ParsedResource, userId: number, now: Date) {
  await assertCategory(db, input);
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertResource(trx, toRow(input));
    await syncResourceArticles(trx, [id], userId, now);
    return id;
  });
  return getAdminResource(db, id);
}

export async function updateResource(db: Db, id: number, input: ParsedResource, userId: number, now: Date) {
  await assertCategory(db, input);
  await db.transaction().execute(async (trx) => {
    if (!(await updateResourceRow(trx, id, toRow(input)))) throw notFound(RESOURCE_NOT_FOUND);
    await syncResourceArticles(trx, [id], userId, now);
  });
  return getAdminResource(db, id);
}

/** Deletes a resource nobody opened; one with visits is retired instead, so no trainer's record is lost. */
export async function removeResource(db: Db, id: number, userId: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    if (!(await lockResource(trx, id))) throw notFound(RESOURCE_NOT_FOUND);
    if (await resourceWasVisited(trx, id)) {
      await retireResourceRow(trx, id, now);
      await syncResourceArticles(trx, [id], userId, now);
      return { outcome: 'retired' as const };
    }
    await retireResourceArticle(trx, id, now);
    await deleteResourceRow(trx, id);
    return { outcome: 'deleted' as const };
  });
}

export async function resourceAdminRoutes(app: FastifyInstance, { db, clock }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/resources',
    { schema: { response: { 200: adminResourceListSchema } }, config: { access: 'admin' } },
    async () => listAdminResources(db),
  );

  r.post(
    '/api/admin/resources',
    {
      schema: { body: resourceInputSchema, response: { 201: adminResourceSchema } },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await createResource(db, request.body, currentAdmin(request).id, clock.now())),
  );

  r.put(
    '/api/admin/resources/:id',
    {
      schema: { params: trainerIdParams, body: resourceInputSchema, response: { 200: adminResourceSchema } },
      config: { access: 'admin' },
    },
    async (request) =>
      updateResource(db, request.params.id, request.body, currentAdmin(request).id, clock.now()),
  );

  r.delete(
    '/api/admin/resources/:id',
    {
      schema: { params: trainerIdParams, response: { 200: removedResourceSchema } },
      config: { access: 'admin' },
    },
    async (request) => removeResource(db, request.params.id, currentAdmin(request).id, clock.now()),
  );
}
