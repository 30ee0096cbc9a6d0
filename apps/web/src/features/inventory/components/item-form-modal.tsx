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

interface ItemValues {
  kind: ItemKind;
  name: string;
  sku: string;
  reorderThreshold: number | string;
  stock: number | string;
}

interface ItemFieldsProps {
  values: ItemValues;
  onChange: (values: ItemValues) => void;
  errors: Record<string, string>;
  /** A new item takes its starting stock; an item's stock otherwise changes only through an adjustment. */
  withStock: boolean;
}

function ItemFields({ values, onChange, errors, withStock }: ItemFieldsProps) {
  const set = (changes: Partial<ItemValues>) => onChange({ ...values, ...changes });
  const count = { min: 0, allowDecimal: false, allowNegative: false, required: true } as const;
  return (
    <>
      <Select
        label="Kind"
        data={KIND_OPTIONS}
        value={values.kind}
        onChange={(value) => value && set({ kind: value as ItemKind })}
        allowDeselect={false}
        error={errors.kind}
        required
      />
      <TextInput
        label="Name"
        value={values.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
        maxLength={120}
        required
        data-autofocus
      />
      <TextInput
        label="SKU"
        description="Letters, digits and dashes, e.g. MITT-PAIR"
        value={values.sku}
        onChange={(e) => set({ sku: e.currentTarget.value.toUpperCase() })}
        error={errors.sku}
        maxLength={40}
        required
      />
      <NumberInput
        label="Reorder threshold"
        description="Administrators are e-mailed when stock falls to this number or below."
        value={values.reorderThreshold}
        onChange={(reorderThreshold) => set({ reorderThreshold })}
        error={errors.reorderThreshold}
        {...count}
      />
      {withStock && (
        <NumberInput
          label="Starting stock"
          value={values.stock}
          onChange={(stock) => set({ stock })}
          error={errors.stock}
          {...count}
        />
      )}
    </>
  );
}

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
  const [values, setValues] = useState<ItemValues>({
    kind: item?.kind ?? 'equipment',
    name: item?.name ?? '',
    sku: item?.sku ?? '',
    reorderThreshold: item?.reorderThreshold ?? 0,
    stock: 0,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = {
      ...values,
      reorderThreshold: Number(values.reorderThreshold),
      stock: Number(values.stock),
    };
    const { stock: _startingStock, ...edited } = fields;
    const parsed = item ? itemEditSchema.safeParse(edited) : newItemSchema.safeParse(fields);
    setErrors(fieldErrorsOf(parsed));
    if (!parsed.success) return;
    const done = () => {
      notifications.show({
        color: 'green',
        title: item ? 'Item saved' : 'Item added',
        message: values.name.trim(),
      });
      onClose();
    };
    const failed = (error: unknown) => setErrors(serverFieldErrors(error));
    if (item) edit.mutate(edited, { onSuccess: done, onError: failed });
    else create.mutate(fields, { onSuccess: done, onError: failed });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={item ? `Edit ${item.name}` : 'Add an item'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ItemFields values={values} onChange={setValues} errors={errors} withStock={!item} />
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
