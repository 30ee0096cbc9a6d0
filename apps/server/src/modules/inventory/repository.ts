import type { ItemKind } from '@soulpunch/shared';
import { sql } from 'kysely';
import type { InventoryItemRow, StockMovementsTable } from '../../db/schema-inventory';
import type { Executor, Trx } from '../../db/types';

/** What waits in shipments still to pack, per item: the stock they will take when they ship. */
const committed = sql<number>`coalesce((
  select sum(si.quantity) from shipment_items si
  join shipments s on s.id = si.shipment_id
  where si.item_id = inventory_items.id and s.status = 'to_pack'
), 0)`;

export async function listItems(db: Executor) {
  return db
    .selectFrom('inventoryItems')
    .selectAll()
    .select(committed.as('committed'))
    .orderBy('kind')
    .orderBy('name')
    .execute();
}

export async function findItem(db: Executor, id: number) {
  return db
    .selectFrom('inventoryItems')
    .selectAll()
    .select(committed.as('committed'))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The items under a row lock, in id order (two shipments locking the same items never wait on each other in a ring). */
export async function lockItems(trx: Trx, ids: readonly number[]): Promise<InventoryItemRow[]> {
  if (ids.length === 0) return [];
  return trx
    .selectFrom('inventoryItems')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function insertItem(
  trx: Trx,
  item: { kind: ItemKind; name: string; sku: string; reorderThreshold: number; at: Date },
): Promise<InventoryItemRow> {
  return trx
    .insertInto('inventoryItems')
    .values({
      kind: item.kind,
      name: item.name,
      sku: item.sku,
      stock: 0,
      reorderThreshold: item.reorderThreshold,
      createdAt: item.at,
      updatedAt: item.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateItem(
  trx: Trx,
  id: number,
  changes: Partial<Pick<InventoryItemRow, 'kind' | 'name' | 'sku' | 'reorderThreshold' | 'stock'>>,
  at: Date,
): Promise<InventoryItemRow> {
  return trx
    .updateTable('inventoryItems')
    .set({ ...changes, updatedAt: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function skuTaken(db: Executor, sku: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('inventoryItems').select('id').where('sku', '=', sku);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertMovement(trx: Trx, movement: Omit<StockMovementsTable, 'id'>): Promise<void> {
  await trx.insertInto('stockMovements').values(movement).execute();
}

/** An item's movements, newest first, with who made each. */
export async function listMovements(db: Executor, itemId: number, limit: number) {
  return db
    .selectFrom('stockMovements as m')
    .leftJoin('users as u', 'u.id', 'm.byUserId')
    .select([
      'm.id',
      'm.kind',
      'm.change',
      'm.stockAfter',
      'm.reason',
      'm.shipmentId',
      'm.at',
      'u.name as byName',
    ])
    .where('m.itemId', '=', itemId)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

/** The kit's lines in their order, with each item's name and shelf count. */
export async function listKit(db: Executor) {
  return db
    .selectFrom('starterKitItems as k')
    .innerJoin('inventoryItems as i', 'i.id', 'k.itemId')
    .select(['k.itemId', 'k.quantity', 'i.name', 'i.sku', 'i.stock'])
    .orderBy('k.position')
    .execute();
}

/** Replaces the whole kit in one go (the caller's transaction). */
export async function replaceKit(trx: Trx, lines: ReadonlyArray<{ itemId: number; quantity: number }>) {
  await trx.deleteFrom('starterKitItems').execute();
  if (lines.length === 0) return;
  await trx
    .insertInto('starterKitItems')
    .values(lines.map((line, position) => ({ ...line, position })))
    .execute();
}

/** Items with these ids that exist. */
export async function existingItemIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('inventoryItems')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Everything a trainer may ask to have replaced. */
export async function listCatalog(db: Executor) {
  return db
    .selectFrom('inventoryItems')
    .select(['id', 'name', 'kind'])
    .orderBy('kind')
    .orderBy('name')
    .execute();
}
