/** 'YYYY-MM-DD' as 'March 5, 2028' (a calendar day: no time zone may shift it). */
export function formatCertificateDay(day: string | null | undefined): string {
  if (!day) return 'Not set';
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export const formatInstant = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
