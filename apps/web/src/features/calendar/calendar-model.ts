import { type AdminCalendar, dayText, monthDayText, monthYearText } from '@soulpunch/shared';

/** Days are 'YYYY-MM-DD' strings, computed in UTC so no viewer's zone shifts them. */
const DAY_MS = 86_400_000;
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => toDay(new Date(toDate(day).getTime() + n * DAY_MS));
export const weekday = (day: string) => toDate(day).getUTCDay();
export const startOfWeek = (day: string) => addDays(day, -weekday(day));
export const startOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
export function addMonths(day: string, n: number): string {
  const d = toDate(startOfMonth(day));
  d.setUTCMonth(d.getUTCMonth() + n);
  return toDay(d);
}
const endOfMonth = (day: string) => addDays(addMonths(day, 1), -1);

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const AGENDA_DAYS = 30;

/** The days a view shows around its anchor day: a month's whole weeks, one week, or the agenda's 30 days. */
export function viewRange(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'week') return { from: startOfWeek(anchor), to: addDays(startOfWeek(anchor), 6) };
  if (view === 'agenda') return { from: anchor, to: addDays(anchor, AGENDA_DAYS - 1) };
  const from = startOfWeek(startOfMonth(anchor));
  return { from, to: addDays(startOfWeek(endOfMonth(anchor)), 6) };
}

/** The anchor one step back or forward in this view. */
export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'month') return addMonths(anchor, direction);
  return addDays(anchor, direction * (view === 'week' ? 7 : AGENDA_DAYS));
}

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

// Without Intl (plain-format.ts): the trainer's Calendar writes days in its first render, as its module loads.
export const formatMonth = (day: string) => monthYearText(toDate(day));
export const formatLongDay = (day: string) => dayText(toDate(day));
export const formatShortDay = (day: string) => monthDayText(toDate(day), 'short');

/** What the heading says for the view: 'January 2026', 'Jan 4 - Jan 10', 'Jan 5 - Feb 3'. */
export function rangeTitle(view: CalendarView, anchor: string): string {
  if (view === 'month') return formatMonth(anchor);
  const { from, to } = viewRange(view, anchor);
  return `${formatShortDay(from)} - ${formatShortDay(to)}`;
}

export type EntryKind = 'session' | 'slot' | 'event' | 'dated';
export interface CalendarEntry {
  key: string;
  kind: EntryKind;
  id: number | null;
  day: string;
  /** Sorting within a day: the instant, or the day's start for whole-day items. */
  sortKey: string;
  title: string;
  /** '9:00 AM - 5:00 PM', or null for whole-day items. */
  time: string | null;
  detail: string;
  href: string | null;
}

export const KIND_LABELS: Record<EntryKind, string> = {
  session: 'Training session',
  slot: 'Consultation',
  event: 'Group event',
  dated: 'Date',
};

/** The server's lists as one list of entries, each on its own day, sorted by time. */
export function calendarEntries(calendar: AdminCalendar): CalendarEntry[] {
  const entries: CalendarEntry[] = [
    ...calendar.sessions.map((s) => ({
      key: `session-${s.id}`,
      kind: 'session' as const,
      id: s.id,
      day: s.date,
      sortKey: s.start,
      title: s.status === 'cancelled' ? `${s.title} (cancelled)` : s.title,
      time: s.time,
      detail: `${s.location} · ${s.registeredCount} of ${s.capacity} registered`,
      href: null,
    })),
    ...calendar.slots.map((s) => ({
      key: `slot-${s.id}`,
      kind: 'slot' as const,
      id: s.id,
      day: s.date,
      sortKey: s.start,
      title: s.booking ? `Consultation: ${s.booking.trainerName}` : 'Open consultation slot',
      time: s.time,
      detail: `${s.location} · with ${s.hostName}`,
      href: null,
    })),
    ...calendar.events.map((e) => ({
      key: `event-${e.id}`,
      kind: 'event' as const,
      id: e.id,
      day: e.date,
      sortKey: e.start,
      title: e.title,
      time: e.time,
      detail: [e.location, e.description].filter(Boolean).join(' · '),
      href: null,
    })),
    ...calendar.otherItems.map((item, i) => ({
      key: `dated-${item.kind}-${item.date}-${i}`,
      kind: 'dated' as const,
      id: null,
      day: item.date,
      sortKey: `${item.date}T00:00:00.000Z`,
      title: item.title,
      time: null,
      detail: item.kind === 'certification_renewal' ? 'Certification renewal' : 'Insurance expiry',
      href: item.href,
    })),
  ];
  return entries.sort((a, b) => a.day.localeCompare(b.day) || a.sortKey.localeCompare(b.sortKey));
}

export function entriesByDay(entries: CalendarEntry[]): Map<string, CalendarEntry[]> {
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of entries) byDay.set(entry.day, [...(byDay.get(entry.day) ?? []), entry]);
  return byDay;
}

/** Today in the viewer's own zone, as a day. */
export function today(now = new Date()): string {
  const p = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );
  return p;
}

/** The viewer's zone: the one an admin's entries are typed in unless they choose another. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Chicago';
}
