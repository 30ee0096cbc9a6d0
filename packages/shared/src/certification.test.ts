import { describe, expect, it } from 'vitest';
import { addYears, daysUntil, statusByDate } from './certification';

describe('certificate dates', () => {
  it('adds years to a day, Feb 29 becoming Feb 28 in a year without one', () => {
    expect(addYears('2026-03-10', 2)).toBe('2028-03-10');
    expect(addYears('2024-02-29', 2)).toBe('2026-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('counts whole days to a day, negative once past', () => {
    expect(daysUntil('2028-03-10', '2027-12-11')).toBe(90);
    expect(daysUntil('2028-03-10', '2028-03-11')).toBe(-1);
  });

  it('is certified, then renewal due from the first reminder, valid through its expiry day, then lapsed', () => {
    const days = [90, 60, 30, 7];
    expect(statusByDate('2028-03-10', '2027-12-10', days)).toBe('certified');
    expect(statusByDate('2028-03-10', '2027-12-11', days)).toBe('renewal_due');
    expect(statusByDate('2028-03-10', '2028-03-10', days)).toBe('renewal_due');
    expect(statusByDate('2028-03-10', '2028-03-11', days)).toBe('lapsed');
  });
});
