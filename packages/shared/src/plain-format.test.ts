import { describe, expect, it } from 'vitest';
import {
  calendarDayText,
  dateText,
  dayText,
  formatNumber,
  formatUsd,
  isCalendarDay,
  localDateText,
  monthDayText,
  monthName,
  monthYearText,
  weekdayName,
} from './plain-format';

describe('plain formatting (what Intl writes in en-US, without loading it)', () => {
  it('groups thousands and keeps up to three decimals, as toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 1234567.891, 2.5, 0.1234, -1500, -0.0001, 10_000]) {
      expect(formatNumber(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('names every month and weekday as Intl does', () => {
    for (let month = 0; month < 12; month++) {
      const day = new Date(Date.UTC(2026, month, 1 + month));
      for (const width of ['long', 'short'] as const) {
        expect(monthName(day, width)).toBe(
          day.toLocaleDateString('en-US', { timeZone: 'UTC', month: width }),
        );
        if (width === 'long') {
          expect(monthYearText(day)).toBe(
            day.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' }),
          );
        }
        expect(weekdayName(day, width)).toBe(
          day.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: width }),
        );
        expect(dayText(day, width)).toBe(
          day.toLocaleDateString('en-US', {
            timeZone: 'UTC',
            weekday: width,
            month: width,
            day: 'numeric',
            year: 'numeric',
          }),
        );
      }
    }
  });

  it('writes days with and without the year as Intl does, in UTC and on the device', () => {
    for (let month = 0; month < 12; month++) {
      const day = new Date(Date.UTC(2027, month, 28 - month));
      for (const width of ['long', 'short'] as const) {
        const utc = { timeZone: 'UTC', month: width, day: 'numeric' } as const;
        expect(monthDayText(day, width)).toBe(day.toLocaleDateString('en-US', utc));
        expect(dateText(day, width)).toBe(day.toLocaleDateString('en-US', { ...utc, year: 'numeric' }));
      }
      const moment = new Date(Date.UTC(2027, month, 1, 23, 30));
      expect(localDateText(moment)).toBe(
        moment.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      );
    }
  });

  it('writes cents as dollars as Intl did: cents only when there are some', () => {
    const intl = (cents: number, fraction: number) =>
      (cents / 100).toLocaleString('en-US', {
        minimumFractionDigits: fraction,
        maximumFractionDigits: 2,
      });
    for (const cents of [0, 5, 99, 100, 24_900, 49_950, 199_700, 123_456_789, -1, -250, -100_000]) {
      expect(formatUsd(cents)).toBe(`$${intl(cents, cents % 100 ? 2 : 0)}`);
    }
  });
  it('writes a calendar day (YYYY-MM-DD) as its date, and nothing for what is not one', () => {
    expect(calendarDayText('2028-03-05')).toBe('March 5, 2028');
    expect(calendarDayText('2028-12-31')).toBe('December 31, 2028');
    for (const notADay of [
      null,
      undefined,
      '',
      '2028-3-5',
      '2028-03-05T00:00:00Z',
      'soon',
      '2028-13-40',
      '2028-02-30',
    ]) {
      expect(calendarDayText(notADay)).toBeNull();
    }
  });

  it('knows a day of the calendar from what Date would roll over', () => {
    for (const day of ['2028-02-29', '2027-02-28', '2026-12-31', '2000-01-01'])
      expect(isCalendarDay(day)).toBe(true);
    for (const notADay of [
      '2027-02-29',
      '2028-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      ' 2026-01-05',
      '2026-01-05T00:00:00Z',
      '',
    ]) {
      expect(isCalendarDay(notADay)).toBe(false);
    }
  });
});
