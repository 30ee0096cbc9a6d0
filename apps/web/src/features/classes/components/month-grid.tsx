import { ActionIcon, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery, useMounted } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type Key, type ReactNode, useId } from 'react';
import { addMonths, type CalendarMonth, monthLabel, monthOf, monthWeeks, todayIso } from '../calendar-month';
import { formatLongDate } from '../format';
import styles from './month-grid.module.css';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/**
 * Below spec 9's mobile breakpoint (768 px) seven columns of 120 px days do not fit a phone: the month is shown
 * as an agenda of its days with classes instead (issue #14), and no page scrolls sideways.
 */
const NARROW_QUERY = '(max-width: 767px)';

interface MonthGridProps<T> {
  month: CalendarMonth;
  onMonthChange: (month: CalendarMonth) => void;
  items: readonly T[];
  /** The item's calendar day, 'YYYY-MM-DD'. */
  dayOf: (item: T) => string;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  /** Defaults to the viewer's today; tests pin it. */
  today?: string;
  /**
   * Rendered on the server, where the screen's width is not known: until mounted, both the table and the phone's
   * agenda are rendered and CSS shows the one that fits, so nothing moves once the width is known.
   */
  serverRendered?: boolean;
}

/**
 * A month of days, Sunday to Saturday, with previous / Today / next navigation. A real table, so screen
 * readers can move by row and column and hear the weekday with each day.
 */
export function MonthGrid<T>({
  month,
  onMonthChange,
  items,
  dayOf,
  itemKey,
  renderItem,
  today = todayIso(),
  serverRendered = false,
}: MonthGridProps<T>) {
  const headingId = useId();
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const mounted = useMounted();
  const label = monthLabel(month);
  const byDay = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(item);
    const dayItems = byDay.get(day);
    if (dayItems) dayItems.push(item);
    else byDay.set(day, [item]);
  }

  const agenda = (
    <MonthAgenda
      month={month}
      byDay={byDay}
      itemKey={itemKey}
      renderItem={renderItem}
      headingId={headingId}
    />
  );
  const table = (
    <Box style={{ overflowX: 'auto' }}>
      <table aria-labelledby={headingId} className={styles.table}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" className={styles.weekday}>
                <abbr title={long} className={styles.weekdayName}>
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = monthOf(day).month === month.month;
                const isToday = day === today;
                const dayItems = byDay.get(day);
                const cellClass = [styles.day, !inMonth && styles.otherMonth, isToday && styles.today]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td key={day} aria-current={isToday ? 'date' : undefined} className={cellClass}>
                    <span className={styles.dayNumber} aria-hidden="true">
                      {Number(day.slice(8, 10))}
                    </span>
                    <span className={styles.visuallyHidden}>{formatLongDate(day)}</span>
                    {dayItems && (
                      <ul className={styles.events}>
                        {dayItems.map((item) => (
                          <li key={itemKey(item)}>{renderItem(item)}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id={headingId} aria-live="polite">
          {label}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous month"
            onClick={() => onMonthChange(addMonths(month, -1))}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <Button variant="default" onClick={() => onMonthChange(monthOf(today))}>
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next month"
            onClick={() => onMonthChange(addMonths(month, 1))}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Group>

      {serverRendered ? (
        <>
          {(!mounted || narrow) && <Box hiddenFrom="sm">{agenda}</Box>}
          {(!mounted || !narrow) && <Box visibleFrom="sm">{table}</Box>}
        </>
      ) : narrow ? (
        agenda
      ) : (
        table
      )}
    </Stack>
  );
}

interface MonthAgendaProps<T> {
  month: CalendarMonth;
  byDay: Map<string, T[]>;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  headingId: string;
}

/** The month on a phone: each day that has something, in order, with its weekday and date written out. */
function MonthAgenda<T>({ month, byDay, itemKey, renderItem, headingId }: MonthAgendaProps<T>) {
  const days = monthWeeks(month)
    .flat()
    .filter((day) => monthOf(day).month === month.month && byDay.has(day));
  if (days.length === 0) {
    return (
      <Text c="gray.7" py="md">
        Nothing scheduled this month.
      </Text>
    );
  }
  return (
    <Stack component="ul" aria-labelledby={headingId} gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {days.map((day) => (
        <li key={day}>
          <Text size="sm" fw={700} mb={4}>
            {formatLongDate(day)}
          </Text>
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {(byDay.get(day) ?? []).map((item) => (
              <li key={itemKey(item)}>{renderItem(item)}</li>
            ))}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

interface GridEventProps {
  onClick: () => void;
  children: ReactNode;
  /** Shown struck through and greyed, e.g. a cancelled class. */
  struck?: boolean;
}

/** One class in a day cell: a small button that opens it (a plain element: a month may hold a thousand). */
export function GridEvent({ onClick, children, struck = false }: GridEventProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={struck ? `${styles.event} ${styles.struck}` : styles.event}
    >
      {children}
    </button>
  );
}

/** Mantine's VisuallyHidden as a plain element: read by screen readers, not shown (in each of the grid's events). */
export function GridHidden({ children }: { children: ReactNode }) {
  return <span className={styles.visuallyHidden}>{children}</span>;
}
