import {
  Button,
  Drawer,
  Group,
  Loader,
  Menu,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminCalendar } from '../api/admin-calendar';
import {
  CALENDAR_VIEWS,
  type CalendarEntry,
  type CalendarView,
  calendarEntries,
  rangeTitle,
  stepAnchor,
  today,
  viewRange,
} from '../calendar-model';
import { AgendaView, MonthView, WeekView } from './calendar-views';
import { EventForm, SessionForm, SlotsForm } from './entry-forms';
import { EntryPanel } from './entry-panel';
import { FeedCard } from './feed-card';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', agenda: 'Agenda' };
type NewEntry = 'session' | 'slots' | 'event';
const NEW_TITLES: Record<NewEntry, string> = {
  session: 'New training session',
  slots: 'Publish consultation slots',
  event: 'New group event',
};

/**
 * The admin Calendar (spec 2.5's planned module, issue 26 part 5): Train the Trainer sessions, consultation
 * availability and bookings, group events, and the dated items other modules put on it, in month, week and agenda
 * views. Phone first: the agenda is the default view, the month grid shows counts until there is room for titles.
 */
export function AdminCalendarPage() {
  useDocumentTitle('Calendar | Soul Punch Admin');
  const [view, setView] = useState<CalendarView>('agenda');
  const [anchor, setAnchor] = useState(today);
  const [selected, setSelected] = useState(today);
  const [creating, setCreating] = useState<NewEntry | null>(null);
  const [open, setOpen] = useState<CalendarEntry | null>(null);
  const { from, to } = viewRange(view, anchor);
  const calendar = useAdminCalendar(from, to);
  const entries = useMemo(() => (calendar.data ? calendarEntries(calendar.data) : []), [calendar.data]);

  const move = (direction: 1 | -1) => {
    const next = stepAnchor(view, anchor, direction);
    setAnchor(next);
    setSelected(next);
  };
  const viewProps = { entries, from, to, onOpen: setOpen };

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1}>Calendar</Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button>Add to calendar</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(Object.keys(NEW_TITLES) as NewEntry[]).map((kind) => (
              <Menu.Item key={kind} onClick={() => setCreating(kind)}>
                {NEW_TITLES[kind]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Stack gap="sm">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => setView(v as CalendarView)}
          data={CALENDAR_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
        />
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button variant="default" onClick={() => move(-1)} aria-label="Previous">
            ‹
          </Button>
          <Text fw={700} ta="center" aria-live="polite">
            {rangeTitle(view, anchor)}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              onClick={() => {
                setAnchor(today());
                setSelected(today());
              }}
            >
              Today
            </Button>
            <Button variant="default" onClick={() => move(1)} aria-label="Next">
              ›
            </Button>
          </Group>
        </Group>
      </Stack>

      {calendar.isPending ? (
        <Loader aria-label="Loading the calendar" />
      ) : calendar.isError ? (
        <Text c="red.9">{getErrorMessage(calendar.error)}</Text>
      ) : view === 'month' ? (
        <MonthView {...viewProps} month={anchor.slice(0, 7)} selected={selected} onSelect={setSelected} />
      ) : view === 'week' ? (
        <WeekView {...viewProps} />
      ) : (
        <AgendaView {...viewProps} />
      )}

      <FeedCard />

      <Modal
        opened={creating !== null}
        onClose={() => setCreating(null)}
        title={creating && NEW_TITLES[creating]}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {creating === 'session' && <SessionForm day={selected} onDone={() => setCreating(null)} />}
        {creating === 'slots' && <SlotsForm day={selected} onDone={() => setCreating(null)} />}
        {creating === 'event' && <EventForm day={selected} onDone={() => setCreating(null)} />}
      </Modal>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="bottom"
        size="auto"
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={open?.title}
      >
        {open && calendar.data && (
          <EntryPanel entry={open} calendar={calendar.data} onClose={() => setOpen(null)} />
        )}
      </Drawer>
    </Stack>
  );
}
