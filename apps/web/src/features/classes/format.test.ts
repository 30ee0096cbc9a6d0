import { describe, expect, it } from 'vitest';
import {
  calendarPrice,
  calendarTime,
  calendarTitle,
  firstName,
  formatLongDate,
  locationRegion,
  spotsLeftText,
  zoneAbbreviation,
} from './format';

describe('class formatting', () => {
  it('writes the class day in full, whatever the viewer’s zone', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday, November 21, 2026');
  });

  it("names the class's zone", () => {
    expect(zoneAbbreviation('2026-11-21T20:00:00Z', 'America/Chicago')).toBe('CST');
    expect(zoneAbbreviation('2026-07-21T20:00:00Z', 'America/Chicago')).toBe('CDT');
  });

  it('says how many places are left', () => {
    expect(spotsLeftText({ spotsLeft: 5 })).toBe('5 spots left');
    expect(spotsLeftText({ spotsLeft: 1 })).toBe('1 spot left');
    expect(spotsLeftText({ spotsLeft: 0 })).toBe('Full — join the waitlist');
  });

  it("builds the public calendar's location filter from the last comma-separated part", () => {
    expect(locationRegion('Tulsa, OK')).toBe('OK');
    expect(locationRegion('YMCA, Denver, CO ')).toBe('CO');
    expect(locationRegion('Online')).toBe('Online');
    expect(firstName('Maria  Garcia')).toBe('Maria');
  });

  it("falls back to the spec's calendar defaults", () => {
    expect(calendarTitle({ title: ' ' })).toBe('2-Hour Basic Self-Defense Class');
    expect(calendarPrice({ priceLabel: '' })).toBe('$75');
    expect(calendarTime({ time: 'TBD' })).toBe('2:00 PM - 4:00 PM');
    expect(calendarTime({ time: '6:00 PM - 8:00 PM' })).toBe('6:00 PM - 8:00 PM');
  });
});
