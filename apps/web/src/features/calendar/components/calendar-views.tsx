import { Badge, Box, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  type CalendarEntry,
  daysBetween,
  type EntryKind,
  entriesByDay,
  formatLongDay,
  KIND_LABELS,
} from '../calendar-model';
import classes from './calendar-views.module.css';

const KIND_COLORS: Record<EntryKind, string> = {
  session: 'pink.9',
  slot: 'blue.9',
  event: 'teal.9',
  // Mantine's orange.9 is 4.2:1 against the badge's white text; red.9 keeps 5.5:1 (axe, WCAG AA).
  dated: 'red.9',
};

interface ViewProps {
  entries: CalendarEntry[];
  from: string;
  to: string;
  onOpen: (entry: CalendarEntry) => void;
}

/** One entry: what it is, when, where; pressing it opens its actions. */
export function EntryRow({
  entry,
  onOpen,
}: {
  entry: CalendarEntry;
  onOpen: (entry: CalendarEntry) => void;
}) {
  return (
    <UnstyledButton
      className={classes.entry}
      onClick={() => onOpen(entry)}
      aria-label={`${entry.title}, ${entry.time ?? 'all day'}`}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={KIND_COLORS[entry.kind]} variant="filled" size="sm" style={{ flexShrink: 0 }}>
          {KIND_LABELS[entry.kind]}
        </Badge>
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {entry.title}
          </Text>
          <Text size="sm" c="gray.7">
            {entry.time ?? 'All day'}
            {entry.detail ? ` · ${entry.detail}` : ''}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

function DayList({
  day,
  entries,
  onOpen,
}: {
  day: string;
  entries: CalendarEntry[];
  onOpen: ViewProps['onOpen'];
}) {
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={formatLongDay(day)}>
      <Title order={3} size="h5" mb="xs">
        {formatLongDay(day)}
      </Title>
      {entries.length ? (
        <Stack gap="xs">
          {entries.map((entry) => (
            <EntryRow key={entry.key} entry={entry} onOpen={onOpen} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="gray.7">
          Nothing scheduled
        </Text>
      )}
    </Card>
  );
}

/** The agenda: only days with something on them, in order. */
export function AgendaView({ entries, onOpen }: ViewProps) {
  const byDay = entriesByDay(entries);
  if (byDay.size === 0) return <Text c="gray.7">Nothing scheduled in these 30 days.</Text>;
  return (
    <Stack gap="sm">
      {[...byDay].map(([day, list]) => (
        <DayList key={day} day={day} entries={list} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

/** A week: its seven days, each listed (stacked on a phone). */
export function WeekView({ entries, from, to, onOpen }: ViewProps) {
  const byDay = entriesByDay(entries);
  return (
    <Stack gap="sm">
      {daysBetween(from, to).map((day) => (
        <DayList key={day} day={day} entries={byDay.get(day) ?? []} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A month: a grid of its whole weeks where each day shows how many entries it holds (titles too from a tablet
 * up); pressing a day lists its entries below the grid.
 */
export function MonthView({
  entries,
  from,
  to,
  month,
  selected,
  onSelect,
  onOpen,
}: ViewProps & { month: string; selected: string; onSelect: (day: string) => void }) {
  const byDay = entriesByDay(entries);
  return (
    <Stack gap="md">
      {/* Each day's button says its whole date, so the weekday row is only for the eye. */}
      <SimpleGrid cols={7} spacing={2} verticalSpacing={2} role="group" aria-label="Month">
        {WEEKDAYS.map((d) => (
          <Text key={d} ta="center" size="xs" fw={700} c="gray.7" aria-hidden>
            {d}
          </Text>
        ))}
        {daysBetween(from, to).map((day) => {
          const list = byDay.get(day) ?? [];
          const inMonth = day.startsWith(month);
          return (
            <UnstyledButton
              key={day}
              className={classes.cell}
              data-outside={!inMonth || undefined}
              data-selected={day === selected || undefined}
              aria-pressed={day === selected}
              aria-label={`${formatLongDay(day)}: ${list.length ? `${list.length} scheduled` : 'nothing scheduled'}`}
              onClick={() => onSelect(day)}
            >
              <Text size="sm" fw={600}>
                {Number(day.slice(8))}
              </Text>
              {list.length > 0 && (
                <>
                  <span className={classes.count}>{list.length}</span>
                  <span className={classes.titles}>
                    {list.slice(0, 2).map((e) => (
                      <span key={e.key} className={classes.title} data-kind={e.kind}>
                        {e.title}
                      </span>
                    ))}
                  </span>
                </>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <DayList day={selected} entries={byDay.get(selected) ?? []} onOpen={onOpen} />
    </Stack>
  );
}
