import { Button, Checkbox, Group, Pill, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type KeyboardEvent, useId, useState } from 'react';

interface TagPickerProps {
  /** Heading of the group, e.g. 'Specializations'. */
  title: string;
  /** The singular word for one entry, e.g. 'specialization'. */
  noun: string;
  presets: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** Custom entries may be typed comma-separated; each is trimmed, blanks are ignored, duplicates dropped. */
export function splitEntries(input: string): string[] {
  return input
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** Preset checkboxes plus custom additions shown as removable chips. */
export function TagPicker({ title, noun, presets, value, onChange, error }: TagPickerProps) {
  const [draft, setDraft] = useState('');
  const titleId = useId();
  const custom = value.filter((entry) => !presets.includes(entry));

  const toggle = (entry: string, checked: boolean) =>
    onChange(checked ? [...value, entry] : value.filter((v) => v !== entry));

  function addDraft() {
    const additions = splitEntries(draft).filter((entry, i, all) => all.indexOf(entry) === i);
    if (additions.length) onChange([...value, ...additions.filter((entry) => !value.includes(entry))]);
    setDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the entry instead of submitting the whole profile form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addDraft();
    }
  }

  return (
    <Stack gap="sm" role="group" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {presets.map((preset) => (
          <Checkbox
            key={preset}
            label={preset}
            checked={value.includes(preset)}
            onChange={(event) => toggle(preset, event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
      {custom.length > 0 && (
        <Pill.Group aria-label={`Custom ${noun} entries`}>
          {custom.map((entry) => (
            <Pill
              key={entry}
              withRemoveButton
              onRemove={() => onChange(value.filter((v) => v !== entry))}
              // Mantine hides the remove button from keyboards and screen readers by default.
              removeButtonProps={{ 'aria-label': `Remove ${entry}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {entry}
            </Pill>
          ))}
        </Pill.Group>
      )}
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={`Add custom ${noun}`}
          description="Separate several with commas."
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={handleKeyDown}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={addDraft} aria-label={`Add ${noun}`}>
          Add
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red.9">
          {error}
        </Text>
      )}
    </Stack>
  );
}
