import { Box, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery, useMounted } from '@mantine/hooks';
import type { ClassSummary } from '@soulpunch/shared';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, lazy, type MouseEvent, Suspense, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorView } from '@/components/error-view';
import { PageLoader } from '@/components/page-loader';
import { PlainFields, PlainSelect, PlainTextInput } from '@/components/plain-field';
import { SubscribeLink } from '@/components/subscribe-link';
import { getErrorMessage } from '@/lib/api-client';
import { useFollowLink } from '@/lib/use-follow-link';
import { usePublicClasses } from '../api/get-public-classes';
import {
  addDays,
  addMonths,
  type CalendarMonth,
  isoDay,
  monthOf,
  todayIso,
  utcDayOf,
} from '../calendar-month';
import {
  ALL_CLASSES_FEED,
  calendarPrice,
  calendarTitle,
  classDetailsPath,
  classTimeText,
  formatLongDate,
  locationRegion,
  trainerFirstName,
} from '../format';
import { GridEvent, GridHidden, MonthGrid } from './month-grid';
import styles from './public-calendar.module.css';

// The dialog (Mantine's Modal, focus trap and scroll area) loads when a visitor first opens a class.
const PublicClassDialog = lazy(() =>
  import('./public-class-dialog').then((m) => ({ default: m.PublicClassDialog })),
);

export const CALENDAR_TITLE = 'Find Self-Defense Classes';
const TITLE = CALENDAR_TITLE;
/** Spec 9: the mobile breakpoint is 768 px. */
export const MOBILE_QUERY = '(max-width: 767px)';
/** The calendar shows every upcoming class; the server's largest page. */
const CALENDAR_LIMIT = 1000;

type View = 'calendar' | 'list';
export type MobileRange = 'day' | 'week' | 'month';

const RANGES: Array<{ value: MobileRange; label: string; heading: string }> = [
  { value: 'day', label: 'Today', heading: 'Today' },
  { value: 'week', label: 'Week', heading: 'The next 7 days' },
  { value: 'month', label: 'Month', heading: 'The next month' },
];

/** The last day (inclusive) of a range starting today. */
export function rangeEnd(range: MobileRange, today: string): string {
  if (range === 'day') return today;
  if (range === 'week') return addDays(today, 6);
  const { year, month } = addMonths(monthOf(today), 1);
  // A month from today: the same day next month (or its last day), less one.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return addDays(isoDay(year, month, Math.min(Number(today.slice(8, 10)), lastDay)), -1);
}

