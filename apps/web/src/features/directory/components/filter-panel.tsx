import { Badge, CloseButton, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { AVAILABILITY_FILTER_OPTIONS, type DirectoryFilters, LOCATION_OPTIONS } from '../directory-filters';
import { stateName } from '../us-states';
import { DistanceSearch } from './distance-search';

interface FilterPanelProps {
  filters: DirectoryFilters;
  /** What is typed in the search box; it reaches the filters a moment later. */
  text: string;
  onTextChange: (text: string) => void;
  onChange: (changes: Partial<DirectoryFilters>) => void;
  /** The searched place is unknown: the results say so, and nothing claims a distance order. */
  placeNotFound: boolean;
}

/** A place from a popular-location link ('New York') is not in the dropdown: it is added so it shows. */
function locationOptions(current: string) {
  const options: { value: string; label: string }[] = LOCATION_OPTIONS.map((o) => ({ ...o }));
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return options;
}

export function FilterPanel({ filters, text, onTextChange, onChange, placeNotFound }: FilterPanelProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Search and filters">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Search trainers"
            placeholder="Name, location or specialty"
            value={text}
            onChange={(event) => onTextChange(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            type="search"
          />
          <NativeSelect
            label="Location"
            value={filters.location}
            data={locationOptions(filters.location)}
            onChange={(event) => onChange({ location: event.currentTarget.value })}
          />
          <NativeSelect
            label="Availability"
            value={filters.availability}
            data={AVAILABILITY_FILTER_OPTIONS.map((o) => ({ ...o }))}
            onChange={(event) => onChange({ availability: event.currentTarget.value })}
          />
        </SimpleGrid>
        {/* Keyed on the searched place, so clearing it elsewhere (Reset Filters) also empties the box. */}
        <DistanceSearch
          key={`from:${filters.from}`}
          filters={filters}
          onChange={onChange}
          placeNotFound={placeNotFound}
        />
        {filters.state && (
          <Group gap="xs">
            <Badge
              size="lg"
              variant="light"
              color="blue"
              tt="none"
              rightSection={
                <CloseButton
                  size="sm"
                  aria-label={`Clear state filter ${stateName(filters.state)}`}
                  onClick={() => onChange({ state: '' })}
                />
              }
            >
              State: {stateName(filters.state)}
            </Badge>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
