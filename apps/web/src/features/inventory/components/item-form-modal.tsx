import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type InventoryItem,
  ITEM_KIND_LABELS,
  ITEM_KINDS,
  type ItemKind,
  itemEditSchema,
  newItemSchema,
} from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useCreateItem, useEditItem } from '../api/inventory';
import { fieldErrorsOf, serverFieldErrors } from '../form-errors';

const KIND_OPTIONS = ITEM_KINDS.map((kind) => ({ value: kind, label: ITEM_KIND_LABELS[kind] }));

interface ItemFormModalProps {
  /** Editing this item; a new item when absent. */
  item?: InventoryItem;
  onClose: () => void;
}

/** Adds an item with its starting stock, or edits one (its stock changes only through an adjustment). */
export function ItemFormModal({ item, onClose }: ItemFormModalProps) {
  const create = useCreateItem();
  const edit = useEditItem(item?.id ?? 0);
  const save = item ? edit : create;
  const [kind, setKind] = useState<ItemKind>(item?.kind ?? 'equipment');
  const [name, setName] = useState(item?.name ?? '');
  const [sku, setSku] = useState(item?.sku ?? '');
  const [threshold, setThreshold] = useState<number | string>(item?.reorderThreshold ?? 0);
  const [stock, setStock] = useState<number | string>(0);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = { kind, name, sku, reorderThreshold: Number(threshold) };
    const parsed = item
      ? itemEditSchema.safeParse(fields)
      : newItemSchema.safeParse({ ...fields, stock: Number(stock) });
    const found = fieldErrorsOf(parsed);
    setErrors(found);
    if (!parsed.success) return;
    const done = () => {
      notifications.show({ color: 'green', title: item ? 'Item saved' : 'Item added', message: name.trim() });
      onClose();
    };
    const failed = (error: unknown) => setErrors(serverFieldErrors(error));
    if (item) edit.mutate(fields, { onSuccess: done, onError: failed });
    else create.mutate({ ...fields, stock: Number(stock) }, { onSuccess: done, onError: failed });
  }

  const title = item ? `Edit ${item.name}` : 'Add an item';
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Kind"
            data={KIND_OPTIONS}
            value={kind}
            onChange={(value) => value && setKind(value as ItemKind)}
            allowDeselect={false}
            error={errors.kind}
            required
          />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            maxLength={120}
            required
            data-autofocus
          />
          <TextInput
            label="SKU"
            description="Letters, digits and dashes, e.g. MITT-PAIR"
            value={sku}
            onChange={(e) => setSku(e.currentTarget.value.toUpperCase())}
            error={errors.sku}
            maxLength={40}
            required
          />
          <NumberInput
            label="Reorder threshold"
            description="Administrators are e-mailed when stock falls to this number or below."
            value={threshold}
            onChange={setThreshold}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            error={errors.reorderThreshold}
            required
          />
          {!item && (
            <NumberInput
              label="Starting stock"
              value={stock}
              onChange={setStock}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              error={errors.stock}
              required
            />
          )}
          {save.isError && Object.keys(serverFieldErrors(save.error)).length === 0 && (
            <Alert color="red" role="alert">
              {getErrorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {item ? 'Save Item' : 'Add Item'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
