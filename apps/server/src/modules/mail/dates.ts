import { DEFAULT_TIME_ZONE } from '@soulpunch/shared';

// E-mails are read by people, not parsers: dates as the brand writes them (en-US), never ISO or RFC 1123.

/** 'Friday, December 4, 2026': the day an instant falls on in the brand's time zone (or the one given). */
export function mailDate(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(instant);
}

/** 'Friday, December 4, 2026' for a calendar day ('2026-12-04'), which has no time zone of its own. */
export function mailDay(day: string): string {
  // Noon UTC is the same calendar day everywhere the brand's trainers are.
  return mailDate(new Date(`${day}T12:00:00Z`), 'UTC');
}
