import { z } from 'zod';
import { formatNumber } from './plain-format';

/**
 * Inventory and shipping (issue 27 part 2, decision record 0017): items with their stock and reorder threshold,
 * the starter kit every newly certified trainer is sent, shipments and replacement requests. Stock only moves
 * through a recorded movement (an adjustment with its reason, or a shipment leaving), never below zero.
 */

export const ITEM_KINDS = ['equipment', 'curriculum'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  equipment: 'Equipment',
  curriculum: 'Curriculum material',
};

/** The most one item may hold, and the largest single adjustment: far above any brand's shelf, far below int4. */
export const MAX_STOCK = 1_000_000;
export const MAX_KIT_QUANTITY = 100;
export const MAX_REPLACEMENT_QUANTITY = 10;

/** A low-stock notice is due when stock falls to or below the reorder threshold. */
export const isLowStock = (stock: number, reorderThreshold: number) => stock <= reorderThreshold;

/**
 * Whether a change makes an item newly low on stock: administrators are told once as it crosses the threshold,
 * not at every movement while it stays low.
 */
export function becomesLowStock(
  before: { stock: number; reorderThreshold: number },
  after: { stock: number; reorderThreshold: number },
): boolean {
  return (
    !isLowStock(before.stock, before.reorderThreshold) && isLowStock(after.stock, after.reorderThreshold)
  );
}

/** Stock after a change; null when it would go below zero (or past MAX_STOCK), which nothing is allowed to do. */
export function stockAfter(stock: number, change: number): number | null {
  const next = stock + change;
  return Number.isInteger(next) && next >= 0 && next <= MAX_STOCK ? next : null;
}

/** The lines a shipment cannot take from stock: each item short, with what it needs and what is on the shelf. */
export function stockShortfalls<T extends { itemId: number; quantity: number }>(
  lines: readonly T[],
  stockOf: ReadonlyMap<number, number>,
): Array<T & { stock: number }> {
  return lines
    .map((line) => ({ ...line, stock: stockOf.get(line.itemId) ?? 0 }))
    .filter((line) => line.stock < line.quantity);
}

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(120, { error: 'Name must be at most 120 characters' });
/** Upper-case letters, digits and dashes ('GLV-14OZ'): what a label printer and a spreadsheet both keep as is. */
const sku = z
  .string({ error: 'SKU is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9-]{1,39}$/, {
    error: 'SKU: 2 to 40 letters, digits or dashes, starting with a letter or digit',
  });
const count = (label: string, max = MAX_STOCK) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(max, { error: `${label} must be at most ${formatNumber(max)}` });
const reason = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(3, { error: 'Please give a reason (at least 3 characters)' })
  .max(500, { error: 'The reason must be at most 500 characters' });
const id = z.number().int().positive().max(2_147_483_647);

export const inventoryItemSchema = z.object({
  id: z.number(),
  kind: z.enum(ITEM_KINDS),
  name: z.string(),
  sku: z.string(),
  stock: z.number(),
  reorderThreshold: z.number(),
  lowStock: z.boolean(),
  /** Items still to leave in shipments waiting to be packed: what the shelf must hold soon. */
  committed: z.number(),
  updatedAt: z.string(),
});
export type InventoryItem = z.output<typeof inventoryItemSchema>;

/** GET /api/admin/inventory. */
export const inventoryAnswerSchema = z.object({ items: z.array(inventoryItemSchema) });
export type InventoryAnswer = z.output<typeof inventoryAnswerSchema>;

/** POST /api/admin/inventory/items: the starting stock is recorded as the item's first movement. */
export const newItemSchema = z.strictObject({
  kind: z.enum(ITEM_KINDS, { error: 'Choose equipment or curriculum material' }),
  name,
  sku,
  reorderThreshold: count('Reorder threshold'),
  stock: count('Starting stock'),
});
export type NewItem = z.input<typeof newItemSchema>;

/** PUT /api/admin/inventory/items/{id}: stock changes only through an adjustment with its reason. */
export const itemEditSchema = newItemSchema.omit({ stock: true });
export type ItemEdit = z.input<typeof itemEditSchema>;

export const stockAdjustmentSchema = z.strictObject({
  change: z
    .number({ error: 'Change must be a whole number' })
    .int({ error: 'Change must be a whole number' })
    .min(-MAX_STOCK, { error: 'Change is too large' })
    .max(MAX_STOCK, { error: 'Change is too large' })
    .refine((n) => n !== 0, { error: 'Enter how many to add (e.g. 20) or remove (e.g. -3)' }),
  reason,
});
export type StockAdjustment = z.input<typeof stockAdjustmentSchema>;

