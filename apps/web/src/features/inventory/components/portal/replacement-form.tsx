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

/** What is wrong with a chosen photo before it is sent (the server checks its bytes again). */
function photoProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!PHOTO_TYPES.includes(file.type)) return 'Please choose a PNG or JPEG photo.';
  if (file.size > REPLACEMENT_PHOTO_MAX_BYTES) return `The photo must be ${MAX_MB} MB or smaller.`;
  return undefined;
}

interface Values {
  itemId: string | null;
  quantity: number | string;
  reason: string;
  photo: File | null;
}

interface FieldsProps {
  items: TrainerReplacements['items'];
  values: Values;
  onChange: (values: Values) => void;
  errors: Record<string, string | undefined>;
}

function ReplacementFields({ items, values, onChange, errors }: FieldsProps) {
  const set = (changes: Partial<Values>) => onChange({ ...values, ...changes });
  return (
    <>
      <Select
        label="Item"
        placeholder="Choose the item"
        data={items.map((i) => ({ value: String(i.id), label: `${i.name} (${ITEM_KIND_LABELS[i.kind]})` }))}
        value={values.itemId}
        onChange={(itemId) => set({ itemId })}
        error={errors.itemId}
        searchable
        required
        data-autofocus
      />
      <NumberInput
        label="How many"
        value={values.quantity}
        onChange={(quantity) => set({ quantity })}
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
        value={values.reason}
        onChange={(e) => set({ reason: e.currentTarget.value })}
        error={errors.reason}
        maxLength={1000}
        rows={3}
        required
      />
      <FileInput
        label={`Photo (optional, PNG or JPEG, up to ${MAX_MB} MB)`}
        placeholder="Choose a photo"
        accept={PHOTO_TYPES.join(',')}
        value={values.photo}
        onChange={(photo) => set({ photo })}
        error={errors.photo ?? photoProblem(values.photo)}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the photo' }}
      />
    </>
  );
}

interface ReplacementFormProps {
  trainerId: number;
  items: TrainerReplacements['items'];
  onClose: () => void;
}

/** A trainer asks for a replacement: the item, how many, what happened and, if they have one, a photo. */
export function ReplacementForm({ trainerId, items, onClose }: ReplacementFormProps) {
  const send = useRequestReplacement(trainerId);
  const [values, setValues] = useState<Values>({ itemId: null, quantity: 1, reason: '', photo: null });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { itemId: Number(values.itemId), quantity: Number(values.quantity), reason: values.reason };
    const parsed = replacementInputSchema.safeParse(input);
    const found: Record<string, string | undefined> = { ...fieldErrorsOf(parsed) };
    if (!values.itemId) found.itemId = 'Choose the item';
    setErrors(found);
    if (!parsed.success || !values.itemId || photoProblem(values.photo)) return;
    send.mutate(
      { input: parsed.data, photo: values.photo },
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
          <ReplacementFields items={items} values={values} onChange={setValues} errors={errors} />
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
