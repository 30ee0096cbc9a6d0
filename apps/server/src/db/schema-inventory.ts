import type { Carrier, ItemKind, ReplacementStatus, ShipmentStatus } from '@soulpunch/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

/** Migration 0026: `stock` changes only with a `stock_movements` row in the same transaction. */
export interface InventoryItemsTable {
  id: Generated<number>;
  kind: ItemKind;
  name: string;
  sku: string;
  stock: number;
  reorderThreshold: number;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface StockMovementsTable {
  id: Generated<number>;
  itemId: number;
  kind: 'initial' | 'adjustment' | 'shipment';
  change: number;
  stockAfter: number;
  reason: string;
  shipmentId: number | null;
  byUserId: number | null;
  at: Date;
}

export interface StarterKitItemsTable {
  itemId: number;
  quantity: number;
  position: number;
}

export interface ShipmentsTable {
  id: Generated<number>;
  trainerId: number;
  kind: 'starter_kit' | 'replacement';
  status: Generated<ShipmentStatus>;
  carrier: Carrier | null;
  trackingNumber: string | null;
  createdAt: Date;
  shippedAt: Date | null;
  shippedBy: number | null;
  deliveredAt: Date | null;
}

export interface ShipmentItemsTable {
  shipmentId: number;
  itemId: number;
  quantity: number;
}

export interface ReplacementRequestsTable {
  id: Generated<number>;
  trainerId: number;
  itemId: number;
  quantity: number;
  reason: string;
  photoKey: string | null;
  status: Generated<ReplacementStatus>;
  decisionNote: string | null;
  decidedBy: number | null;
  decidedAt: Date | null;
  shipmentId: number | null;
  createdAt: Date;
}

export type InventoryItemRow = Selectable<InventoryItemsTable>;
export type ShipmentRow = Selectable<ShipmentsTable>;
export type ReplacementRequestRow = Selectable<ReplacementRequestsTable>;

export interface InventoryTables {
  inventoryItems: InventoryItemsTable;
  stockMovements: StockMovementsTable;
  starterKitItems: StarterKitItemsTable;
  shipments: ShipmentsTable;
  shipmentItems: ShipmentItemsTable;
  replacementRequests: ReplacementRequestsTable;
}
