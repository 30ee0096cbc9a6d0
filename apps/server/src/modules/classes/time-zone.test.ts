import { describe, expect, it } from 'vitest';
import { timeZoneAt, timeZoneForPlace } from './time-zone';

describe("a class's time zone from its place", () => {
  it.each([
    ['Boulder, CO', 'America/Denver'],
    ['Community Center, Boulder, CO', 'America/Denver'],
    ['Boulder CO', 'America/Denver'],
    ['YMCA, Tulsa, Oklahoma', 'America/Chicago'],
    ['Phoenix, AZ', 'America/Phoenix'],
    ['Seattle, WA', 'America/Los_Angeles'],
    ['Brooklyn, NY', 'America/New_York'],
    ['Honolulu, HI', 'Pacific/Honolulu'],
    ['Anchorage, AK', 'America/Anchorage'],
    ['El Paso, TX', 'America/Denver'],
    ['Houston, TX', 'America/Chicago'],
    ['St. Louis, MO', 'America/Chicago'],
  ])('%s is in %s', (location, zone) => {
    expect(timeZoneForPlace(location)).toBe(zone);
  });

  it('prefers a ZIP code in the location or the address', () => {
    expect(timeZoneForPlace('Boulder, CO 80302')).toBe('America/Denver');
    // The venue's name says nothing; the address's ZIP code does.
    expect(timeZoneForPlace('Riverside Gym', '1200 Main St, 74103')).toBe('America/Chicago');
    expect(timeZoneForPlace('Riverside Gym', '500 Pearl St, Boulder, CO')).toBe('America/Denver');
  });

  it('falls back to the zone most of the state uses when the city is unknown', () => {
    expect(timeZoneForPlace('Somewhere Ranch, CO')).toBe('America/Denver');
    expect(timeZoneForPlace('Atlantis, Florida')).toBe('America/New_York');
  });

  it('knows nothing of a place without a known ZIP, city or state', () => {
    expect(timeZoneForPlace('YMCA')).toBeNull();
    expect(timeZoneForPlace('Online', null, '  ')).toBeNull();
    expect(timeZoneForPlace('00000')).toBeNull();
    expect(timeZoneForPlace()).toBeNull();
  });

  it('reads the zone at coordinates, and none in the open sea', () => {
    expect(timeZoneAt({ latitude: 40.015, longitude: -105.27 })).toBe('America/Denver');
    expect(timeZoneAt({ latitude: 30, longitude: -40 })).toBeNull();
  });
});
