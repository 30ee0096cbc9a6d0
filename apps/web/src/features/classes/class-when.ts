import type { ClassSummary } from '@soulpunch/shared';
import { classTimeText, formatLongDate } from './format';

/** 'Saturday, November 21, 2026 · 2:00 PM - 4:00 PM CST', always in the class's own zone. */
export function classWhenText(c: Pick<ClassSummary, 'date' | 'time' | 'start' | 'timeZone'>): string {
  return `${formatLongDate(c.date)} · ${classTimeText(c)}`;
}
