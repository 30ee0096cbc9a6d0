import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useInventory } from '../api/inventory';
import { useReplacementRequests } from '../api/replacements';
import { useShipments } from '../api/shipments';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The admin dashboard's inventory notice: items low on stock, kits to pack and requests waiting; nothing when all is well. */
export function LowStockNotice() {
  const inventory = useInventory();
  const toPack = useShipments('to_pack');
  const waiting = useReplacementRequests('pending');
  const low = inventory.data?.items.filter((i) => i.lowStock) ?? [];
  const packCount = toPack.data?.length ?? 0;
  const requestCount = waiting.data?.length ?? 0;
  if (low.length === 0 && packCount === 0 && requestCount === 0) return null;
  return (
    <Alert color={low.length ? 'red' : 'blue'} title={low.length ? 'Low stock' : 'Inventory'} role="status">
      <Stack gap={4}>
        {low.length > 0 && (
          <Text size="sm">
            {low.map((i) => `${i.name}: ${i.stock} left (reorder at ${i.reorderThreshold})`).join('; ')}.
          </Text>
        )}
        {(packCount > 0 || requestCount > 0) && (
          <Text size="sm">
            {[
              packCount > 0 && `${plural(packCount, 'shipment', 'shipments')} to pack`,
              requestCount > 0 &&
                `${plural(requestCount, 'replacement request', 'replacement requests')} waiting`,
            ]
              .filter(Boolean)
              .join(', ')}
            .
          </Text>
        )}
        <Anchor component={Link} to="/admin/inventory" size="sm" underline="always" c="gray.9" fw={600}>
          Open Inventory
        </Anchor>
      </Stack>
    </Alert>
  );
}
