import {
  type ClassLevel,
  type ClassSummary,
  type ClassType,
  DEFAULT_CLASS_PRICE,
  DEFAULT_CLASS_TITLE,
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

const longDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/**
 * 'YYYY-MM-DD' as 'Saturday, November 21, 2026'. The date is already the class's own calendar day, so it is
 * formatted as a plain day (in UTC) and no viewer's zone can shift it.
 */
export function formatLongDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : longDateFormat.format(day);
}

/** 'CST' for a Chicago class in winter; the offset ('GMT+1') where the zone has no common abbreviation. */
export function zoneAbbreviation(instant: string, timeZone: string): string {
  try {
    return (
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
        .formatToParts(new Date(instant))
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

export function spotsLeftText(c: Pick<ClassSummary, 'spotsLeft'>): string {
  if (c.spotsLeft <= 0) return 'Full — join the waitlist';
  return `${c.spotsLeft} ${c.spotsLeft === 1 ? 'spot' : 'spots'} left`;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
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

export const classDetailsPath = (classId: number) => `/public/class/${classId}`;
