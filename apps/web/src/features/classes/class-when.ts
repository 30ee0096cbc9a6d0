import type { ClassSummary } from '@soulpunch/shared';
import { formatLongDate, zoneAbbreviation } from './format';

/** 'Saturday, November 21, 2026 · 2:00 PM - 4:00 PM CST', always in the class's own zone. */
export function classWhenText(c: Pick<ClassSummary, 'date' | 'time' | 'start' | 'timeZone'>): string {
  const zone = zoneAbbreviation(c.start, c.timeZone);
  return `${formatLongDate(c.date)} · ${c.time}${zone ? ` ${zone}` : ''}`;
}
