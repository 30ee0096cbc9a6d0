import { describe, expect, it } from 'vitest';
import { mailDate, mailDay } from './dates';

describe('dates in e-mails', () => {
  it("writes an instant as the day it is in the brand's time zone", () => {
    expect(mailDate(new Date('2026-12-04T15:00:00Z'))).toBe('Friday, December 4, 2026');
    // 2 a.m. UTC on the 5th is still the evening of the 4th in Tulsa.
    expect(mailDate(new Date('2026-12-05T02:00:00Z'))).toBe('Friday, December 4, 2026');
    expect(mailDate(new Date('2026-12-05T02:00:00Z'), 'UTC')).toBe('Saturday, December 5, 2026');
  });

  it('writes a calendar day without moving it to another day', () => {
    expect(mailDay('2026-12-04')).toBe('Friday, December 4, 2026');
    expect(mailDay('2027-01-01')).toBe('Friday, January 1, 2027');
  });
});
