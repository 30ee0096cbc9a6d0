import type {
  InventoryAnswer,
  InventoryItem,
  ItemEdit,
  NewItem,
  StarterKit,
  StarterKitInput,
  StockAdjustment,
  StockMovement,
} from '@soulpunch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inventoryKeys } from './query-keys';

export function useInventory() {
  return useQuery({
    queryKey: inventoryKeys.items,
    queryFn: () => api<InventoryAnswer>('/api/admin/inventory'),
  });
}

/** Stock, thresholds and the kit's shelf counts all move together: every item change refreshes them. */
function useItemMutation<T>(call: (input: T) => Promise<InventoryItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryKeys.items }),
        queryClient.invalidateQueries({ queryKey: inventoryKeys.kit }),
      ]),
  });
}

export function useCreateItem() {
  return useItemMutation((item: NewItem) =>
    api<InventoryItem>('/api/admin/inventory/items', { method: 'POST', body: item }),
  );
}

export function useEditItem(id: number) {
  return useItemMutation((item: ItemEdit) =>
    api<InventoryItem>(`/api/admin/inventory/items/${id}`, { method: 'PUT', body: item }),
  );
}

export function useAdjustStock(id: number) {
  return useItemMutation((adjustment: StockAdjustment) =>
    api<InventoryItem>(`/api/admin/inventory/items/${id}/adjustments`, { method: 'POST', body: adjustment }),
  );
}

export function useMovements(itemId: number) {
  return useQuery({
    queryKey: inventoryKeys.movements(itemId),
    queryFn: () => api<StockMovement[]>(`/api/admin/inventory/items/${itemId}/movements`),
  });
}

export function useStarterKit() {
  return useQuery({
    queryKey: inventoryKeys.kit,
    queryFn: () => api<StarterKit>('/api/admin/inventory/starter-kit'),
  });
}

export function useSaveStarterKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kit: StarterKitInput) =>
      api<StarterKit>('/api/admin/inventory/starter-kit', { method: 'PUT', body: kit }),
    onSuccess: (kit) => queryClient.setQueryData(inventoryKeys.kit, kit),
  });
}
