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
  instantToZonedTime,
  SLOT_MINUTES,
  type TrainingSession,
  trainingSessionInputSchema,
} from '@soulpunch/shared';
import type { z } from 'zod';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useCreateEvent, useCreateSession, usePublishSlots, useUpdateSession } from '../api/admin-calendar';
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

/** The form's values for a session as scheduled: its day and hours in its own zone. */
function sessionValues(session: TrainingSession) {
  const start = instantToZonedTime(new Date(session.start), session.timeZone);
  const end = instantToZonedTime(new Date(session.end), session.timeZone);
  return {
    title: session.title,
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    timeZone: session.timeZone,
    location: session.location,
    description: session.description ?? '',
    capacity: session.capacity,
  };
}

/**
 * A new session on `day`, or (with `session`) an edit of one: its registrants are e-mailed the updated invite, and
 * its seats cannot go below those taken (the server says so on the field).
 */
export function SessionForm({ day, onDone, session }: FormProps & { session?: TrainingSession }) {
  const form = useEntryForm(
    trainingSessionInputSchema,
    session
      ? sessionValues(session)
      : {
          title: 'Train the Trainer',
          date: day,
          startTime: '09:00',
          endTime: '17:00',
          timeZone: browserTimeZone(),
          location: '',
          description: '',
          capacity: 12,
        },
  );
  const create = useCreateSession();
  const update = useUpdateSession();
  const submit = form.onSubmit((values) => {
    const body = trainingSessionInputSchema.parse(values);
    const handlers = {
      onSuccess: (saved: TrainingSession) => {
        notifications.show({
          color: 'green',
          title: session ? 'Session updated' : 'Session scheduled',
          message: session
            ? `${saved.title}, ${saved.date} ${saved.time}: registered trainers have been e-mailed any change.`
            : `${saved.title}, ${saved.time}`,
        });
        onDone();
      },
      onError: (error: unknown) => showError(form, error),
    };
    if (session) update.mutate({ id: session.id, body }, handlers);
    else create.mutate(body, handlers);
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={session ? 'Edit training session' : 'New training session'}
    >
      <Stack gap="sm">
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <WhenFields form={form} />
        <NativeSelect label="Time zone" data={zoneOptions()} {...form.getInputProps('timeZone')} />
        <TextInput label="Place" required {...form.getInputProps('location')} />
        <NumberInput label="Seats" min={1} required {...form.getInputProps('capacity')} />
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {session ? 'Save changes' : 'Schedule session'}
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
