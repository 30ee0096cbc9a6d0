import type { Carrier, NewItem } from '@soulpunch/shared';
import type { AppDeps } from '../deps';
import { DAY_MS, manualClock } from '../lib/clock';
import { decideReplacement, requestReplacement } from '../modules/inventory/replacements';
import { adjustStock, createItem, listInventory, saveStarterKit } from '../modules/inventory/service';
import { getShipments, markDelivered, shipShipment } from '../modules/inventory/shipments';
import type { Mailer } from '../modules/mail/mailer';

/** The demo's past e-mails (kits shipped years ago) are recorded as sent but reach no outbox (as demo-stories.ts). */
const pastMailer: Mailer = { kind: 'outbox', send: async () => {}, close: async () => {} };

/** A starting inventory a small brand would hold: equipment for classes and the curriculum's printed materials. */
const DEMO_ITEMS: NewItem[] = [
  { kind: 'equipment', name: 'Focus mitts (pair)', sku: 'MITT-PAIR', stock: 60, reorderThreshold: 15 },
  { kind: 'equipment', name: 'Training gloves, 14 oz', sku: 'GLV-14OZ', stock: 55, reorderThreshold: 12 },
  { kind: 'equipment', name: 'Rubber training knife', sku: 'TRN-KNIFE', stock: 26, reorderThreshold: 10 },
  { kind: 'equipment', name: 'Kick shield', sku: 'PAD-KICK', stock: 24, reorderThreshold: 6 },
  { kind: 'curriculum', name: 'Trainer workbook', sku: 'WB-TRAINER', stock: 70, reorderThreshold: 15 },
  { kind: 'curriculum', name: 'Curriculum binder', sku: 'BND-CURR', stock: 45, reorderThreshold: 10 },
  { kind: 'curriculum', name: 'Student handout pack (50)', sku: 'HND-50', stock: 30, reorderThreshold: 8 },
];
const KIT: Record<string, number> = {
  'MITT-PAIR': 1,
  'GLV-14OZ': 1,
  'TRN-KNIFE': 1,
  'WB-TRAINER': 1,
  'BND-CURR': 1,
};
/** The newest kits wait to be packed, so the demo's Shipments tab has work in it. */
const KITS_LEFT_TO_PACK = 2;
const CARRIERS: Carrier[] = ['usps', 'ups', 'fedex'];
/** The first items bought, years before the first trainer was certified (the demo's trainings begin in 2023). */
const STOCKED_ON = '2022-11-01T15:00:00Z';

/** The items and the starter kit, before the demo's certificates are issued (each issue makes a kit to pack). */
export async function stockDemoInventory(deps: AppDeps, adminId: number): Promise<void> {
  const past: AppDeps = { ...deps, clock: manualClock(STOCKED_ON), mailer: pastMailer };
  const skus = new Map<string, number>();
  for (const item of DEMO_ITEMS) skus.set(item.sku, (await createItem(past, item, adminId)).id);
  await saveStarterKit(past, {
    items: Object.entries(KIT).map(([sku, quantity]) => ({ itemId: skus.get(sku) as number, quantity })),
  });
}

/** A tracking number in the carrier's own shape, the same for the same shipment on every load. */
function trackingNumberFor(carrier: Carrier, shipmentId: number): string {
  const digits = String(100_000_000 + shipmentId * 7919).padStart(12, '0');
  if (carrier === 'ups') return `1Z999AA1${digits.slice(-10)}`;
  if (carrier === 'fedex') return `7489${digits}`;
  return `9400111${digits}0000`;
}

/**
 * After the stories: the kits were shipped two days after each certificate and delivered within the week (a
 * delivery from the supplier first when the shelf ran short), the newest left to pack; then a damaged item, one
 * replacement approved and shipped, one declined and one waiting.
 */
