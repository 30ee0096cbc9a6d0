import type { Carrier, ShipmentStatus } from '@soulpunch/shared';
import type { ShipmentRow, ShipmentsTable } from '../../db/schema-inventory';
import type { Executor, Trx } from '../../db/types';

/** Answers hold at most this many shipments (the newest, or the oldest still to pack). */
export const SHIPMENT_LIST_LIMIT = 200;

const shipmentColumns = [
  's.id',
  's.trainerId',
  's.kind',
  's.status',
  's.carrier',
  's.trackingNumber',
  's.createdAt',
  's.shippedAt',
  's.deliveredAt',
  't.name as trainerName',
] as const;

function shipmentsQuery(db: Executor) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('trainers as t', 't.id', 's.trainerId')
    .leftJoin('replacementRequests as r', 'r.shipmentId', 's.id')
    .select([...shipmentColumns, 'r.id as replacementRequestId']);
}

export type ShipmentListRow = NonNullable<Awaited<ReturnType<typeof findShipment>>>;

export async function findShipment(db: Executor, id: number) {
  return shipmentsQuery(db).where('s.id', '=', id).executeTakeFirst();
}

/** Admin's list: the work queue oldest first when it is 'to pack', otherwise the newest first. */
export async function listShipments(db: Executor, status?: ShipmentStatus) {
  let q = shipmentsQuery(db);
  if (status) q = q.where('s.status', '=', status);
  return q
    .orderBy('s.id', status === 'to_pack' ? 'asc' : 'desc')
    .limit(SHIPMENT_LIST_LIMIT)
    .execute();
}

export async function listTrainerShipments(db: Executor, trainerId: number) {
  return shipmentsQuery(db)
    .where('s.trainerId', '=', trainerId)
    .orderBy('s.id', 'desc')
    .limit(SHIPMENT_LIST_LIMIT)
    .execute();
}

/** The lines of these shipments, with each item's name and SKU. */
export async function listShipmentLines(db: Executor, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .selectFrom('shipmentItems as si')
    .innerJoin('inventoryItems as i', 'i.id', 'si.itemId')
    .select(['si.shipmentId', 'si.itemId', 'si.quantity', 'i.name', 'i.sku'])
    .where('si.shipmentId', 'in', [...shipmentIds])
    .orderBy('si.shipmentId')
    .orderBy('i.name')
    .execute();
}

export async function lockShipment(trx: Trx, id: number): Promise<ShipmentRow | undefined> {
  return trx.selectFrom('shipments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * A new shipment 'to pack' with its lines. A second starter kit for the same trainer is refused by the unique
 * index and answers undefined, changing nothing.
 */
export async function insertShipment(
  trx: Trx,
  shipment: Pick<ShipmentsTable, 'trainerId' | 'kind' | 'createdAt'>,
  lines: ReadonlyArray<{ itemId: number; quantity: number }>,
): Promise<number | undefined> {
  const row = await trx
    .insertInto('shipments')
    .values({ ...shipment, status: 'to_pack' })
    .onConflict((oc) => oc.column('trainerId').where('kind', '=', 'starter_kit').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return undefined;
  if (lines.length > 0) {
    await trx
      .insertInto('shipmentItems')
      .values(lines.map((line) => ({ shipmentId: row.id, ...line })))
      .execute();
  }
  return row.id;
}

export async function setShipped(
  trx: Trx,
  id: number,
  shipped: { carrier: Carrier; trackingNumber: string; at: Date; by: number },
): Promise<void> {
  await trx
    .updateTable('shipments')
    .set({
      status: 'shipped',
      carrier: shipped.carrier,
      trackingNumber: shipped.trackingNumber,
      shippedAt: shipped.at,
      shippedBy: shipped.by,
    })
    .where('id', '=', id)
    .execute();
}

export async function setDelivered(trx: Trx, id: number, at: Date): Promise<void> {
  await trx
    .updateTable('shipments')
    .set({ status: 'delivered', deliveredAt: at })
    .where('id', '=', id)
    .execute();
}

/** The trainer a shipment goes to, with their e-mail (for the shipped notice). */
export async function findRecipient(db: Executor, trainerId: number) {
  return db
    .selectFrom('trainers')
    .select(['id', 'name', 'email'])
    .where('id', '=', trainerId)
    .executeTakeFirst();
}
