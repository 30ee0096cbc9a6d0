import { Paper, Stack } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router';
import { PlainFields, PlainSelect, PlainTextInput } from '@/components/plain-field';
import { AVAILABILITY_FILTER_OPTIONS, type DirectoryFilters, LOCATION_OPTIONS } from '../directory-filters';
import { stateName } from '../us-states';
import classes from './directory-card.module.css';
import { DistanceSearch } from './distance-search';
import { HiddenFilters } from './hidden-filters';

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
  const { pathname } = useLocation();

  // Enter in the search box applies the search at once, without waiting out its pause.
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ q: text.trim() });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Search and filters">
      <Stack gap="md">
        {/* A real form: submitted before the page's script has run, the browser asks the server for the filtered
            directory (the filters live in the page address), and what was typed is kept (PlainTextInput). */}
        <form method="get" action={pathname} onSubmit={search} aria-label="Filter trainers">
          <HiddenFilters filters={filters} except={['q', 'location', 'availability']} />
          <PlainFields columns={3}>
            <PlainTextInput
              name="q"
              label="Search trainers"
              placeholder="Name, location or specialty"
              value={text}
              onChange={(event) => onTextChange(event.currentTarget.value)}
              icon={<IconSearch size={16} aria-hidden="true" />}
              type="search"
            />
            <PlainSelect
              name="location"
              label="Location"
              value={filters.location}
              options={locationOptions(filters.location)}
              onChange={(event) => onChange({ location: event.currentTarget.value })}
            />
            <PlainSelect
              name="availability"
              label="Availability"
              value={filters.availability}
              options={AVAILABILITY_FILTER_OPTIONS}
              onChange={(event) => onChange({ availability: event.currentTarget.value })}
            />
          </PlainFields>
        </form>
        {/* Keyed on the searched place, so clearing it elsewhere (Reset Filters) also empties the box. */}
        <DistanceSearch
          key={`from:${filters.from}`}
          filters={filters}
          onChange={onChange}
          placeNotFound={placeNotFound}
        />
        {filters.state && (
          <div>
            <span className={classes.chosen}>
              State: {stateName(filters.state)}
              <button
                type="button"
                className={classes.clear}
                aria-label={`Clear state filter ${stateName(filters.state)}`}
                onClick={() => onChange({ state: '' })}
              >
                <IconX size={14} aria-hidden="true" />
              </button>
            </span>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
