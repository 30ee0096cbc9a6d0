import { describe, expect, it } from 'vitest';
import {
  classEndInstant,
  defaultMeridiem,
  formatTimeRange,
  instantToZonedTime,
  parseClockTime,
  to24Hour,
  zonedTimeToInstant,
} from './class-time';

describe('time picker rules', () => {
  it("defaults 1 to 6 o'clock to PM, 7 to 11 to AM, and 12 to noon", () => {
    expect([1, 2, 3, 4, 5, 6].map(defaultMeridiem)).toEqual(['PM', 'PM', 'PM', 'PM', 'PM', 'PM']);
    expect([7, 8, 9, 10, 11].map(defaultMeridiem)).toEqual(['AM', 'AM', 'AM', 'AM', 'AM']);
    expect(defaultMeridiem(12)).toBe('PM');
  });

  it('turns hour, minute and AM/PM into 24-hour time', () => {
    expect(to24Hour(12, 0, 'AM')).toBe('00:00');
    expect(to24Hour(12, 30, 'PM')).toBe('12:30');
    expect(to24Hour(2, 15, 'PM')).toBe('14:15');
    expect(to24Hour(9, 45, 'AM')).toBe('09:45');
  });

  it('reads times with and without a marker', () => {
    expect(parseClockTime('2:00')).toBe('14:00');
    expect(parseClockTime('6:30')).toBe('18:30');
    expect(parseClockTime('7:00')).toBe('07:00');
    expect(parseClockTime('2:00 AM')).toBe('02:00');
    expect(parseClockTime('14:00')).toBe('14:00');
    expect(parseClockTime('25:00')).toBeNull();
    expect(parseClockTime('noon')).toBeNull();
  });
});

describe('class times in the class time zone', () => {
  it('converts wall-clock time to instants and back', () => {
    const start = zonedTimeToInstant('2026-07-25', '14:00', 'America/Chicago');
    expect(start.toISOString()).toBe('2026-07-25T19:00:00.000Z');
    expect(instantToZonedTime(start, 'America/Chicago')).toEqual({ date: '2026-07-25', time: '14:00' });
    expect(instantToZonedTime(start, 'America/Los_Angeles')).toEqual({ date: '2026-07-25', time: '12:00' });
  });

  it('ends two hours after the start by default', () => {
    const end = classEndInstant('2026-07-25', '14:00', null, 'America/Chicago');
    expect(
      formatTimeRange(zonedTimeToInstant('2026-07-25', '14:00', 'America/Chicago'), end, 'America/Chicago'),
    ).toBe('2:00 PM - 4:00 PM');
  });

  it('runs past midnight into the next day', () => {
    const end = classEndInstant('2026-12-31', '23:00', '01:00', 'America/New_York');
    expect(end.toISOString()).toBe('2027-01-01T06:00:00.000Z');
    const byDefault = classEndInstant('2026-12-31', '23:00', null, 'America/New_York');
    expect(instantToZonedTime(byDefault, 'America/New_York')).toEqual({ date: '2027-01-01', time: '01:00' });
  });

  it('keeps two real hours across the DST changes', () => {
    // 1 November 2026: clocks in Chicago go back from 2:00 to 1:00.
    const fallStart = zonedTimeToInstant('2026-11-01', '00:30', 'America/Chicago');
    const fallEnd = classEndInstant('2026-11-01', '00:30', null, 'America/Chicago');
    expect(fallEnd.getTime() - fallStart.getTime()).toBe(2 * 3600_000);
    expect(instantToZonedTime(fallEnd, 'America/Chicago').time).toBe('01:30');
    // 8 March 2026: clocks go forward from 2:00 to 3:00; an explicit 4:00 end is only 2 real hours after 1:00.
    const springStart = zonedTimeToInstant('2026-03-08', '01:00', 'America/Chicago');
    const springEnd = classEndInstant('2026-03-08', '01:00', '04:00', 'America/Chicago');
    expect(springEnd.getTime() - springStart.getTime()).toBe(2 * 3600_000);
    expect(
      instantToZonedTime(classEndInstant('2026-03-08', '01:00', null, 'America/Chicago'), 'America/Chicago')
        .time,
    ).toBe('04:00');
  });
});
