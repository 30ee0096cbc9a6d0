import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { AdminResource, AdminResourceList, ResourceKind } from '@soulpunch/shared';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSaveResource } from '../api/save-resource';

export const kindLabels: Record<ResourceKind, string> = {
  resource: 'Resource (in a category)',
  upcoming_training: 'Upcoming training',
  training_schedule: 'Training schedule',
};

interface FormValues {
  name: string;
  description: string;
  badge: string;
  details: string;
  url: string;
  kind: ResourceKind;
  categoryId: string | null;
  order: number;
  /** An upcoming training's first and last day, 'YYYY-MM-DD' (the date inputs' own format). */
  startsOn: string;
  endsOn: string;
}

type Field = keyof FormValues;
const FIELDS: Field[] = [
  'name',
  'description',
  'badge',
  'details',
  'url',
  'kind',
  'categoryId',
  'order',
  'startsOn',
  'endsOn',
];

const valuesOf = (r: AdminResource | null, firstCategory: number | undefined): FormValues => ({
  name: r?.name ?? '',
  description: r?.description ?? '',
  badge: r?.badge ?? '',
  details: r?.details ?? '',
  url: r?.url ?? 'https://',
  kind: r?.kind ?? 'resource',
  categoryId: r ? (r.categoryId === null ? null : String(r.categoryId)) : (firstCategory?.toString() ?? null),
  order: r?.order ?? 0,
  startsOn: r?.startsOn ?? '',
  endsOn: r?.endsOn ?? '',
});

interface ResourceFormModalProps {
  /** The resource to edit, or null to add one. */
  resource: AdminResource | null;
  categories: AdminResourceList['categories'];
  onClose: () => void;
}

/** Adds or edits one portal resource; the server checks it and rewrites the assistant's article about it. */
export function ResourceFormModal({ resource, categories, onClose }: ResourceFormModalProps) {
  // No check here: the server applies the shared resource rule and answers with a message per field.
  const form = useForm<FormValues>({
    initialValues: valuesOf(resource, categories[0]?.id),
    // Any edit also clears the message about the whole form.
    onValuesChange: () => form.clearFieldError('form'),
  });
  const { kind } = form.getValues();
  const errors = form.errors;
  const save = useSaveResource();

  const handleSubmit = form.onSubmit((values) => {
    form.clearErrors();
    const input = {
      name: values.name,
      description: values.description,
      badge: values.badge || null,
      details: values.details || null,
      url: values.url,
      kind: values.kind,
      categoryId: values.kind === 'resource' && values.categoryId ? Number(values.categoryId) : null,
      order: values.order,
      // Only an upcoming training has dates; the dashboard hides it once its last day is over.
      startsOn: values.kind === 'upcoming_training' ? values.startsOn || null : null,
      endsOn: values.kind === 'upcoming_training' ? values.endsOn || null : null,
    };
    save.mutate(
      { id: resource?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            title: resource ? 'Resource saved' : 'Resource added',
            message: `${saved.name} is saved; the assistant's article about it is rewritten.`,
          });
          onClose();
        },
        onError: (error) => {
          const fields = isApiError(error, 400) ? error.body?.error.fields : undefined;
          const known = FIELDS.filter((f) => fields?.[f]);
          if (fields && known.length > 0)
            form.setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
          else form.setErrors({ form: getErrorMessage(error) });
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={resource ? `Edit ${resource.name}` : 'Add a resource'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput label="Name" {...form.getInputProps('name')} maxLength={120} required data-autofocus />
          <Textarea
            label="Description"
            {...form.getInputProps('description')}
            maxLength={500}
            autosize
            minRows={2}
          />
          <TextInput
            label="Link"
            description="The real link trainers open, starting with https://"
            {...form.getInputProps('url')}
            required
          />
          <Group grow align="flex-start">
            <TextInput
              label="Badge"
              description="Optional, e.g. Required"
              {...form.getInputProps('badge')}
              maxLength={40}
            />
            <NumberInput
              label="Order"
              description="Lower comes first"
              {...form.getInputProps('order')}
              onChange={(v) => form.setFieldValue('order', typeof v === 'number' ? v : Number(v) || 0)}
              min={0}
              max={1000}
              allowDecimal={false}
            />
          </Group>
          <TextInput
            label="Details"
            description="Optional line under the name, e.g. the place and dates of a training"
            {...form.getInputProps('details')}
            maxLength={200}
          />
          <Group grow align="flex-start">
            <Select
              label="Kind"
              data={(Object.keys(kindLabels) as ResourceKind[]).map((k) => ({
                value: k,
                label: kindLabels[k],
              }))}
              {...form.getInputProps('kind')}
              onChange={(v) => form.setFieldValue('kind', (v as ResourceKind | null) ?? 'resource')}
              allowDeselect={false}
            />
            {kind === 'resource' && (
              <Select
                label="Category"
                data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
                {...form.getInputProps('categoryId')}
                allowDeselect={false}
              />
            )}
          </Group>
          {kind === 'upcoming_training' && (
            <Group grow align="flex-start">
              <TextInput type="date" label="First day" {...form.getInputProps('startsOn')} required />
              <TextInput
                type="date"
                label="Last day"
                description="Optional for a one-day training"
                {...form.getInputProps('endsOn')}
              />
            </Group>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {resource ? 'Save resource' : 'Add resource'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
