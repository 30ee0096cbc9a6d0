import { Box, Group, Input, NativeSelect, Text } from '@mantine/core';
import type { Meridiem } from '@soulpunch/shared';
import { useId } from 'react';
import { type ClockValue, MINUTE_OPTIONS } from '../class-form';

const HOURS = Array.from({ length: 12 }, (_, i) => String(i + 1));

interface TimePickerProps {
  /** 'Start' or 'End': the group is '{name} time' and the selects '{name} hour', '{name} minutes', '{name} AM/PM'. */
  name: string;
  value: ClockValue;
  onChange: (patch: Partial<ClockValue>) => void;
  required?: boolean;
  error?: string;
  description?: string;
}

/** Spec: a time is picked by hour 1-12, minutes 00/15/30/45 and AM/PM. */
export function TimePicker({ name, value, onChange, required, error, description }: TimePickerProps) {
  const errorId = useId();
  const descriptionId = useId();
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  // An existing class may start at a minute the picker does not offer; it stays choosable.
  const minutes = MINUTE_OPTIONS.includes(value.minute as (typeof MINUTE_OPTIONS)[number])
    ? [...MINUTE_OPTIONS]
    : [...MINUTE_OPTIONS, value.minute].sort();
  const common = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    error: Boolean(error),
  };

  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        {name} time
        {required && (
          <Text span c="red.9" aria-hidden="true">
            {' '}
            *
          </Text>
        )}
      </Text>
      {description && (
        <Input.Description id={descriptionId} mt={2}>
          {description}
        </Input.Description>
      )}
      <Group gap="xs" wrap="nowrap" mt={4} align="flex-end">
        <NativeSelect
          label="Hour"
          aria-label={`${name} hour`}
          value={value.hour}
          onChange={(event) => onChange({ hour: event.currentTarget.value })}
          data={[{ value: '', label: '--' }, ...HOURS]}
          size="sm"
          {...common}
        />
        <NativeSelect
          label="Minutes"
          aria-label={`${name} minutes`}
          value={value.minute}
          onChange={(event) => onChange({ minute: event.currentTarget.value })}
          data={minutes}
          size="sm"
        />
        <NativeSelect
          label="AM/PM"
          aria-label={`${name} AM/PM`}
          value={value.meridiem}
          onChange={(event) => onChange({ meridiem: event.currentTarget.value as Meridiem })}
          data={[{ value: '', label: '--', disabled: true }, 'AM', 'PM']}
          size="sm"
          {...common}
        />
      </Group>
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </Box>
  );
}
