import {
  type ClassLevel,
  type ClassSummary,
  type ClassType,
  classPagePath,
  DEFAULT_CLASS_PRICE,
  DEFAULT_CLASS_TITLE,
  dayText,
  priceLabel,
} from '@soulpunch/shared';

export const CLASS_TYPE_LABELS: Record<ClassType, string> = {
  group: 'Group',
  workshop: 'Workshop',
  private: 'Private',
  corporate: 'Corporate',
  series: 'Series',
};

export const CLASS_LEVEL_LABELS: Record<ClassLevel, string> = {
  beginner: 'Beginner',
  'all-levels': 'All Levels',
  custom: 'Custom',
  advanced: 'Advanced',
};

/**
 * 'YYYY-MM-DD' as 'Saturday, November 21, 2026'. The date is already the class's own calendar day, so it is
 * formatted as a plain day (in UTC) and no viewer's zone can shift it.
 */
export function formatLongDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : dayText(day);
}

// One formatter per zone: making one costs a phone several milliseconds, and a list shows many classes.
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();
function zoneNameFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneNameFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNameFormats.set(timeZone, format);
  }
  return format;
}

// Each class's zone name, by zone and instant: formatToParts costs tens of microseconds, and the public calendar
// shows up to a thousand classes twice (its grid and its list), most of them starting at the same few instants. Bounded, as the
// server keeps it for its whole life.
const zoneNames = new Map<string, string>();
const ZONE_NAMES_KEPT = 5000;

/** 'CST' for a Chicago class in winter; the offset ('GMT+1') where the zone has no common abbreviation. */
export function zoneAbbreviation(instant: string, timeZone: string): string {
  const key = `${timeZone} ${instant}`;
  const known = zoneNames.get(key);
  if (known !== undefined) return known;
  let name = '';
  try {
    name =
      zoneNameFormat(timeZone)
        .formatToParts(new Date(instant))
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    // An unknown zone: the time is shown without one.
  }
  if (zoneNames.size >= ZONE_NAMES_KEPT) zoneNames.clear();
  zoneNames.set(key, name);
  return name;
}

/** '2:00 PM - 4:00 PM MST': a class's times always carry its own zone, whatever the viewer's zone is. */
export function classTimeText(c: Pick<ClassSummary, 'time' | 'start' | 'timeZone'>): string {
  const zone = zoneAbbreviation(c.start, c.timeZone);
  return zone ? `${calendarTime(c)} ${zone}` : calendarTime(c);
}

/** '2:00 PM MST', the start alone (the trainer's month grid). */
export function classStartText(c: Pick<ClassSummary, 'time' | 'start' | 'timeZone'>): string {
  const zone = zoneAbbreviation(c.start, c.timeZone);
  const start = calendarTime(c).split(' - ')[0] ?? '';
  return zone ? `${start} ${zone}` : start;
}

/** A cancelled class offers no places or waitlist. */
export function spotsLeftText(
  c: Pick<ClassSummary, 'spotsLeft'> & Partial<Pick<ClassSummary, 'status'>>,
): string {
  if (c.status === 'cancelled') return 'Cancelled — no registration';
  if (c.spotsLeft <= 0) return 'Full — join the waitlist';
  return `${c.spotsLeft} ${c.spotsLeft === 1 ? 'spot' : 'spots'} left`;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** 'with Carmen' for a trainer shown as 'Coach Carmen': the first name of the trainer, not of the display name. */
export function trainerFirstName(
  c: Pick<ClassSummary, 'trainerName'> & Partial<Pick<ClassSummary, 'trainerFirstName'>>,
) {
  return c.trainerFirstName?.trim() || firstName(c.trainerName) || c.trainerName;
}

/** The last comma-separated part of a location: 'Tulsa, OK' -> 'OK' (the public calendar's location filter). */
export function locationRegion(location: string): string {
  const parts = location.split(',');
  return parts[parts.length - 1]?.trim() ?? '';
}

/** Spec: the calendar's defaults for a class with a missing or invalid title, price or time. */
export const CALENDAR_DEFAULTS = {
  title: DEFAULT_CLASS_TITLE,
  price: priceLabel(DEFAULT_CLASS_PRICE),
  time: '2:00 PM - 4:00 PM',
} as const;

export function calendarTitle(c: Partial<Pick<ClassSummary, 'title'>>): string {
  return c.title?.trim() || CALENDAR_DEFAULTS.title;
}

export function calendarPrice(c: Partial<Pick<ClassSummary, 'priceLabel'>>): string {
  return c.priceLabel?.trim() || CALENDAR_DEFAULTS.price;
}

export function calendarTime(c: Partial<Pick<ClassSummary, 'time'>>): string {
  const time = c.time?.trim();
  return time && /\d/.test(time) ? time : CALENDAR_DEFAULTS.time;
}

/** A link a trainer typed, made safe to open: web addresses only (no javascript: or data:). */
export function externalUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\/\S+$/i.test(trimmed)) return trimmed;
  if (/^www\.\S+$/i.test(trimmed)) return `https://${trimmed}`;
  return null;
}

/** The iCalendar feeds a calendar app can subscribe to (they update themselves as classes change). */
export const ALL_CLASSES_FEED = '/api/calendar/classes.ics';
export const trainerFeed = (trainerId: number) => `/api/calendar/trainers/${trainerId}.ics`;

/** The class page (where capacity, registration and the waitlist live). */
export const classDetailsPath = classPagePath;
/** 'Add to calendar' on the class page: a file with that one class. */
export const classCalendarFile = (classId: number) => `/api/calendar/classes/${classId}.ics`;
