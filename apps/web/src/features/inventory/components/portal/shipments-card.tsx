import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { REPLACEMENT_STATUS_LABELS } from '@soulpunch/shared';
import { useId, useState } from 'react';
import { useTrainerReplacements } from '../../api/replacements';
import { useTrainerShipments } from '../../api/shipments';
import { REQUEST_STATUS_COLORS, shortDay } from '../../labels';
import { ShipmentSummary } from '../shipment-summary';
import { ReplacementForm } from './replacement-form';

/**
 * The trainer's dashboard card: their starter kit and replacements with carrier and tracking number, their
 * replacement requests and a way to ask for one.
 */
export function ShipmentsCard({ trainerId }: { trainerId: number }) {
  const shipments = useTrainerShipments(trainerId);
  const replacements = useTrainerReplacements(trainerId);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const requests = replacements.data?.requests ?? [];
  const items = replacements.data?.items ?? [];
  if (!shipments.data && !replacements.data) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Shipments
        </Title>
        {shipments.data?.length === 0 && (
          <Text size="sm" c="gray.7">
            Your starter kit ships once your certificate is issued.
          </Text>
        )}
        {shipments.data && shipments.data.length > 0 && (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Your shipments"
          >
            {shipments.data.map((shipment) => (
              <li key={shipment.id}>
                <ShipmentSummary shipment={shipment} />
              </li>
            ))}
          </Stack>
        )}
        {requests.length > 0 && (
          <Stack gap={6}>
            <Title order={3} size="h5">
              Replacement requests
            </Title>
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Your replacement requests"
            >
              {requests.map((r) => (
                <li key={r.id}>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {r.quantity} x {r.itemName}
                    </Text>
                    <Badge color={REQUEST_STATUS_COLORS[r.status]}>
                      {REPLACEMENT_STATUS_LABELS[r.status]}
                    </Badge>
                  </Group>
                  <Text size="xs" c="gray.7">
                    Asked {shortDay(r.createdAt)}
                  </Text>
                  {r.decisionNote && <Text size="sm">{r.decisionNote}</Text>}
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        {items.length > 0 && (
          <Group>
            <Button variant="default" onClick={() => setAsking(true)}>
              Request a Replacement
            </Button>
          </Group>
        )}
      </Stack>
      {asking && <ReplacementForm trainerId={trainerId} items={items} onClose={() => setAsking(false)} />}
    </Card>
  );
}
