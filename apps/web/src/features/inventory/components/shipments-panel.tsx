import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Shipment, ShipmentStatus } from '@soulpunch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCanChangeAdminArea } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { useMarkDelivered, useShipments } from '../api/shipments';
import { ShipModal } from './ship-modal';
import { ShipmentSummary } from './shipment-summary';

const FILTERS: Array<{ value: ShipmentStatus | 'all'; label: string }> = [
  { value: 'to_pack', label: 'To pack' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'all', label: 'All' },
];

function ShipmentCard({ shipment, onShip }: { shipment: Shipment; onShip: () => void }) {
  const canChange = useCanChangeAdminArea();
  const deliver = useMarkDelivered();
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      aria-label={`Shipment ${shipment.id} to ${shipment.trainerName}`}
    >
      <Stack gap="xs">
        <Anchor component={Link} to={`/admin/trainers/${shipment.trainerId}`} fw={600}>
          {shipment.trainerName}
        </Anchor>
        <ShipmentSummary shipment={shipment} />
        {shipment.status === 'to_pack' && canChange && (
          <Group>
            <Button size="compact-sm" onClick={onShip}>
              Ship
            </Button>
          </Group>
        )}
        {shipment.status === 'shipped' && canChange && (
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              loading={deliver.isPending}
              onClick={() =>
                deliver.mutate(shipment.id, {
                  onSuccess: () =>
                    notifications.show({ color: 'green', title: 'Delivered', message: shipment.trainerName }),
                })
              }
            >
              Mark Delivered
            </Button>
          </Group>
        )}
        {deliver.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(deliver.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Starter kits and replacements: packed, shipped with a carrier and tracking number, delivered. */
export function ShipmentsPanel() {
  const [status, setStatus] = useState<ShipmentStatus | 'all'>('to_pack');
  const shipments = useShipments(status);
  const [shipping, setShipping] = useState<Shipment | null>(null);
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Shipments
      </Title>
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as ShipmentStatus | 'all')}
        data={FILTERS}
        aria-label="Show shipments"
        fullWidth
        maw={520}
      />
      {shipments.isPending && <Loader aria-label="Loading shipments" />}
      {shipments.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(shipments.error)}
        </Alert>
      )}
      {shipments.data?.length === 0 && <Text c="gray.7">No shipments here.</Text>}
      {shipments.data && shipments.data.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Shipments">
          {shipments.data.map((shipment) => (
            <ShipmentCard key={shipment.id} shipment={shipment} onShip={() => setShipping(shipment)} />
          ))}
        </Stack>
      )}
      {shipping && <ShipModal shipment={shipping} onClose={() => setShipping(null)} />}
    </Stack>
  );
}
