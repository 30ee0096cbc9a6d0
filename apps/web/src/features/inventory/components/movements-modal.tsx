import { Alert, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { InventoryItem, StockMovement } from '@soulpunch/shared';
import { ScrollTable } from '@/components/scroll-table';
import { getErrorMessage } from '@/lib/api-client';
import { useMovements } from '../api/inventory';
import { stamp } from '../labels';

const KIND_WORDS: Record<StockMovement['kind'], string> = {
  initial: 'Starting stock',
  adjustment: 'Adjustment',
  shipment: 'Shipment',
};

/** Every change of an item's stock, newest first: what, why, who and when. */
export function MovementsModal({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const movements = useMovements(item.id);
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Stock history: ${item.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {movements.isPending && <Loader aria-label="Loading the history" />}
        {movements.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(movements.error)}
          </Alert>
        )}
        {movements.data?.length === 0 && <Text c="gray.7">No stock has moved yet.</Text>}
        {movements.data && movements.data.length > 0 && (
          <ScrollTable minWidth={520} label={`Stock history of ${item.name}`}>
            <Table striped>
              <Table.Caption>The latest 100 changes, newest first.</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Change</Table.Th>
                  <Table.Th scope="col">After</Table.Th>
                  <Table.Th scope="col">Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {movements.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{stamp(m.at)}</Table.Td>
                    <Table.Td>{m.change > 0 ? `+${m.change}` : m.change}</Table.Td>
                    <Table.Td>{m.stockAfter}</Table.Td>
                    <Table.Td>
                      {KIND_WORDS[m.kind]}: {m.reason}
                      {m.by && (
                        <Text span size="sm" c="gray.7">
                          {' '}
                          (by {m.by})
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Modal>
  );
}
