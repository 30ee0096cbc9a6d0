import { describe, expect, it } from 'vitest';
import { dayText, formatNumber, monthName, weekdayName } from './plain-format';

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
});
