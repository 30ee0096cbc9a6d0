import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthLabel, monthWeeks, startOfWeek, utcDayOf } from './calendar-month';
import { rangeEnd } from './components/public-calendar-page';

describe('calendar months', () => {
  it("gives a moment's UTC day, the same on the server and in a browser in any zone", () => {
    expect(utcDayOf(Date.parse('2026-11-26T23:30:00-08:00'))).toBe('2026-11-27');
    expect(utcDayOf(Date.parse('2026-11-27T07:30:00+14:00'))).toBe('2026-11-26');
  });

  it('lays a month out in Sunday-to-Saturday weeks', () => {
    const weeks = monthWeeks({ year: 2026, month: 10 });
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(weeks.at(-1)?.at(-1)).toBe('2026-12-05');
    expect(monthWeeks({ year: 2026, month: 4 })).toHaveLength(6);
    expect(monthWeeks({ year: 2026, month: 4 })[0]?.[0]).toBe('2026-04-26');
  });

  it('moves across years', () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(monthLabel({ year: 2026, month: 10 })).toBe('November 2026');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(startOfWeek('2026-11-21')).toBe('2026-11-15');
  });

  it("ends the mobile calendar's ranges today, in a week and in a month", () => {
    expect(rangeEnd('day', '2026-11-21')).toBe('2026-11-21');
    expect(rangeEnd('week', '2026-11-21')).toBe('2026-11-27');
    expect(rangeEnd('month', '2026-11-21')).toBe('2026-12-20');
    expect(rangeEnd('month', '2027-01-31')).toBe('2027-02-27');
  });
});
