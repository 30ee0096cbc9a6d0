import {
  becomesLowStock,
  type InventoryAnswer,
  type InventoryItem,
  type ItemEdit,
  isLowStock,
  type NewItem,
  type StarterKit,
  type StarterKitInput,
  type StockMovement,
  stockAfter,
} from '@soulpunch/shared';
import type { InventoryItemRow } from '../../db/schema-inventory';
import type { Executor, Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { deliverMail } from '../mail/queue';
import { notifyStaff } from '../notifications/service';
import { lowStockNotice } from './mail';
import {
  existingItemIds,
  findItem,
  insertItem,
  insertMovement,
  listItems,
  listKit,
  listMovements,
  lockItems,
  replaceKit,
  skuTaken,
  updateItem,
} from './repository';
import { insertShipment } from './shipments-repository';

const ITEM_NOT_FOUND = 'This inventory item does not exist.';
const MOVEMENTS_SHOWN = 100;

type ItemWithCommitted = InventoryItemRow & { committed: number };

function itemView(row: ItemWithCommitted): InventoryItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    sku: row.sku,
    stock: row.stock,
    reorderThreshold: row.reorderThreshold,
    lowStock: isLowStock(row.stock, row.reorderThreshold),
    committed: Number(row.committed),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listInventory(db: Executor): Promise<InventoryAnswer> {
  return { items: (await listItems(db)).map(itemView) };
}

async function getItem(db: Executor, id: number): Promise<InventoryItem> {
  const row = await findItem(db, id);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return itemView(row);
}

const skuTakenError = (sku: string) =>
  new AppError(409, 'sku_taken', `Another item already has the SKU ${sku}.`, {
    sku: 'This SKU is taken',
  });

/** Two admins saving the same new SKU at once: the unique index answers the second, with the same message. */
async function uniqueSku<T>(sku: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw skuTakenError(sku);
    throw error;
  }
}

/**
 * Tells the administrators and staff that an item is low on stock, each as they chose (modules/notifications): the
 * one place the notice is sent from. Queued in the caller's transaction.
 */
export async function announceLowStock(
  trx: Trx,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  item: Pick<InventoryItemRow, 'name' | 'sku' | 'stock' | 'reorderThreshold'>,
): Promise<number[]> {
  return notifyStaff(trx, deps.clock.now(), 'low_stock', lowStockNotice(deps.config.appUrl, item));
}

/** Every change of an item's stock or threshold passes here: the notice goes out once, as it crosses the line. */
async function noticeIfNewlyLow(
  trx: Trx,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  before: InventoryItemRow,
  after: InventoryItemRow,
): Promise<number[]> {
  return becomesLowStock(before, after) ? announceLowStock(trx, deps, after) : [];
}

export interface StockChange {
  itemId: number;
  change: number;
  kind: 'initial' | 'adjustment' | 'shipment';
  reason: string;
  shipmentId?: number;
  byUserId: number | null;
}

/**
 * Moves an item's stock, with its movement row, in the caller's transaction: never below zero (409, nothing
 * changed). Returns the low-stock mail queued, to deliver after commit.
 */
export async function moveStock(
  trx: Trx,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  move: StockChange,
): Promise<number[]> {
  const [item] = await lockItems(trx, [move.itemId]);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  const next = stockAfter(item.stock, move.change);
  if (next === null) {
    throw new AppError(
      409,
      'insufficient_stock',
      `${item.name} has ${item.stock} in stock: it cannot go below zero.`,
      { change: `At most ${item.stock} can be removed` },
    );
  }
  const at = deps.clock.now();
  const after = await updateItem(trx, item.id, { stock: next }, at);
  await insertMovement(trx, {
    itemId: item.id,
    kind: move.kind,
    change: move.change,
    stockAfter: next,
    reason: move.reason,
    shipmentId: move.shipmentId ?? null,
    byUserId: move.byUserId,
    at,
  });
  return noticeIfNewlyLow(trx, deps, item, after);
}

export async function createItem(deps: AppDeps, input: NewItem, adminId: number): Promise<InventoryItem> {
  const { stock, ...fields } = input;
  if (await skuTaken(deps.db, fields.sku)) throw skuTakenError(fields.sku);
  const { id, mail } = await uniqueSku(fields.sku, () =>
    deps.db.transaction().execute(async (trx) => {
      const item = await insertItem(trx, { ...fields, at: deps.clock.now() });
      const mail =
        stock > 0
          ? await moveStock(trx, deps, {
              itemId: item.id,
              change: stock,
              kind: 'initial',
              reason: 'Starting stock',
              byUserId: adminId,
            })
          : [];
      return { id: item.id, mail };
    }),
  );
  await deliverMail(deps, mail);
  return getItem(deps.db, id);
}

export async function editItem(deps: AppDeps, id: number, input: ItemEdit): Promise<InventoryItem> {
  if (await skuTaken(deps.db, input.sku, id)) throw skuTakenError(input.sku);
  const mail = await uniqueSku(input.sku, () =>
    deps.db.transaction().execute(async (trx) => {
      const [before] = await lockItems(trx, [id]);
      if (!before) throw notFound(ITEM_NOT_FOUND);
      const after = await updateItem(trx, id, input, deps.clock.now());
      return noticeIfNewlyLow(trx, deps, before, after);
    }),
  );
  await deliverMail(deps, mail);
  return getItem(deps.db, id);
}

/** An admin counts the shelf, receives a delivery or writes off damage: the change and why, kept in the history. */
export async function adjustStock(
  deps: AppDeps,
  id: number,
  input: { change: number; reason: string },
  adminId: number,
): Promise<InventoryItem> {
  const mail = await deps.db.transaction().execute((trx) =>
    moveStock(trx, deps, {
      itemId: id,
      change: input.change,
      kind: 'adjustment',
      reason: input.reason,
      byUserId: adminId,
    }),
  );
  await deliverMail(deps, mail);
  return getItem(deps.db, id);
}

export async function getMovements(db: Executor, id: number): Promise<StockMovement[]> {
  await getItem(db, id);
  const rows = await listMovements(db, id, MOVEMENTS_SHOWN);
  return rows.map((m) => ({
    id: m.id,
    kind: m.kind,
    change: m.change,
    stockAfter: m.stockAfter,
    reason: m.reason,
    shipmentId: m.shipmentId,
    by: m.byName ?? null,
    at: m.at.toISOString(),
  }));
}

export async function getStarterKit(db: Executor): Promise<StarterKit> {
  return { items: await listKit(db) };
}

export async function saveStarterKit(deps: AppDeps, input: StarterKitInput): Promise<StarterKit> {
  const items = input.items.map((i) => ({ itemId: i.itemId, quantity: i.quantity }));
  const known = await existingItemIds(
    deps.db,
    items.map((i) => i.itemId),
  );
  const unknown = items.find((i) => !known.has(i.itemId));
  if (unknown) throw badRequest('unknown_item', `There is no inventory item ${unknown.itemId}.`);
  await deps.db.transaction().execute((trx) => replaceKit(trx, items));
  return getStarterKit(deps.db);
}

/**
 * The starter kit of a newly certified trainer, 'to pack', in the certificate's own transaction: the kit as it is
 * defined now. Once per trainer (a unique index); none while the kit is empty. Returns the shipment's id.
 */
export async function createStarterKitShipment(trx: Trx, trainerId: number, at: Date) {
  const kit = await listKit(trx);
  if (kit.length === 0) return undefined;
  return insertShipment(
    trx,
    { trainerId, kind: 'starter_kit', createdAt: at },
    kit.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
  );
}