function matchesSearch(c: ClassSummary, search: string): boolean {
  if (!search) return true;
  const needle = search.toLowerCase();
  return [c.title, c.trainerName, c.location, c.address ?? '', ...c.tags].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/** One class in the list: plain elements, as the list may hold a thousand (public-calendar.module.css). */
function ClassListItem({
  c,
  onOpen,
  followLink,
}: {
  c: ClassSummary;
  onOpen: () => void;
  followLink: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const titleId = `calendar-class-${c.id}-title`;
  return (
    <li className={styles.item}>
      <div className={styles.what}>
        <h3 className={styles.title} id={titleId}>
          <button type="button" className={styles.open} onClick={onOpen}>
            {calendarTitle(c)}
          </button>
        </h3>
        {/* Each text as one string: no marker between its parts in the server's HTML, a thousand times over. */}
        <p className={styles.text}>{`with ${trainerFirstName(c)}`}</p>
        <p className={styles.text}>{`${formatLongDate(c.date)} · ${classTimeText(c)}`}</p>
        <p className={`${styles.text} ${styles.muted}`}>{c.location}</p>
        <a
          href={classDetailsPath(c.id)}
          onClick={followLink}
          className={styles.link}
          aria-describedby={titleId}
        >
          Register on the class page
        </a>
      </div>
      <p className={styles.price}>{calendarPrice(c)}</p>
    </li>
  );
}

function ClassList({
  classes,
  onOpen,
}: {
  classes: readonly ClassSummary[];
  onOpen: (c: ClassSummary) => void;
}) {
  const followLink = useFollowLink();
  if (classes.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="gray.7" ta="center">
          No classes found
        </Text>
      </Paper>
    );
  }
  return (
    <ul className={styles.list}>
      {classes.map((c) => (
        <ClassListItem key={c.id} c={c} onOpen={() => onOpen(c)} followLink={followLink} />
      ))}
    </ul>
  );
}

/** The calendar, its filters and a class's dialog: the page's island (decision record 0013). */
export function PublicCalendarContent() {
  const mounted = useMounted();
  const matchesPhone = useMediaQuery(MOBILE_QUERY);
  // Unknown (undefined) until the page runs in a browser.
  const isMobile = mounted ? matchesPhone : undefined;
  const classes = usePublicClasses({ limit: CALENDAR_LIMIT });
  const { pathname } = useLocation();
  // Filters submitted before the page came alive arrive in the address (?q=&location=).
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const [location, setLocation] = useState(() => searchParams.get('location') ?? '');
  const [view, setView] = useState<View>('calendar');
  const [range, setRange] = useState<MobileRange>('week');
  // Until a month is chosen, the month of today.
  const [chosenMonth, setMonth] = useState<CalendarMonth | null>(null);
  const [selected, setSelected] = useState<ClassSummary | null>(null);

  // The server's page and the browser's first render count from one moment, when the classes were read, in UTC
  // (the server does not know the viewer's zone): the same HTML on both sides. Once mounted, today is the viewer's.
  const today = mounted ? todayIso() : utcDayOf(classes.dataUpdatedAt);
  const month = chosenMonth ?? monthOf(today);
  const all = classes.data?.classes;
  const locations = useMemo(
    () =>
      // Plain order, not localeCompare: its first call loads the browser's collation data, while the page
      // hydrates; the regions are state abbreviations and place names in plain letters.
      [...new Set((all ?? []).map((c) => locationRegion(c.location)).filter(Boolean))].sort(),
    [all],
  );
  const filtered = (all ?? []).filter(
    (c) => matchesSearch(c, search.trim()) && (!location || locationRegion(c.location) === location),
  );

  let body: React.ReactNode;
  if (classes.isPending) body = <PageLoader label="Loading classes" />;
  else if (classes.isError) {
    body = (
      <ErrorView
        order={2}
        title="Unable to load classes"
        message={getErrorMessage(classes.error)}
        actions={<Button onClick={() => classes.refetch()}>Try Again</Button>}
      />
    );
  } else {
    const last = rangeEnd(range, today);
    const current = RANGES.find((r) => r.value === range) ?? RANGES[1];
    const inRange = filtered.filter((c) => c.date >= today && c.date <= last);
    const mobile = (
      <Stack gap="md">
        <Group gap="xs" role="group" aria-label="Show classes for">
          {RANGES.map((r) => (
            <Button
              key={r.value}
              variant={r.value === range ? 'filled' : 'default'}
              aria-pressed={r.value === range}
              onClick={() => setRange(r.value)}
              size="sm"
            >
              {r.label}
            </Button>
          ))}
        </Group>
        <Title order={2} size="h4">
          {current?.heading}
        </Title>
        <ClassList classes={inRange} onOpen={setSelected} />
      </Stack>
    );
    const desktop = (
      <Stack gap="md">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'calendar', label: 'Calendar' },
            { value: 'list', label: 'List' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {view === 'calendar' ? (
          <Paper withBorder radius="md" p="md">
            <MonthGrid
              month={month}
              today={today}
              onMonthChange={setMonth}
              items={filtered}
              dayOf={(c) => c.date}
              itemKey={(c) => c.id}
              renderItem={(c) => (
                <GridEvent onClick={() => setSelected(c)}>
                  <strong>Self-Defense</strong>
                  <GridHidden>{`: ${calendarTitle(c)},`}</GridHidden>
                  <br />
                  {classTimeText(c)}
                  <br />
                  {calendarPrice(c)}
                </GridEvent>
              )}
            />
          </Paper>
        ) : (
          <>
            <Title order={2} size="h4">
              Upcoming classes
            </Title>
            <ClassList classes={filtered} onOpen={setSelected} />
          </>
        )}
      </Stack>
    );
    // Phone or desktop is known only in the browser: the server's page (and the first render) holds both, and
    // CSS shows the one that fits, so nothing moves when the media query answers.
    body = (
      <>
        {isMobile !== false && <Box hiddenFrom="sm">{mobile}</Box>}
        {isMobile !== true && <Box visibleFrom="sm">{desktop}</Box>}
      </>
    );
  }

  return (
    <>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{TITLE}</Title>
          <Text c="gray.7">
            Find a hands-on self-defense class near you, taught by a certified Soul Punch trainer.
          </Text>
        </Stack>
        <Paper withBorder radius="md" p="md" role="search" aria-label="Filter classes">
          {/* Filters apply as they are typed; the form is for a browser submitting it before the page came alive. */}
          <form method="get" action={pathname} onSubmit={(event: FormEvent) => event.preventDefault()}>
            <PlainFields columns={2}>
              <PlainTextInput
                name="q"
                label="Search classes"
                placeholder="Class, trainer or place"
                icon={<IconSearch size={16} aria-hidden="true" />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              <PlainSelect
                name="location"
                label="Location"
                options={[
                  { value: '', label: 'All Locations' },
                  ...locations.map((l) => ({ value: l, label: l })),
                ]}
                value={location}
                onChange={(event) => setLocation(event.currentTarget.value)}
              />
            </PlainFields>
          </form>
        </Paper>
        <SubscribeLink feed={ALL_CLASSES_FEED}>Subscribe to calendar</SubscribeLink>
        {body}
      </Stack>
      {selected && (
        <Suspense fallback={null}>
          <PublicClassDialog classSummary={selected} onClose={() => setSelected(null)} />
        </Suspense>
      )}
    </>
  );
}
