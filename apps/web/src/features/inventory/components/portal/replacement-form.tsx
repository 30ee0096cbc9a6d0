import { Alert, Button, FileInput, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ITEM_KIND_LABELS,
  MAX_REPLACEMENT_QUANTITY,
  REPLACEMENT_PHOTO_MAX_BYTES,
  replacementInputSchema,
  type TrainerReplacements,
} from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useRequestReplacement } from '../../api/replacements';
import { fieldErrorsOf, serverFieldErrors } from '../../form-errors';

const PHOTO_TYPES = ['image/png', 'image/jpeg'];
const MAX_MB = Math.round(REPLACEMENT_PHOTO_MAX_BYTES / 1024 / 1024);

interface ReplacementFormProps {
  trainerId: number;
  items: TrainerReplacements['items'];
  onClose: () => void;
}

/** A trainer asks for a replacement: the item, how many, what happened and, if they have one, a photo. */
export function ReplacementForm({ trainerId, items, onClose }: ReplacementFormProps) {
  const send = useRequestReplacement(trainerId);
  const [itemId, setItemId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function choosePhoto(file: File | null) {
    setPhoto(file);
    const wrong = file && !PHOTO_TYPES.includes(file.type) ? 'Please choose a PNG or JPEG photo.' : undefined;
    const large =
      file && file.size > REPLACEMENT_PHOTO_MAX_BYTES
        ? `The photo must be ${MAX_MB} MB or smaller.`
        : undefined;
    setErrors(({ photo: _, ...rest }) => ({
      ...rest,
      ...((wrong ?? large) ? { photo: (wrong ?? large) as string } : {}),
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = replacementInputSchema.safeParse({
      itemId: Number(itemId),
      quantity: Number(quantity),
      reason,
    });
    const found = fieldErrorsOf(parsed);
    if (!itemId) found.itemId = 'Choose the item';
    setErrors((before) => (before.photo ? { ...found, photo: before.photo } : found));
    if (!parsed.success || !itemId || errors.photo) return;
    send.mutate(
      { input: parsed.data, photo },
      {
        onSuccess: ({ photoError }) => {
          notifications.show({
            color: photoError ? 'yellow' : 'green',
            title: 'Request sent',
            message: photoError
              ? `Your request is sent, but the photo was not added: ${getErrorMessage(photoError)}`
              : 'We will e-mail you when it is reviewed.',
          });
          onClose();
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title="Request a replacement"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Item"
            placeholder="Choose the item"
            data={items.map((i) => ({
              value: String(i.id),
              label: `${i.name} (${ITEM_KIND_LABELS[i.kind]})`,
            }))}
            value={itemId}
            onChange={setItemId}
            error={errors.itemId}
            searchable
            required
            data-autofocus
          />
          <NumberInput
            label="How many"
            value={quantity}
            onChange={setQuantity}
            min={1}
            max={MAX_REPLACEMENT_QUANTITY}
            allowDecimal={false}
            allowNegative={false}
            error={errors.quantity}
            required
          />
          <Textarea
            label="What happened?"
            description="E.g. the strap tore during a class."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            maxLength={1000}
            rows={3}
            required
          />
          <FileInput
            label={`Photo (optional, PNG or JPEG, up to ${MAX_MB} MB)`}
            placeholder="Choose a photo"
            accept={PHOTO_TYPES.join(',')}
            value={photo}
            onChange={choosePhoto}
            error={errors.photo}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the photo' }}
          />
          {send.isError && Object.keys(serverFieldErrors(send.error)).length === 0 && (
            <Alert color="red" role="alert">
              {getErrorMessage(send.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send Request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
