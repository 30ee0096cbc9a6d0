import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { CLASS_LEVELS, CLASS_TYPES, type ClassSummary, classMessages } from '@soulpunch/shared';
import { isApiError } from '@/lib/api-client';
import { useCreateClass } from '../api/create-class';
import { type ClassTimeZone, useClassTimeZone } from '../api/get-class-time-zone';
import { useUpdateClass } from '../api/update-class';
import {
  type ClassFormField,
  type ClassFormValues,
  type ClassTimes,
  type ClockValue,
  changeEnd,
  changeStart,
  classFormErrors,
  classToForm,
  endsNextDay,
  newClassForm,
  toClassInput,
  validateClassForm,
} from '../class-form';
import { CLASS_LEVEL_LABELS, CLASS_TYPE_LABELS } from '../format';
import { timeZoneDescription, timeZoneOptions } from '../time-zones';
import { TimePicker } from './time-picker';

const ZONE_SOURCES: Record<ClassTimeZone['source'] | 'chosen' | 'kept', string> = {
  chosen: 'You chose this time zone.',
  kept: "The class's time zone.",
  place: "From the class's location.",
  trainer:
    'From your own city: the location names no place we know (add the city and state, e.g. Boulder, CO).',
  default: 'Central Time: the location names no place we know (add the city and state, e.g. Boulder, CO).',
};

/** The place as one key, so the lookup waits until the trainer stops typing. */
const placeKey = (location: string, address: string) => JSON.stringify([location.trim(), address.trim()]);

const typeOptions = CLASS_TYPES.map((value) => ({ value, label: CLASS_TYPE_LABELS[value] }));
const levelOptions = CLASS_LEVELS.map((value) => ({ value, label: CLASS_LEVEL_LABELS[value] }));

interface ClassFormModalProps {
  trainerId: number;
  /** The class being edited; none to add a new one. */
  editing?: ClassSummary;
  /** The trainer's basic class payment link, a new class's default (null while it loads or when none). */
  defaultPaymentLink: string | null;
  onClose: () => void;
}

