import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CARRIER_LABELS, CARRIERS, type Carrier, type Shipment, shipInputSchema } from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useShipShipment } from '../api/shipments';
import { fieldErrorsOf, serverFieldErrors } from '../form-errors';
import { linesText } from '../labels';

const CARRIER_OPTIONS = CARRIERS.map((c) => ({ value: c, label: CARRIER_LABELS[c] }));

/** Ships a packed box: its items leave stock, and the trainer is e-mailed the carrier and tracking number. */
export function ShipModal({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const ship = useShipShipment(shipment.id);
  const [carrier, setCarrier] = useState<Carrier | null>(null);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = shipInputSchema.safeParse({ carrier, trackingNumber });
    setErrors(fieldErrorsOf(parsed));
    if (!parsed.success) return;
    ship.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Shipped',
          message: `${shipment.trainerName} is e-mailed the tracking number.`,
        });
        onClose();
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Ship to ${shipment.trainerName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{linesText(shipment.items)}</Text>
          <Select
            label="Carrier"
            data={CARRIER_OPTIONS}
            value={carrier}
            onChange={(value) => setCarrier(value as Carrier | null)}
            error={errors.carrier}
            required
            data-autofocus
          />
          <TextInput
            label="Tracking number"
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.currentTarget.value)}
            error={errors.trackingNumber}
            maxLength={40}
            autoComplete="off"
            required
          />
          {ship.isError && Object.keys(serverFieldErrors(ship.error)).length === 0 && (
            <Alert color="red" role="alert">
              {getErrorMessage(ship.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={ship.isPending}>
              Mark as Shipped
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
