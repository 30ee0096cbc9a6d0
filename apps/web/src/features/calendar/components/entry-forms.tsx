import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  consultationSlotsInputSchema,
  groupEventInputSchema,
  SLOT_MINUTES,
  trainingSessionInputSchema,
} from '@soulpunch/shared';
import type { z } from 'zod';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useCreateEvent, useCreateSession, usePublishSlots } from '../api/admin-calendar';
import { browserTimeZone } from '../calendar-model';

const US_ZONES = [
  ['America/New_York', 'Eastern'],
  ['America/Chicago', 'Central'],
  ['America/Denver', 'Mountain'],
  ['America/Phoenix', 'Arizona'],
  ['America/Los_Angeles', 'Pacific'],
  ['America/Anchorage', 'Alaska'],
  ['Pacific/Honolulu', 'Hawaii'],
] as const;

/** The zone the times are typed in: the browser's by default, so '9:00' means what the admin sees on the wall. */
function zoneOptions() {
  const own = browserTimeZone();
  const options = US_ZONES.map(([value, label]) => ({ value, label: `${label} (${value})` }));
  return options.some((o) => o.value === own) ? options : [{ value: own, label: own }, ...options];
}

interface FormProps {
  day: string;
  onDone: () => void;
}

function WhenFields({ form, withEnd = true }: { form: Form; withEnd?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: withEnd ? 3 : 2 }} spacing="sm">
      <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
      <TextInput label="Start time" type="time" required {...form.getInputProps('startTime')} />
      {withEnd && <TextInput label="End time" type="time" required {...form.getInputProps('endTime')} />}
    </SimpleGrid>
  );
}

/** The server's field messages on the form, anything else as a notification. */
function showError(form: Form, error: unknown) {
  const fields = isApiError(error, 400) ? error.body?.error.fields : undefined;
  if (fields && Object.keys(fields).length) form.setErrors(fields);
  else notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
}

function useEntryForm<S extends z.ZodType>(schema: S, initialValues: Record<string, unknown>) {
  return useForm<Record<string, unknown>>({
    initialValues,
    validate: schemaResolver(schema as never, { sync: true }),
  });
}
type Form = ReturnType<typeof useEntryForm>;

export function SessionForm({ day, onDone }: FormProps) {
  const form = useEntryForm(trainingSessionInputSchema, {
    title: 'Train the Trainer',
    date: day,
    startTime: '09:00',
    endTime: '17:00',
    timeZone: browserTimeZone(),
    location: '',
    description: '',
    capacity: 12,
  });
  const create = useCreateSession();
  const submit = form.onSubmit((values) =>
    create.mutate(trainingSessionInputSchema.parse(values), {
      onSuccess: (session) => {
        notifications.show({
          color: 'green',
          title: 'Session scheduled',
          message: `${session.title}, ${session.time}`,
        });
        onDone();
      },
      onError: (error) => showError(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="New training session">
      <Stack gap="sm">
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <WhenFields form={form} />
        <NativeSelect label="Time zone" data={zoneOptions()} {...form.getInputProps('timeZone')} />
        <TextInput label="Place" required {...form.getInputProps('location')} />
        <NumberInput label="Seats" min={1} required {...form.getInputProps('capacity')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Schedule session
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SlotsForm({ day, onDone }: FormProps) {
  const form = useEntryForm(consultationSlotsInputSchema, {
    date: day,
    startTime: '10:00',
    timeZone: browserTimeZone(),
    minutes: '30',
    count: 4,
    location: 'Video call (the link comes by e-mail)',
  });
  const publish = usePublishSlots();
  const submit = form.onSubmit((values) =>
    publish.mutate(consultationSlotsInputSchema.parse(values), {
      onSuccess: (slots) => {
        notifications.show({
          color: 'green',
          title: 'Slots published',
          message: `${slots.length} consultation slot${slots.length === 1 ? '' : 's'} trainers can book.`,
        });
        onDone();
      },
      onError: (error) => showError(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Publish consultation slots">
      <Stack gap="sm">
        <WhenFields form={form} withEnd={false} />
        <NativeSelect label="Time zone" data={zoneOptions()} {...form.getInputProps('timeZone')} />
        <SimpleGrid cols={2} spacing="sm">
          <NativeSelect
            label="Minutes each"
            data={SLOT_MINUTES.map((m) => String(m))}
            {...form.getInputProps('minutes')}
          />
          <NumberInput label="Number of slots" min={1} required {...form.getInputProps('count')} />
        </SimpleGrid>
        <TextInput label="Where" required {...form.getInputProps('location')} />
        <Group justify="flex-end">
          <Button type="submit" loading={publish.isPending}>
            Publish slots
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EventForm({ day, onDone }: FormProps) {
  const form = useEntryForm(groupEventInputSchema, {
    title: '',
    date: day,
    startTime: '18:00',
    endTime: '20:00',
    timeZone: browserTimeZone(),
    location: '',
    description: '',
  });
  const create = useCreateEvent();
  const submit = form.onSubmit((values) =>
    create.mutate(groupEventInputSchema.parse(values), {
      onSuccess: (event) => {
        notifications.show({
          color: 'green',
          title: 'Event added',
          message: `${event.title}, ${event.time}`,
        });
        onDone();
      },
      onError: (error) => showError(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="New group event">
      <Stack gap="sm">
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <WhenFields form={form} />
        <NativeSelect label="Time zone" data={zoneOptions()} {...form.getInputProps('timeZone')} />
        <TextInput label="Place" required {...form.getInputProps('location')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Add event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