export async function tellDemoShipments(deps: AppDeps, adminId: number): Promise<void> {
  const now = deps.clock.now();
  const clock = manualClock(now);
  const past: AppDeps = { ...deps, clock, mailer: pastMailer };
  const kits = (await getShipments(deps.db, 'to_pack')).sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  for (const [index, kit] of kits.slice(0, Math.max(0, kits.length - KITS_LEFT_TO_PACK)).entries()) {
    const shippedAt = Date.parse(kit.createdAt) + 2 * DAY_MS;
    if (shippedAt > now.getTime() - DAY_MS) continue;
    clock.set(new Date(shippedAt));
    await restockWhenShort(past, adminId, kit.items);
    const carrier = CARRIERS[index % CARRIERS.length] as Carrier;
    await shipShipment(
      past,
      kit.id,
      { carrier, trackingNumber: trackingNumberFor(carrier, kit.id) },
      adminId,
    );
    const deliveredAt = shippedAt + (3 + (index % 4)) * DAY_MS;
    if (deliveredAt < now.getTime()) {
      clock.set(new Date(deliveredAt));
      await markDelivered(past, kit.id);
    }
  }
  clock.set(now);
  await tellReplacements(past, adminId, kits[0]?.trainerId, kits[1]?.trainerId, kits[2]?.trainerId);
}

async function restockWhenShort(
  deps: AppDeps,
  adminId: number,
  lines: ReadonlyArray<{ itemId: number; quantity: number }>,
) {
  const shelf = new Map((await listInventory(deps.db)).items.map((i) => [i.id, i]));
  for (const line of lines) {
    const item = shelf.get(line.itemId);
    if (item && item.stock < line.quantity) {
      await adjustStock(deps, item.id, { change: 40, reason: 'Delivery from the supplier' }, adminId);
    }
  }
}

/** Requests from three trainers who have their kits: one approved (and shipped), one declined, one waiting. */
async function tellReplacements(deps: AppDeps, adminId: number, ...trainerIds: Array<number | undefined>) {
  const clock = deps.clock as ReturnType<typeof manualClock>;
  const now = clock.now();
  const { items } = await listInventory(deps.db);
  const bySku = (sku: string) => items.find((i) => i.sku === sku)?.id as number;
  const [approvedFor, declinedFor, waitingFor] = trainerIds;
  if (approvedFor) {
    clock.set(new Date(now.getTime() - 12 * DAY_MS));
    const asked = await requestReplacement(deps, approvedFor, {
      itemId: bySku('MITT-PAIR'),
      quantity: 1,
      reason: 'The strap on the left mitt tore during a Saturday class.',
    });
    clock.set(new Date(now.getTime() - 11 * DAY_MS));
    const approved = await decideReplacement(
      deps,
      asked.id,
      'approve',
      'Sorry about that: a new pair is on its way.',
      adminId,
    );
    clock.set(new Date(now.getTime() - 10 * DAY_MS));
    if (approved.shipmentId) {
      await shipShipment(
        deps,
        approved.shipmentId,
        { carrier: 'usps', trackingNumber: trackingNumberFor('usps', approved.shipmentId) },
        adminId,
      );
    }
  }
  if (declinedFor) {
    clock.set(new Date(now.getTime() - 6 * DAY_MS));
    const asked = await requestReplacement(deps, declinedFor, {
      itemId: bySku('WB-TRAINER'),
      quantity: 2,
      reason: 'I would like two more workbooks for my assistants.',
    });
    await decideReplacement(
      deps,
      asked.id,
      'decline',
      'Replacements cover damaged or lost items: extra workbooks can be ordered from the shop.',
      adminId,
    );
  }
  if (waitingFor) {
    clock.set(new Date(now.getTime() - DAY_MS));
    await requestReplacement(deps, waitingFor, {
      itemId: bySku('PAD-KICK'),
      quantity: 1,
      reason: 'The kick shield split along the seam after a seminar.',
    });
  }
  clock.set(now);
}
