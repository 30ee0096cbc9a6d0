import type { ReplacementStatus, ShipmentStatus } from '@soulpunch/shared';

/** The inventory screens' cache keys: a change names exactly what it moves. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  items: ['inventory', 'items'] as const,
  movements: (itemId: number) => ['inventory', 'items', itemId, 'movements'] as const,
  kit: ['inventory', 'starter-kit'] as const,
  shipments: ['inventory', 'shipments'] as const,
  shipmentList: (status: ShipmentStatus | 'all') => ['inventory', 'shipments', status] as const,
  requests: ['inventory', 'requests'] as const,
  requestList: (status: ReplacementStatus | 'all') => ['inventory', 'requests', status] as const,
  trainerShipments: (trainerId: number) => ['inventory', 'trainer', trainerId, 'shipments'] as const,
  trainerRequests: (trainerId: number) => ['inventory', 'trainer', trainerId, 'requests'] as const,
};
