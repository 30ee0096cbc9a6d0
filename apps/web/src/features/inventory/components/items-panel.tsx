import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type InventoryItem, ITEM_KIND_LABELS } from '@soulpunch/shared';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { ScrollTable } from '@/components/scroll-table';
import { useCanChangeAdminArea } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { useInventory } from '../api/inventory';
import { AdjustStockModal } from './adjust-stock-modal';
import { ItemFormModal } from './item-form-modal';
import { MovementsModal } from './movements-modal';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'adjust' | 'history'; item: InventoryItem } | null;

function ItemRow({ item, onOpen }: { item: InventoryItem; onOpen: (dialog: Dialog) => void }) {
  // Staff read the inventory; only administrators change it (the server refuses staff's changes too).
  const canChange = useCanChangeAdminArea();
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Text fw={600} size="sm">
          {item.name}
        </Text>
        <Text size="xs" c="gray.7">
          {ITEM_KIND_LABELS[item.kind]}
        </Text>
      </Table.Th>
      <Table.Td>{item.sku}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text span fw={700}>
            {item.stock}
          </Text>
          {item.lowStock && <Badge color="red.9">Low stock</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>{item.reorderThreshold}</Table.Td>
      <Table.Td>{item.committed}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {canChange && (
            <Button size="compact-sm" variant="light" onClick={() => onOpen({ kind: 'adjust', item })}>
              Adjust stock
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-sm" variant="default" aria-label={`More for ${item.name}`}>
                <IconDots size={16} aria-hidden />
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {canChange && <Menu.Item onClick={() => onOpen({ kind: 'edit', item })}>Edit item</Menu.Item>}
              <Menu.Item onClick={() => onOpen({ kind: 'history', item })}>Stock history</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Equipment and curriculum materials: stock, reorder thresholds, what waits to be packed. */
export function ItemsPanel() {
  const canChange = useCanChangeAdminArea();
  const inventory = useInventory();
  const [dialog, setDialog] = useState<Dialog>(null);
  const items = inventory.data?.items ?? [];
  const low = items.filter((i) => i.lowStock);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Equipment and curriculum materials
        </Title>
        {canChange && <Button onClick={() => setDialog({ kind: 'add' })}>Add Item</Button>}
      </Group>
      {inventory.isPending && <Loader aria-label="Loading the inventory" />}
      {inventory.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(inventory.error)}
        </Alert>
      )}
      {low.length > 0 && (
        <Alert color="red" title="Low stock" role="status">
          {low.map((i) => `${i.name} (${i.stock} left, reorder at ${i.reorderThreshold})`).join('; ')}.
          Reorder, then record the delivery with Adjust stock.
        </Alert>
      )}
      {inventory.data && items.length === 0 && (
        <Text c="gray.7">No items yet. Add the equipment and materials you ship to trainers.</Text>
      )}
      {items.length > 0 && (
        <ScrollTable minWidth={680} label={'Items'}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Item</Table.Th>
                <Table.Th scope="col">SKU</Table.Th>
                <Table.Th scope="col">In stock</Table.Th>
                <Table.Th scope="col">Reorder at</Table.Th>
                <Table.Th scope="col">To pack</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <ItemRow key={item.id} item={item} onOpen={setDialog} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {dialog?.kind === 'add' && <ItemFormModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <ItemFormModal item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'adjust' && <AdjustStockModal item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <MovementsModal item={dialog.item} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
