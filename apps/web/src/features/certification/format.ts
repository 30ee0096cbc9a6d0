import { dateText } from '@soulpunch/shared';

/** 'YYYY-MM-DD' as 'March 5, 2028' (a calendar day: no time zone may shift it). */
export function formatCertificateDay(day: string | null | undefined): string {
  if (!day) return 'Not set';
  return dateText(new Date(`${day}T00:00:00Z`));
}

export const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
