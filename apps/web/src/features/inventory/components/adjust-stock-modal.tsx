import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type InventoryItem, stockAdjustmentSchema } from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useAdjustStock } from '../api/inventory';
import { fieldErrorsOf, serverFieldErrors } from '../form-errors';

/** A delivery received (+), a count corrected or damage written off (-): the change and why go into the history. */
export function AdjustStockModal({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const adjust = useAdjustStock(item.id);
  const [change, setChange] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const after = item.stock + (Number(change) || 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { change: Number(change), reason };
    const parsed = stockAdjustmentSchema.safeParse(input);
    setErrors(fieldErrorsOf(parsed));
    if (!parsed.success) return;
    adjust.mutate(parsed.data, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          title: 'Stock adjusted',
          message: `${saved.name}: ${saved.stock} in stock.`,
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
      title={`Adjust stock: ${item.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {item.stock} in stock now.
            {change !== '' && Number(change) !== 0 && ` After this change: ${after}.`}
          </Text>
          <NumberInput
            label="Change"
            description="How many to add (e.g. 20 for a delivery) or remove (e.g. -3 for damaged ones)."
            value={change}
            onChange={setChange}
            allowDecimal={false}
            error={errors.change}
            required
            data-autofocus
          />
          <Textarea
            label="Reason"
            description="Kept in the item's history with your name."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            maxLength={500}
            required
          />
          {adjust.isError && !serverFieldErrors(adjust.error).change && (
            <Alert color="red" role="alert">
              {getErrorMessage(adjust.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              Save Adjustment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
