/**
 * Class times are instants stored with the class's IANA time zone and always shown in that zone, whatever the
 * viewer's own zone. These helpers convert between wall-clock time in a zone and instants using only Intl.
 */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
export const DEFAULT_CLASS_DURATION_MINUTES = 120;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function wallClockParts(instant: number, zone: string) {
  let f = partsFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at this instant. */
function zoneOffset(instant: number, zone: string): number {
  const p = wallClockParts(instant, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the wall clock in `zone` shows this date ('YYYY-MM-DD') and time ('HH:MM', 24 h). */
export function zonedTimeToInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - zoneOffset(wall, zone);
  const second = wall - zoneOffset(first, zone);
  return new Date(second);
}

/** The date ('YYYY-MM-DD') and time ('HH:MM') the wall clock in `zone` shows at this instant. */
export function instantToZonedTime(instant: Date, zone: string): { date: string; time: string } {
  const p = wallClockParts(instant.getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * A class's end: the given end time on the same day (the next day when it is not after the start, so a class
 * can run past midnight), or two hours after the start when no end time is given.
 */
export function classEndInstant(
  date: string,
  startTime: string,
  endTime: string | null | undefined,
  zone: string,
): Date {
  const start = zonedTimeToInstant(date, startTime, zone);
  if (!endTime) return new Date(start.getTime() + DEFAULT_CLASS_DURATION_MINUTES * 60_000);
  const endDate = endTime > startTime ? date : nextDay(date);
  return zonedTimeToInstant(endDate, endTime, zone);
}

// Making a formatter costs far more than using one: a list of 1,000 classes formats 2,000 times.
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** '2:00 PM' in the class's zone. */
export function formatClockTime(instant: Date, zone: string): string {
  let f = clockFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
    clockFormatters.set(zone, f);
  }
  return f.format(instant);
}

/** The spec's time text: '2:00 PM - 4:00 PM'. */
export function formatTimeRange(start: Date, end: Date, zone: string): string {
  return `${formatClockTime(start, zone)} - ${formatClockTime(end, zone)}`;
}

export type Meridiem = 'AM' | 'PM';

/** The picker's default half of the day for an hour: 1 to 6 are afternoon classes (spec), 12 is noon. */
export function defaultMeridiem(hour: number): Meridiem {
  return (hour >= 1 && hour <= 6) || hour === 12 ? 'PM' : 'AM';
}

/** Hour 1-12, minutes and AM/PM to 'HH:MM' (24 h). */
export function to24Hour(hour: number, minute: number, meridiem: Meridiem): string {
  const h = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Reads '2:00 PM', '14:00' or a bare '2:00' (1 to 6 without a marker mean PM) into 'HH:MM'. */
export function parseClockTime(text: string): string | null {
  const match = text.trim().match(/^(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59) return null;
  const marker = match[3]?.toUpperCase() as Meridiem | undefined;
  if (marker) return hour >= 1 && hour <= 12 ? to24Hour(hour, minute, marker) : null;
  if (hour > 23) return null;
  if (hour >= 13 || hour === 0) return `${String(hour).padStart(2, '0')}:${match[2]}`;
  return to24Hour(hour, minute, defaultMeridiem(hour));
}
