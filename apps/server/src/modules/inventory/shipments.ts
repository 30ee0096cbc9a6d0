import {
  type Carrier,
  type Shipment,
  type ShipmentStatus,
  stockShortfalls,
  trackingUrl,
} from '@soulpunch/shared';
import type { Executor } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { deliverMail, queueMail } from '../mail/queue';
import { shippedEmail } from './mail';
import { lockItems } from './repository';
import { moveStock } from './service';
import {
  findRecipient,
  findShipment,
  listShipmentLines,
  listShipments,
  listTrainerShipments,
  lockShipment,
  type ShipmentListRow,
  setDelivered,
  setShipped,
} from './shipments-repository';

const SHIPMENT_NOT_FOUND = 'This shipment does not exist.';

/** The shipments with their lines (one read for all the lines). */
async function shipmentViews(db: Executor, rows: readonly ShipmentListRow[]): Promise<Shipment[]> {
  const lines = await listShipmentLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    trainerId: row.trainerId,
    trainerName: row.trainerName,
    kind: row.kind,
    status: row.status,
    items: lines
      .filter((l) => l.shipmentId === row.id)
      .map((l) => ({ itemId: l.itemId, name: l.name, sku: l.sku, quantity: l.quantity })),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.carrier && row.trackingNumber ? trackingUrl(row.carrier, row.trackingNumber) : null,
    replacementRequestId: row.replacementRequestId ?? null,
    createdAt: row.createdAt.toISOString(),
    shippedAt: row.shippedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

export async function getShipment(db: Executor, id: number): Promise<Shipment> {
  const row = await findShipment(db, id);
  if (!row) throw notFound(SHIPMENT_NOT_FOUND);
  const [view] = await shipmentViews(db, [row]);
  return view as Shipment;
}

export async function getShipments(db: Executor, status?: ShipmentStatus) {
  return shipmentViews(db, await listShipments(db, status));
}

export async function getTrainerShipments(db: Executor, trainerId: number) {
  return shipmentViews(db, await listTrainerShipments(db, trainerId));
}

/**
 * Ships a packed shipment: its items leave stock (each a movement naming the shipment), it gets its carrier and
 * tracking number, and the trainer is e-mailed, all in one transaction. Stock short for any line: 409 naming
 * every line short, and nothing changes.
 */
export async function shipShipment(
  deps: AppDeps,
  id: number,
  input: { carrier: Carrier; trackingNumber: string },
  adminId: number,
): Promise<Shipment> {
  const mail = await deps.db.transaction().execute(async (trx) => {
    const shipment = await lockShipment(trx, id);
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
    if (shipment.status !== 'to_pack') {
      throw new AppError(409, 'shipment_not_to_pack', 'This shipment has already shipped.');
    }
    const lines = await listShipmentLines(trx, [id]);
    const items = await lockItems(
      trx,
      lines.map((l) => l.itemId),
    );
    const short = stockShortfalls(lines, new Map(items.map((i) => [i.id, i.stock])));
    if (short.length > 0) {
      throw new AppError(
        409,
        'insufficient_stock',
        `Not enough stock to ship: ${short.map((l) => `${l.name} (needs ${l.quantity}, ${l.stock} in stock)`).join('; ')}. Record the delivery first, then ship.`,
      );
    }
    const recipient = await findRecipient(trx, shipment.trainerId);
    if (!recipient) throw notFound(SHIPMENT_NOT_FOUND);
    const lowStockMail: number[] = [];
    for (const line of lines) {
      lowStockMail.push(
        ...(await moveStock(trx, deps, {
          itemId: line.itemId,
          change: -line.quantity,
          kind: 'shipment',
          reason: `Shipped to ${recipient.name} (shipment ${id})`,
          shipmentId: id,
          byUserId: adminId,
        })),
      );
    }
    await setShipped(trx, id, { ...input, at: deps.clock.now(), by: adminId });
    const notice = shippedEmail(deps.config.appUrl, recipient, {
      kind: shipment.kind,
      ...input,
      items: lines,
    });
    return [...lowStockMail, ...(await queueMail(trx, deps.clock.now(), notice))];
  });
  await deliverMail(deps, mail);
  return getShipment(deps.db, id);
}

/** The carrier says it arrived: the shipment is delivered on that day. */
export async function markDelivered(deps: AppDeps, id: number): Promise<Shipment> {
  await deps.db.transaction().execute(async (trx) => {
    const shipment = await lockShipment(trx, id);
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
    if (shipment.status !== 'shipped') {
      throw new AppError(
        409,
        'shipment_not_shipped',
        shipment.status === 'delivered'
          ? 'This shipment is marked delivered already.'
          : 'This shipment has not shipped yet.',
      );
    }
    await setDelivered(trx, id, deps.clock.now());
  });
  return getShipment(deps.db, id);
}
