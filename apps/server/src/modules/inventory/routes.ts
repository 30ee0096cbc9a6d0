import multipart from '@fastify/multipart';
import {
  inventoryAnswerSchema,
  inventoryItemSchema,
  itemEditSchema,
  newItemSchema,
  REPLACEMENT_PHOTO_MAX_BYTES,
  replacementDecisionSchema,
  replacementInputSchema,
  replacementListQuerySchema,
  replacementRequestSchema,
  shipInputSchema,
  shipmentListQuerySchema,
  shipmentSchema,
  starterKitInputSchema,
  starterKitSchema,
  stockAdjustmentSchema,
  stockMovementSchema,
  trainerReplacementsSchema,
} from '@soulpunch/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { ZodTypeProvider } from '../../plugins/validation';
import { assertCanReachTrainer, currentAdmin } from '../auth/access';
import { readPictureUpload } from '../profiles/routes';
import { trainerIdParams } from '../trainers/routes';
import {
  attachPhoto,
  decideReplacement,
  getPhoto,
  getRequests,
  getTrainerReplacements,
  requestReplacement,
} from './replacements';
import {
  adjustStock,
  createItem,
  editItem,
  getMovements,
  getStarterKit,
  listInventory,
  saveStarterKit,
} from './service';
import { getShipments, getTrainerShipments, markDelivered, shipShipment } from './shipments';

/** An item's, a shipment's or a request's id: a positive int4, like a trainer's. */
const idParams = z.strictObject({ id: trainerIdParams.shape.id });
const requestParams = z.strictObject({ id: trainerIdParams.shape.id, requestId: trainerIdParams.shape.id });
const IMAGE = z.custom<Uint8Array>((bytes) => bytes instanceof Uint8Array).describe('A WebP image');

/** Inventory, the starter kit, shipments and replacement requests (decision record 0017). */
export async function inventoryRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(multipart, {
    limits: { fileSize: REPLACEMENT_PHOTO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  registerItemRoutes(app, deps);
  registerShipmentRoutes(app, deps);
  registerRequestRoutes(app, deps);
  registerTrainerRoutes(app, deps);
}

function registerItemRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/admin/inventory',
    { schema: { response: { 200: inventoryAnswerSchema } }, config: admin },
    async () => listInventory(deps.db),
  );
  r.post(
    '/api/admin/inventory/items',
    { schema: { body: newItemSchema, response: { 201: inventoryItemSchema } }, config: admin },
    async (request, reply) =>
      reply.status(201).send(await createItem(deps, request.body, currentAdmin(request).id)),
  );
  r.put(
    '/api/admin/inventory/items/:id',
    {
      schema: { params: idParams, body: itemEditSchema, response: { 200: inventoryItemSchema } },
      config: admin,
    },
    async (request) => editItem(deps, request.params.id, request.body),
  );
  r.post(
    '/api/admin/inventory/items/:id/adjustments',
    {
      schema: { params: idParams, body: stockAdjustmentSchema, response: { 200: inventoryItemSchema } },
      config: admin,
    },
    async (request) => adjustStock(deps, request.params.id, request.body, currentAdmin(request).id),
  );
  r.get(
    '/api/admin/inventory/items/:id/movements',
    { schema: { params: idParams, response: { 200: z.array(stockMovementSchema) } }, config: admin },
    async (request) => getMovements(deps.db, request.params.id),
  );
  r.get(
    '/api/admin/inventory/starter-kit',
    { schema: { response: { 200: starterKitSchema } }, config: admin },
    async () => getStarterKit(deps.db),
  );
  r.put(
    '/api/admin/inventory/starter-kit',
    { schema: { body: starterKitInputSchema, response: { 200: starterKitSchema } }, config: admin },
    async (request) => saveStarterKit(deps, request.body),
  );
}

function registerShipmentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/admin/shipments',
    {
      schema: { querystring: shipmentListQuerySchema, response: { 200: z.array(shipmentSchema) } },
      config: admin,
    },
    async (request) => getShipments(deps.db, request.query.status),
  );
  r.post(
    '/api/admin/shipments/:id/ship',
    { schema: { params: idParams, body: shipInputSchema, response: { 200: shipmentSchema } }, config: admin },
    async (request) => shipShipment(deps, request.params.id, request.body, currentAdmin(request).id),
  );
  r.post(
    '/api/admin/shipments/:id/deliver',
    { schema: { params: idParams, response: { 200: shipmentSchema } }, config: admin },
    async (request) => markDelivered(deps, request.params.id),
  );
}

function registerRequestRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };

  r.get(
    '/api/admin/replacement-requests',
    {
      schema: {
        querystring: replacementListQuerySchema,
        response: { 200: z.array(replacementRequestSchema) },
      },
      config: admin,
    },
    async (request) => getRequests(deps.db, request.query.status),
  );
  for (const decision of ['approve', 'decline'] as const) {
    r.post(
      `/api/admin/replacement-requests/:id/${decision}`,
      {
        schema: {
          params: idParams,
          body: replacementDecisionSchema,
          response: { 200: replacementRequestSchema },
        },
        config: admin,
      },
      async (request) =>
        decideReplacement(deps, request.params.id, decision, request.body.note, currentAdmin(request).id),
    );
  }
}

/** What a trainer sees and asks for from the portal (admins reach every trainer's). */
function registerTrainerRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { access: 'signed-in' as const };

  r.get(
    '/api/trainers/:id/shipments',
    { schema: { params: idParams, response: { 200: z.array(shipmentSchema) } }, config: signedIn },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getTrainerShipments(deps.db, request.params.id);
    },
  );
  r.get(
    '/api/trainers/:id/replacement-requests',
    { schema: { params: idParams, response: { 200: trainerReplacementsSchema } }, config: signedIn },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      return getTrainerReplacements(deps.db, request.params.id);
    },
  );
  r.post(
    '/api/trainers/:id/replacement-requests',
    {
      schema: { params: idParams, body: replacementInputSchema, response: { 201: replacementRequestSchema } },
      config: signedIn,
    },
    async (request, reply) => {
      assertCanReachTrainer(request, request.params.id);
      return reply.status(201).send(await requestReplacement(deps, request.params.id, request.body));
    },
  );
  r.post(
    '/api/trainers/:id/replacement-requests/:requestId/photo',
    {
      schema: { params: requestParams, response: { 200: replacementRequestSchema } },
      config: { ...signedIn, bodyTypes: ['multipart/form-data'] },
    },
    async (request) => {
      assertCanReachTrainer(request, request.params.id);
      const bytes = await readPictureUpload(request);
      return attachPhoto(deps, request.params.id, request.params.requestId, bytes);
    },
  );
  r.get(
    '/api/trainers/:id/replacement-requests/:requestId/photo',
    {
      schema: { params: requestParams, response: { 200: { content: { 'image/webp': { schema: IMAGE } } } } },
      config: signedIn,
    },
    async (request, reply) => {
      assertCanReachTrainer(request, request.params.id);
      const data = await getPhoto(deps, request.params.id, request.params.requestId);
      return reply
        .header('Content-Type', 'image/webp')
        .header('Content-Disposition', `inline; filename="replacement-${request.params.requestId}.webp"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  );
}
