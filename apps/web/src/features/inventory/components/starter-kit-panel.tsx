import { Alert, Button, Group, Loader, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_KIT_QUANTITY, type StarterKit } from '@soulpunch/shared';
import { useState } from 'react';
import { ScrollTable } from '@/components/scroll-table';
import { useCanChangeAdminArea } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { useInventory, useSaveStarterKit, useStarterKit } from '../api/inventory';

/** Quantities by item while editing: 0 leaves the item out of the kit. */
type Draft = Record<number, number | string>;

function KitEditor({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  const inventory = useInventory();
  const items = inventory.data?.items ?? [];
  if (items.length === 0) return <Text c="gray.7">Add items first: the kit is made of them.</Text>;
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <NumberInput
          key={item.id}
          label={`${item.name} (${item.sku})`}
          value={draft[item.id] ?? 0}
          onChange={(value) => onChange({ ...draft, [item.id]: value })}
          min={0}
          max={MAX_KIT_QUANTITY}
          allowDecimal={false}
          allowNegative={false}
          maw={320}
        />
      ))}
    </Stack>
  );
}

function KitTable({ items }: { items: StarterKit['items'] }) {
  if (items.length === 0) return <Text>The kit is empty: no kit is made when a certificate is issued.</Text>;
  return (
    <ScrollTable minWidth={360} label="The starter kit">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Per kit</Table.Th>
            <Table.Th scope="col">In stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((line) => (
            <Table.Tr key={line.itemId}>
              <Table.Th scope="row">{line.name}</Table.Th>
              <Table.Td>{line.quantity}</Table.Td>
              <Table.Td>{line.stock}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * What every newly certified trainer is sent: a shipment 'to pack' with these items is made when their certificate
 * is issued (a change here applies to the kits made from then on).
 */
export function StarterKitPanel() {
  const canChange = useCanChangeAdminArea();
  const kit = useStarterKit();
  const save = useSaveStarterKit();
  const [draft, setDraft] = useState<Draft | null>(null);

  function startEditing() {
    setDraft(Object.fromEntries((kit.data?.items ?? []).map((line) => [line.itemId, line.quantity])));
  }

  function submit() {
    const items = Object.entries(draft ?? {})
      .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity: Number(quantity) || 0 }))
      .filter((line) => line.quantity > 0);
    save.mutate(
      { items },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Starter kit saved',
            message: 'New kits are packed this way.',
          });
          setDraft(null);
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Starter kit
      </Title>
      <Text size="sm" c="gray.7">
        Each trainer gets one kit when their certificate is issued: it waits under Shipments as 'To pack'.
      </Text>
      {kit.isPending && <Loader aria-label="Loading the starter kit" />}
      {kit.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(kit.error)}
        </Alert>
      )}
      {draft ? (
        <>
          <KitEditor draft={draft} onChange={setDraft} />
          {save.isError && (
            <Alert color="red" role="alert">
              {getErrorMessage(save.error)}
            </Alert>
          )}
          <Group>
            <Button onClick={submit} loading={save.isPending}>
              Save Starter Kit
            </Button>
            <Button variant="default" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </Group>
        </>
      ) : (
        kit.data && (
          <>
            <KitTable items={kit.data.items} />
            {canChange && (
              <Group>
                <Button variant="light" onClick={startEditing}>
                  Edit Starter Kit
                </Button>
              </Group>
            )}
          </>
        )
      )}
    </Stack>
  );
}
