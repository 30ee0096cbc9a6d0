import {
  Button,
  Center,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CLASS_TYPES, type ClassSummary, type ClassType } from '@soulpunch/shared';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { PlainFields, PlainSelect, PlainTextInput } from '@/components/plain-field';
import { SubscribeLink } from '@/components/subscribe-link';
import { getErrorMessage } from '@/lib/api-client';
import { usePublicClasses } from '../api/get-public-classes';
import { ALL_CLASSES_FEED, CLASS_TYPE_LABELS, formatLongDate } from '../format';
import { ClassCard } from './class-card';

// A page of classes: a phone's first screens show a few; the server renders and the browser hydrates only these.
export const CLASSES_PAGE_SIZE = 12;
export const CLASSES_TITLE = 'Upcoming Classes & Workshops';
const TITLE = CLASSES_TITLE;
const typeOptions = [
  { value: '', label: 'All class types' },
  ...CLASS_TYPES.map((value) => ({ value, label: CLASS_TYPE_LABELS[value] })),
];

type View = 'list' | 'calendar';

function groupByDate(classes: readonly ClassSummary[]): Array<[string, ClassSummary[]]> {
  const groups = new Map<string, ClassSummary[]>();
  for (const c of classes) groups.set(c.date, [...(groups.get(c.date) ?? []), c]);
  return [...groups.entries()];
}

function ClassList({ classes }: { classes: readonly ClassSummary[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {classes.map((c) => (
        <ClassCard key={c.id} classSummary={c} headingOrder={2} />
      ))}
    </SimpleGrid>
  );
}

/** Spec: the calendar view groups the classes by date. */
function ClassesByDate({ classes }: { classes: readonly ClassSummary[] }) {
  return (
    <Stack gap="xl">
      {groupByDate(classes).map(([date, dayClasses]) => (
        <Stack key={date} gap="sm" component="section" aria-labelledby={`day-${date}`}>
          <Title order={2} size="h3" id={`day-${date}`}>
            {formatLongDate(date)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {dayClasses.map((c) => (
              <ClassCard key={c.id} classSummary={c} headingOrder={3} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** Spec 2 'Public classes': every upcoming class, from the server, with search, location and type filters. */
/** A class type from the address, '' for any other value. */
const classTypeOf = (value: string | null): ClassType | '' => CLASS_TYPES.find((t) => t === value) ?? '';

/** The filters are a real form: submitted before the page's script has run, the server renders the filtered list. */
const applyAsTyped = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/** The classes, their filters and views: the page's island (decision record 0013). */
export function PublicClassesContent() {
  const { pathname } = useLocation();
  // Filters submitted before the page came alive arrive in the address (?q=&location=&type=).
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const [location, setLocation] = useState(() => searchParams.get('location') ?? '');
  const [type, setType] = useState<ClassType | ''>(() => classTypeOf(searchParams.get('type')));
  const [view, setView] = useState<View>('list');
  const [limit, setLimit] = useState(CLASSES_PAGE_SIZE);
  const [q] = useDebouncedValue(search.trim(), 300);
  const [place] = useDebouncedValue(location.trim(), 300);
  const classes = usePublicClasses({ q, location: place, type, limit });
  const filtered = Boolean(search.trim() || location.trim() || type);

  function resetFilters() {
    setSearch('');
    setLocation('');
    setType('');
    setLimit(CLASSES_PAGE_SIZE);
  }

  let results: React.ReactNode;
  if (classes.isPending) results = <PageLoader label="Loading classes" />;
  else if (classes.isError) {
    results = (
      <ErrorView
        order={2}
        title="Unable to load classes"
        message={getErrorMessage(classes.error)}
        actions={<Button onClick={() => classes.refetch()}>Try Again</Button>}
      />
    );
  } else if (classes.data.classes.length === 0) {
    results = (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm">
          <Title order={2} size="h4">
            No classes found
          </Title>
          <Text c="gray.7" ta="center">
            {filtered
              ? 'Try another search or clear the filters.'
              : 'New classes are added often. Please check back soon.'}
          </Text>
          {filtered && (
            <Button variant="default" onClick={resetFilters}>
              Reset Filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  } else {
    const { classes: shown, total } = classes.data;
    results = (
      <Stack gap="lg">
        <Text size="sm" c="gray.7" role="status">
          {total === 1 ? '1 class' : `${total} classes`}
        </Text>
        {view === 'list' ? <ClassList classes={shown} /> : <ClassesByDate classes={shown} />}
        {total > shown.length && (
          <Center>
            <Button
              variant="default"
              loading={classes.isFetching}
              onClick={() => setLimit((current) => current + CLASSES_PAGE_SIZE)}
            >
              Show More Classes
            </Button>
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{TITLE}</Title>
        <Text c="gray.7">
          Hands-on self-defense classes and workshops taught by certified Soul Punch trainers.
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md" role="search" aria-label="Filter classes">
        {/* Filters apply as they are typed; the form is for a browser submitting it before the page came alive. */}
        <form method="get" action={pathname} onSubmit={applyAsTyped}>
          <PlainFields columns={3}>
            <PlainTextInput
              name="q"
              label="Search"
              placeholder="Class, trainer or tag"
              icon={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setLimit(CLASSES_PAGE_SIZE);
              }}
            />
            <PlainTextInput
              name="location"
              label="Location"
              placeholder="City or state"
              value={location}
              onChange={(event) => {
                setLocation(event.currentTarget.value);
                setLimit(CLASSES_PAGE_SIZE);
              }}
            />
            <PlainSelect
              name="type"
              label="Class type"
              options={typeOptions}
              value={type}
              onChange={(event) => {
                setType(event.currentTarget.value as ClassType | '');
                setLimit(CLASSES_PAGE_SIZE);
              }}
            />
          </PlainFields>
          {/* Enter in a box submits a form of two text boxes only when it has a submit button. */}
          <button type="submit" hidden tabIndex={-1}>
            Search
          </button>
        </form>
      </Paper>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'list', label: 'List' },
            { value: 'calendar', label: 'Calendar' },
          ]}
        />
        <SubscribeLink feed={ALL_CLASSES_FEED}>Subscribe to calendar</SubscribeLink>
      </Group>
      {results}
    </Stack>
  );
}
