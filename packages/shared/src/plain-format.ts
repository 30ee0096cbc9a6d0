// Numbers and days written without Intl, for every page's first render (the public ones and those behind a
// sign-in) and for what their modules build as they load. A page's first Intl call loads the browser's locale
// data: 90 ms for a number and 17 ms for a date on a mid-range phone (Lighthouse's 4x slower CPU, measured), spent
// while the page hydrates; in Chromium on this machine, 60-100 ms for the first number formatter alone. The site
// is in US English only, so the names are plain constants.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 12,345 or 1,234.5: as `toLocaleString('en-US')` writes it (thousands grouped, at most three decimals). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction] = String(Math.round(Math.abs(value) * 1000) / 1000).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

type Width = 'short' | 'long';

const name = (full: string, width: Width) => (width === 'long' ? full : full.slice(0, 3));

/** The name of a day's month in UTC: 'November', or 'Nov' when short. */
export const monthName = (day: Date, width: Width = 'long') => name(MONTHS[day.getUTCMonth()] ?? '', width);

/** The name of a day's weekday in UTC: 'Saturday', or 'Sat' when short. */
export const weekdayName = (day: Date, width: Width = 'long') => name(WEEKDAYS[day.getUTCDay()] ?? '', width);

/** 'November 2026': the month and year of a day given as a UTC date (a calendar's heading). */
export const monthYearText = (day: Date) => `${monthName(day)} ${day.getUTCFullYear()}`;

/** 'November 21' ('Nov 21' when short): a calendar day given as a UTC date. */
export const monthDayText = (day: Date, width: Width = 'long') =>
  `${monthName(day, width)} ${day.getUTCDate()}`;

/** 'November 21, 2026' ('Nov 21, 2026' when short): a calendar day given as a UTC date. */
export const dateText = (day: Date, width: Width = 'long') =>
  `${monthDayText(day, width)}, ${day.getUTCFullYear()}`;

/**
 * 'YYYY-MM-DD' as 'March 5, 2028', or null when `day` is not such a day. A calendar day (a training date, a
 * certificate's expiry): no time zone may shift it.
 */
export function calendarDayText(day: string | null | undefined): string | null {
  return day && isCalendarDay(day) ? dateText(new Date(`${day}T00:00:00Z`)) : null;
}

/** Whether `value` is a day of the calendar written 'YYYY-MM-DD': not '2028-02-30', which Date rolls over. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 'Nov 21, 2026': the day of a moment on the viewer's own calendar (the device's time zone). */
export const localDateText = (moment: Date) =>
  `${name(MONTHS[moment.getMonth()] ?? '', 'short')} ${moment.getDate()}, ${moment.getFullYear()}`;

/** '$1,234' or '$56.50': an amount in cents, with cents only when there are some. */
export function formatUsd(cents: number): string {
  const whole = Math.round(cents);
  const rest = Math.abs(whole % 100);
  const dollars = formatNumber(Math.trunc(whole / 100));
  const sign = whole < 0 && dollars === '0' ? '-' : '';
  return `$${sign}${dollars}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** 'Saturday, November 21, 2026' ('Sat, Nov 21, 2026' when short): a calendar day given as a UTC date. */
export function dayText(day: Date, width: Width = 'long'): string {
  return `${weekdayName(day, width)}, ${dateText(day, width)}`;
}
