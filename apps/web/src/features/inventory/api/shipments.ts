import type { ShipInput, Shipment, ShipmentStatus } from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

export function useShipments(status: ShipmentStatus | 'all') {
  return useQuery({
    queryKey: inventoryKeys.shipmentList(status),
    queryFn: () =>
      api<Shipment[]>(status === 'all' ? '/api/admin/shipments' : `/api/admin/shipments?status=${status}`),
  });
}

/** Shipping moves stock: the lists, the shelf and the movements all change. */
function useShipmentMutation<T>(call: (input: T) => Promise<Shipment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export function useShipShipment(id: number) {
  return useShipmentMutation((input: ShipInput) =>
    api<Shipment>(`/api/admin/shipments/${id}/ship`, { method: 'POST', body: input }),
  );
}

export function useMarkDelivered() {
  return useShipmentMutation((id: number) =>
    api<Shipment>(`/api/admin/shipments/${id}/deliver`, { method: 'POST' }),
  );
}

export function useTrainerShipments(trainerId: number) {
  return useQuery({
    queryKey: inventoryKeys.trainerShipments(trainerId),
    queryFn: () => api<Shipment[]>(`/api/trainers/${trainerId}/shipments`),
  });
}