export const MOVEMENT_KINDS = ['initial', 'adjustment', 'shipment'] as const;
export const stockMovementSchema = z.object({
  id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  change: z.number(),
  stockAfter: z.number(),
  reason: z.string(),
  shipmentId: z.number().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.output<typeof stockMovementSchema>;

export const starterKitSchema = z.object({
  items: z.array(
    z.object({
      itemId: z.number(),
      name: z.string(),
      sku: z.string(),
      quantity: z.number(),
      stock: z.number(),
    }),
  ),
});
export type StarterKit = z.output<typeof starterKitSchema>;

/** PUT /api/admin/inventory/starter-kit: the whole kit, each item once; an empty list ships no kit. */
export const starterKitInputSchema = z.strictObject({
  items: z
    .array(z.strictObject({ itemId: id, quantity: count('Quantity', MAX_KIT_QUANTITY).min(1) }))
    .max(50)
    .refine((items) => new Set(items.map((i) => i.itemId)).size === items.length, {
      error: 'Each item may appear in the kit once',
    }),
});
export type StarterKitInput = z.input<typeof starterKitInputSchema>;

export const SHIPMENT_STATUSES = ['to_pack', 'shipped', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  to_pack: 'To pack',
  shipped: 'Shipped',
  delivered: 'Delivered',
};
export const SHIPMENT_KINDS = ['starter_kit', 'replacement'] as const;
export const SHIPMENT_KIND_LABELS: Record<(typeof SHIPMENT_KINDS)[number], string> = {
  starter_kit: 'Starter kit',
  replacement: 'Replacement',
};

export const CARRIERS = ['usps', 'ups', 'fedex', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  other: 'Other carrier',
};
const TRACKING_PAGES: Partial<Record<Carrier, string>> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  ups: 'https://www.ups.com/track?tracknum=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  dhl: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
};
/** The carrier's own tracking page for a number; null for another carrier. */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[carrier];
  return page ? `${page}${encodeURIComponent(trackingNumber)}` : null;
}

export const shipmentSchema = z.object({
  id: z.number(),
  trainerId: z.number(),
  trainerName: z.string(),
  kind: z.enum(SHIPMENT_KINDS),
  status: z.enum(SHIPMENT_STATUSES),
  items: z.array(z.object({ itemId: z.number(), name: z.string(), sku: z.string(), quantity: z.number() })),
  carrier: z.enum(CARRIERS).nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  replacementRequestId: z.number().nullable(),
  createdAt: z.string(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.output<typeof shipmentSchema>;

export const shipmentListQuerySchema = z.strictObject({ status: z.enum(SHIPMENT_STATUSES).optional() });

/** POST /api/admin/shipments/{id}/ship. */
export const shipInputSchema = z.strictObject({
  carrier: z.enum(CARRIERS, { error: 'Choose the carrier' }),
  trackingNumber: z
    .string({ error: 'Tracking number is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9 -]{3,39}$/, { error: 'Tracking number: 4 to 40 letters, digits or dashes' }),
});
export type ShipInput = z.input<typeof shipInputSchema>;

export const REPLACEMENT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];
export const REPLACEMENT_STATUS_LABELS: Record<ReplacementStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
};
/** A photo of the damaged item: checked and re-encoded like a profile picture. */
export const REPLACEMENT_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const replacementRequestSchema = z.object({
  id: z.number(),
  trainerId: z.number(),
  trainerName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  quantity: z.number(),
  reason: z.string(),
  hasPhoto: z.boolean(),
  status: z.enum(REPLACEMENT_STATUSES),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  shipmentId: z.number().nullable(),
  createdAt: z.string(),
});
export type ReplacementRequest = z.output<typeof replacementRequestSchema>;

export const replacementListQuerySchema = z.strictObject({
  status: z.enum(REPLACEMENT_STATUSES).optional(),
});

/** GET /api/trainers/{id}/replacement-requests: the trainer's requests and the items they may ask for. */
export const trainerReplacementsSchema = z.object({
  items: z.array(z.object({ id: z.number(), name: z.string(), kind: z.enum(ITEM_KINDS) })),
  requests: z.array(replacementRequestSchema),
});
export type TrainerReplacements = z.output<typeof trainerReplacementsSchema>;

export const replacementInputSchema = z.strictObject({
  itemId: id,
  quantity: count('Quantity', MAX_REPLACEMENT_QUANTITY).min(1, { error: 'Quantity must be at least 1' }),
  reason: z
    .string({ error: 'Please say what happened' })
    .trim()
    .min(10, { error: 'Please say what happened (at least 10 characters)' })
    .max(1000, { error: 'At most 1,000 characters' }),
});
export type ReplacementInput = z.input<typeof replacementInputSchema>;

/** Approving or declining: the note reaches the trainer by e-mail. */
export const replacementDecisionSchema = z.strictObject({
  note: z
    .string({ error: 'Please write a note for the trainer' })
    .trim()
    .min(3, { error: 'Please write a note for the trainer (at least 3 characters)' })
    .max(1000, { error: 'At most 1,000 characters' }),
});
export type ReplacementDecision = z.input<typeof replacementDecisionSchema>;
