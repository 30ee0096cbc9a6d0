import { Button, Group, Text } from '@mantine/core';
import { IconCurrentLocation, IconMapPinSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { PlainTextInput } from '@/components/plain-field';
import type { DirectoryFilters } from '../directory-filters';
import classes from './directory-card.module.css';
import { HiddenFilters } from './hidden-filters';

/** The visitor's position to about a kilometre: enough to sort by distance, no more is kept in the address. */
const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

const LOCATION_DENIED =
  'We could not use your location. Allow location access in your browser, or search by ZIP code or city instead.';
const LOCATION_UNAVAILABLE = 'Your location is not available right now. Search by ZIP code or city instead.';

interface DistanceSearchProps {
  filters: DirectoryFilters;
  onChange: (changes: Partial<DirectoryFilters>) => void;
  placeNotFound: boolean;
}

/** Sort trainers by distance: from a ZIP code or city, or from where the visitor is ('Near me'). */
export function DistanceSearch({ filters, onChange, placeNotFound }: DistanceSearchProps) {
  const [place, setPlace] = useState(filters.from);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { pathname } = useLocation();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    onChange({ from: place.trim(), near: '' });
  }

  function nearMe() {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(LOCATION_UNAVAILABLE);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setPlace('');
        const { latitude, longitude } = position.coords;
        onChange({ near: `${roundCoordinate(latitude)},${roundCoordinate(longitude)}`, from: '' });
      },
      (error) => {
        setLocating(false);
        setProblem(error.code === error.PERMISSION_DENIED ? LOCATION_DENIED : LOCATION_UNAVAILABLE);
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  function clear() {
    setPlace('');
    setProblem(null);
    onChange({ from: '', near: '' });
  }

  // An unknown place sorts nothing: the results show only 'Place not found'.
  const sortedBy = placeNotFound ? '' : filters.near ? 'your location' : filters.from;

  return (
    <>
      {/* A real form, as the filters' (filter-panel.tsx): the browser can ask the server for the sorted directory. */}
      <form method="get" action={pathname} onSubmit={search} aria-label="Sort by distance">
        <HiddenFilters filters={filters} except={['from', 'near']} />
        <Group align="flex-end" gap="sm">
          <PlainTextInput
            name="from"
            label="ZIP or city"
            placeholder="74103 or Tulsa, OK"
            value={place}
            onChange={(event) => setPlace(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <Button
            type="submit"
            variant="default"
            leftSection={<IconMapPinSearch size={16} aria-hidden="true" />}
          >
            Sort by Distance
          </Button>
          <Button
            variant="default"
            onClick={nearMe}
            loading={locating}
            leftSection={<IconCurrentLocation size={16} aria-hidden="true" />}
          >
            Near me
          </Button>
        </Group>
      </form>
      {problem && (
        <div className={classes.notice} role="alert">
          <p>{problem}</p>
        </div>
      )}
      {sortedBy && (
        <Group gap="xs">
          <Text size="sm">Sorted by distance from {sortedBy}.</Text>
          <Button variant="subtle" size="compact-sm" onClick={clear}>
            Clear distance
          </Button>
        </Group>
      )}
    </>
  );
}
