import { calendarDayText } from '@soulpunch/shared';

/** A certificate's day ('YYYY-MM-DD') as 'March 5, 2028', or 'Not set'. */
export const formatCertificateDay = (day: string | null | undefined): string =>
  calendarDayText(day) ?? 'Not set';

export const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
