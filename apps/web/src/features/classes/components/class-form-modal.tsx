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
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CLASS_LEVELS,
  CLASS_TYPES,
  type ClassLevel,
  type ClassSummary,
  type ClassType,
  classMessages,
} from '@soulpunch/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { useCreateClass } from '../api/create-class';
import { type ClassTimeZone, useClassTimeZone } from '../api/get-class-time-zone';
import { useUpdateClass } from '../api/update-class';
import {
  type ClassFormErrors,
  type ClassFormField,
  type ClassFormState,
  type ClassFormValues,
  type ClockValue,
  changeEnd,
  changeStart,
  classToForm,
  endsNextDay,
  formErrorsFromServer,
  newClassForm,
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
  const [state, setState] = useState<ClassFormState>(() =>
    editing ? classToForm(editing) : newClassForm({ paymentLink: defaultPaymentLink }),
  );
  const [errors, setErrors] = useState<ClassFormErrors>({});
  // The class's zone comes from its place (the server's lookup) unless the trainer picks one by hand.
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const [debouncedPlace] = useDebouncedValue(placeKey(state.values.location, state.values.address), 400);
  const originalPlace = editing ? placeKey(editing.location, editing.address ?? '') : null;
  const placeChanged = debouncedPlace !== originalPlace;
  const [location = '', address = ''] = JSON.parse(debouncedPlace) as string[];
  const lookup = useClassTimeZone(placeChanged ? { location, address } : null);
  // An edited class moved to a place nobody knows keeps its zone (the server does the same).
  const looked = lookup.data && (!editing || lookup.data.source === 'place') ? lookup.data : undefined;
  const timeZone = chosenZone ?? looked?.timeZone ?? editing?.timeZone ?? null;
  const zoneSource = chosenZone ? 'chosen' : looked ? looked.source : editing ? 'kept' : null;
  const create = useCreateClass();
  const update = useUpdateClass();
  const busy = create.isPending || update.isPending;
  const { values } = state;

  // The trainer's link may arrive after the dialog opened: it fills the field unless they already typed one.
  useEffect(() => {
    if (editing || !defaultPaymentLink) return;
    setState((current) =>
      current.paymentLinkEdited || current.values.paymentLink
        ? current
        : { ...current, values: { ...current.values, paymentLink: defaultPaymentLink } },
    );
  }, [editing, defaultPaymentLink]);

  function clearError(...fields: ClassFormField[]) {
    setErrors((current) => {
      if (!fields.some((field) => current[field])) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }

  function set<K extends keyof ClassFormValues>(key: K, value: ClassFormValues[K]) {
    setState((current) => ({
      ...current,
      paymentLinkEdited: current.paymentLinkEdited || key === 'paymentLink',
      values: { ...current.values, [key]: value },
    }));
    clearError(key);
  }

  function setStart(patch: Partial<ClockValue>) {
    setState((current) => changeStart(current, patch));
    clearError('start', 'end');
  }

  function setEnd(patch: Partial<ClockValue>) {
    setState((current) => changeEnd(current, patch));
    clearError('end');
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateClassForm(state, chosenZone ?? undefined);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const showServerErrors = (error: unknown) => {
      if (isApiError(error, 400)) setErrors(formErrorsFromServer(error.body?.error.fields));
    };
    if (editing) {
      update.mutate(
        { classId: editing.id, input: result.input },
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
      { trainerId, input: result.input },
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
  }

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
          <TextInput
            label="Class title"
            required
            value={values.title}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={errors.title}
          />
          <TextInput
            type="date"
            label="Date"
            required
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value)}
            error={errors.date}
          />
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
            value={values.location}
            onChange={(event) => set('location', event.currentTarget.value)}
            error={errors.location}
          />
          <TextInput
            label="Address (optional)"
            value={values.address}
            onChange={(event) => set('address', event.currentTarget.value)}
            error={errors.address}
          />
          <NativeSelect
            label="Time zone"
            data={[
              ...(timeZone ? [] : [{ value: '', label: 'Finding the time zone of the location...' }]),
              ...timeZoneOptions(timeZone ?? ''),
            ]}
            value={timeZone ?? ''}
            onChange={(event) => setChosenZone(event.currentTarget.value || null)}
            description={
              timeZone && zoneSource
                ? `${ZONE_SOURCES[zoneSource]} Times are in ${timeZoneDescription(timeZone, values.date)}.`
                : 'The time zone follows the location.'
            }
          />
          <Textarea
            label="Notes (optional)"
            rows={3}
            value={values.notes}
            onChange={(event) => set('notes', event.currentTarget.value)}
            error={errors.notes}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberInput
              label="Price ($)"
              description="0 makes the class free."
              min={0}
              decimalScale={2}
              value={values.price}
              onChange={(value) => set('price', value)}
              error={errors.price}
            />
            <NumberInput
              label="Capacity"
              description="People who can register before the waitlist starts."
              min={1}
              allowDecimal={false}
              value={values.capacity}
              onChange={(value) => set('capacity', value)}
              error={errors.capacity}
            />
            <NativeSelect
              label="Class type"
              data={typeOptions}
              value={values.type}
              onChange={(event) => set('type', event.currentTarget.value as ClassType)}
              error={errors.type}
            />
            <NativeSelect
              label="Level"
              data={levelOptions}
              value={values.level}
              onChange={(event) => set('level', event.currentTarget.value as ClassLevel)}
              error={errors.level}
            />
          </SimpleGrid>
          <TextInput
            label="Tags (optional)"
            description="Separate tags with commas."
            value={values.tags}
            onChange={(event) => set('tags', event.currentTarget.value)}
            error={errors.tags}
          />
          <TextInput
            type="url"
            label="Payment link"
            description="Where people pay for the class. Starts as your basic class payment link; leave empty for none."
            value={values.paymentLink}
            onChange={(event) => set('paymentLink', event.currentTarget.value)}
            error={errors.paymentLink}
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
