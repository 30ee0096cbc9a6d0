// Numbers and days written without Intl, for the public pages. A page's first Intl call loads the browser's locale
// data: 90 ms for a number and 17 ms for a date on a mid-range phone (Lighthouse's 4x slower CPU, measured), spent
// while the page hydrates. The site is in US English only, so the names are plain constants.

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

/** 'Saturday, November 21, 2026' ('Sat, Nov 21, 2026' when short): a calendar day given as a UTC date. */
export function dayText(day: Date, width: Width = 'long'): string {
  return `${weekdayName(day, width)}, ${monthName(day, width)} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
