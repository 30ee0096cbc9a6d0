import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import {
  CARRIER_LABELS,
  SHIPMENT_KIND_LABELS,
  SHIPMENT_STATUS_LABELS,
  type Shipment,
} from '@soulpunch/shared';
import { linesText, SHIPMENT_STATUS_COLORS, shortDay } from '../labels';

/** What a shipment holds and where it is: shared by the admin's list and the trainer's card. */
export function ShipmentSummary({ shipment }: { shipment: Shipment }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600}>{SHIPMENT_KIND_LABELS[shipment.kind]}</Text>
        <Badge color={SHIPMENT_STATUS_COLORS[shipment.status]}>
          {SHIPMENT_STATUS_LABELS[shipment.status]}
        </Badge>
      </Group>
      <Text size="sm">{linesText(shipment.items)}</Text>
      {shipment.carrier && shipment.trackingNumber && (
        <Text size="sm">
          {CARRIER_LABELS[shipment.carrier]} tracking number{' '}
          {shipment.trackingUrl ? (
            <Anchor href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" fw={600}>
              {shipment.trackingNumber}
            </Anchor>
          ) : (
            <Text span fw={600}>
              {shipment.trackingNumber}
            </Text>
          )}
        </Text>
      )}
      <Text size="xs" c="gray.7">
        {[
          `Requested ${shortDay(shipment.createdAt)}`,
          shipment.shippedAt && `shipped ${shortDay(shipment.shippedAt)}`,
          shipment.deliveredAt && `delivered ${shortDay(shipment.deliveredAt)}`,
        ]
          .filter(Boolean)
          .join(', ')}
      </Text>
    </Stack>
  );
}
