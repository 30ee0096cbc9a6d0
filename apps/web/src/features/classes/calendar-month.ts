import { monthYearText } from '@soulpunch/shared';

/** Month arithmetic for the month grid, on plain calendar days ('YYYY-MM-DD') so no time zone shifts them. */

export interface CalendarMonth {
  year: number;
  /** 0 for January. */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Today on the viewer's own calendar. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The UTC day of an instant: what the server and a browser in any zone agree on for the same moment. */
export function utcDayOf(instant: number): string {
  const d = new Date(instant);
  return isoDay(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

export function monthOf(iso: string): CalendarMonth {
  const [year, month] = iso.split('-').map(Number) as [number, number];
  return { year, month: month - 1 };
}

export function addMonths({ year, month }: CalendarMonth, delta: number): CalendarMonth {
  const d = new Date(Date.UTC(year, month + delta, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
}

export function monthLabel({ year, month }: CalendarMonth): string {
  return monthYearText(new Date(Date.UTC(year, month, 1)));
}

/** The weeks (Sunday to Saturday) that show the month, with the neighbouring months' days filling them. */
export function monthWeeks({ year, month }: CalendarMonth): string[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const leading = first.getUTCDay();
  const weekCount = Math.ceil((leading + daysInMonth) / 7);
  return Array.from({ length: weekCount }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => isoDay(year, month, 1 - leading + week * 7 + weekday)),
  );
}

export function addDays(iso: string, days: number): string {
  const { year, month } = monthOf(iso);
  return isoDay(year, month, Number(iso.slice(8, 10)) + days);
}

/** Sunday of the week holding this day. */
export function startOfWeek(iso: string): string {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDays(iso, -weekday);
}

export function endOfMonth(iso: string): string {
  const { year, month } = monthOf(iso);
  return isoDay(year, month + 1, 0);
}
