import { describe, expect, it } from 'vitest';
import { distanceMiles, geocodePlace, geocodeSearch } from './geocoder';

describe('geocoder (embedded gazetteer)', () => {
  it('finds a city by name and state, in any case and with the state spelt out', () => {
    const tulsa = geocodePlace({ city: 'Tulsa', state: 'OK' });
    expect(tulsa?.latitude).toBeCloseTo(36.1, 0);
    expect(tulsa?.longitude).toBeCloseTo(-95.9, 0);
    expect(geocodePlace({ city: 'tulsa', state: 'Oklahoma' })).toEqual(tulsa);
  });

  it('prefers a known ZIP code and understands St. for Saint', () => {
    expect(geocodePlace({ city: 'Nowhere', state: 'OK', postalCode: '74103' })).toEqual({
      latitude: 36.1539,
      longitude: -95.9954,
    });
    expect(geocodePlace({ city: 'St. Louis', state: 'MO' })).not.toBeNull();
  });

  it('returns null for an unknown place', () => {
    expect(geocodePlace({ city: 'Atlantis', state: 'OK' })).toBeNull();
    expect(geocodePlace({ city: 'Tulsa', state: null })).toBeNull();
    expect(geocodeSearch('somewhere over the rainbow')).toBeNull();
  });

  it('reads a visitor search as a ZIP or a city', () => {
    expect(geocodeSearch('74103')).toEqual({ latitude: 36.1539, longitude: -95.9954 });
    expect(geocodeSearch('Denver, CO')).toEqual(geocodePlace({ city: 'Denver', state: 'CO' }));
    expect(geocodeSearch('Denver CO')).toEqual(geocodePlace({ city: 'Denver', state: 'CO' }));
  });

  it('measures distances in miles', () => {
    const tulsa = geocodePlace({ city: 'Tulsa', state: 'OK' });
    const okc = geocodePlace({ city: 'Oklahoma City', state: 'OK' });
    if (!tulsa || !okc) throw new Error('gazetteer');
    expect(distanceMiles(tulsa, okc)).toBeGreaterThan(85);
    expect(distanceMiles(tulsa, okc)).toBeLessThan(115);
  });
});