/** The Add Class dialog (spec 2 'Class calendar'), also used to edit a class. Mounted only while open. */
export function ClassFormModal({ trainerId, editing, defaultPaymentLink, onClose }: ClassFormModalProps) {
  // Checked as the API's body by the shared rule the server applies; editing a field clears its message.
  const form = useForm<ClassFormValues>({
    initialValues: editing ? classToForm(editing) : newClassForm(),
    validate: validateClassForm,
  });
  const { values } = form;
  // The messages are the shared schema's or the server's: text.
  const errors = form.errors as Partial<Record<ClassFormField, string>>;
  // The class's zone comes from its place (the server's lookup) unless the trainer picks one by hand.
  const [debouncedPlace] = useDebouncedValue(placeKey(values.location, values.address), 400);
  const originalPlace = editing ? placeKey(editing.location, editing.address ?? '') : null;
  const placeChanged = debouncedPlace !== originalPlace;
  const [location = '', address = ''] = JSON.parse(debouncedPlace) as string[];
  const lookup = useClassTimeZone(placeChanged ? { location, address } : null);
  // An edited class moved to a place nobody knows keeps its zone (the server does the same).
  const looked = lookup.data && (!editing || lookup.data.source === 'place') ? lookup.data : undefined;
  const timeZone = values.timeZone || looked?.timeZone || editing?.timeZone || null;
  const zoneSource = values.timeZone ? 'chosen' : looked ? looked.source : editing ? 'kept' : null;
  const create = useCreateClass();
  const update = useUpdateClass();
  const busy = create.isPending || update.isPending;

  // Field by field: setting a field clears its own message and leaves the others' (a new start also sets the end).
  function setTimes(next: ClassTimes, fields: ReadonlyArray<keyof ClassTimes>) {
    for (const field of fields) form.setFieldValue(field, next[field]);
  }

  function setStart(patch: Partial<ClockValue>) {
    setTimes(changeStart(form.getValues(), patch), ['start', 'end', 'picked']);
  }

  function setEnd(patch: Partial<ClockValue>) {
    setTimes(changeEnd(form.getValues(), patch), ['end', 'picked']);
  }

  const handleSubmit = form.onSubmit((formValues) => {
    const input = toClassInput(formValues);
    const showServerErrors = (error: unknown) => {
      if (isApiError(error, 400)) form.setErrors(classFormErrors(error.body?.error.fields));
    };
    if (editing) {
      update.mutate(
        { classId: editing.id, input },
        {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              title: 'Class Updated',
              message: 'Your class has been updated.',
            });
            onClose();
          },
          onError: (error) => {
            showServerErrors(error);
            notifications.show({
              color: 'red',
              title: 'Error',
              message: 'Failed to update class. Please try again.',
            });
          },
        },
      );
      return;
    }
    create.mutate(
      { trainerId, input },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Class Added', message: classMessages.added });
          onClose();
        },
        onError: (error) => {
          showServerErrors(error);
          notifications.show({ color: 'red', title: 'Error', message: classMessages.addFailed });
        },
      },
    );
  });

  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      onClose={onClose}
      title={editing ? 'Edit Class' : 'Add Class'}
      size="lg"
      closeOnClickOutside={!busy}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput label="Class title" required {...form.getInputProps('title')} />
          <TextInput type="date" label="Date" required {...form.getInputProps('date')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TimePicker
              name="Start"
              required
              value={values.start}
              onChange={setStart}
              error={errors.start}
              description="Hours 1 to 6 are afternoon classes unless you pick AM."
            />
            <TimePicker
              name="End"
              value={values.end}
              onChange={setEnd}
              error={errors.end}
              description={
                endsNextDay(values) ? 'Ends the next day.' : 'Two hours after the start unless you change it.'
              }
            />
          </SimpleGrid>
          <TextInput
            label="Location"
            required
            placeholder="Tulsa, OK"
            description="Venue, city and state, e.g. Community Center, Tulsa, OK"
            {...form.getInputProps('location')}
          />
          <TextInput label="Address (optional)" {...form.getInputProps('address')} />
          <NativeSelect
            label="Time zone"
            data={[
              ...(timeZone ? [] : [{ value: '', label: 'Finding the time zone of the location...' }]),
              ...timeZoneOptions(timeZone ?? ''),
            ]}
            value={timeZone ?? ''}
            onChange={(event) => form.setFieldValue('timeZone', event.currentTarget.value)}
            error={errors.timeZone}
            description={
              timeZone && zoneSource
                ? `${ZONE_SOURCES[zoneSource]} Times are in ${timeZoneDescription(timeZone, values.date)}.`
                : 'The time zone follows the location.'
            }
          />
          <Textarea label="Notes (optional)" rows={3} {...form.getInputProps('notes')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Price ($)"
              description="0 makes the class free."
              min={0}
              decimalScale={2}
              {...form.getInputProps('price')}
            />
            <NumberInput
              label="Capacity"
              description="People who can register before the waitlist starts."
              min={1}
              allowDecimal={false}
              {...form.getInputProps('capacity')}
            />
            <NativeSelect label="Class type" data={typeOptions} {...form.getInputProps('type')} />
            <NativeSelect label="Level" data={levelOptions} {...form.getInputProps('level')} />
          </SimpleGrid>
          <TextInput
            label="Tags (optional)"
            description="Separate tags with commas."
            {...form.getInputProps('tags')}
          />
          <TextInput
            type="url"
            label="Payment link"
            description="Where people pay for the class. Starts as your basic class payment link; leave empty for none."
            {...form.getInputProps('paymentLink')}
            // Until the trainer edits it, their basic class payment link, which may arrive after the dialog opened.
            value={values.paymentLink ?? defaultPaymentLink ?? ''}
          />
          {Object.keys(errors).length > 0 && (
            <Text size="sm" c="red.9" role="alert">
              Please correct the highlighted fields.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save Changes' : 'Add Class'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
