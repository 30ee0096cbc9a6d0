import type Zipcodes from 'zipcodes';
import { lazyModule } from './lazy-module';

/** The gazetteer takes a while to load: on the first lookup, not at start-up. */
const zipcodes = lazyModule<typeof Zipcodes>('zipcodes');

export interface Coordinates {
  latitude: number;
  longitude: number;
}

// The gazetteer spells these out ("Saint Louis"); people often abbreviate them.
const CITY_ABBREVIATIONS: Array<[RegExp, string]> = [
  [/^st\.?\s+/i, 'Saint '],
  [/^ft\.?\s+/i, 'Fort '],
  [/^mt\.?\s+/i, 'Mount '],
];

function normaliseCity(city: string): string {
  let name = city.trim().replace(/\s+/g, ' ');
  for (const [pattern, replacement] of CITY_ABBREVIATIONS) name = name.replace(pattern, replacement);
  return name;
}

const round = (n: number) => Math.round(n * 10000) / 10000;

/**
 * Coordinates of a US place from the embedded ZIP gazetteer (the `zipcodes` package): the ZIP code when one is
 * given and known, else the centre of the city's ZIP codes. Null for a place the gazetteer does not know.
 */
export function geocodePlace(place: {
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}): Coordinates | null {
  const zip = place.postalCode?.trim().match(/^(\d{5})(?:-\d{4})?$/)?.[1];
  if (zip) {
    const hit = zipcodes().lookup(zip);
    if (hit) return { latitude: hit.latitude, longitude: hit.longitude };
  }
  if (!place.city?.trim() || !place.state?.trim()) return null;
  const hits = zipcodes().lookupByName(normaliseCity(place.city), place.state.trim());
  if (!hits.length) return null;
  const sum = hits.reduce((acc, h) => ({ lat: acc.lat + h.latitude, lng: acc.lng + h.longitude }), {
    lat: 0,
    lng: 0,
  });
  return { latitude: round(sum.lat / hits.length), longitude: round(sum.lng / hits.length) };
}

/** A visitor's "ZIP or city" search: '74103', or 'Tulsa, OK' / 'Tulsa OK'. */
export function geocodeSearch(text: string): Coordinates | null {
  const value = text.trim();
  if (/^\d{5}(-\d{4})?$/.test(value)) return geocodePlace({ postalCode: value });
  const match = value.match(/^(.+?)[,\s]+([A-Za-z]{2}|[A-Za-z ]{4,})$/);
  if (!match?.[1] || !match[2]) return null;
  return geocodePlace({ city: match[1].replace(/,$/, ''), state: match[2] });
}

/** Great-circle distance in miles. */
export function distanceMiles(a: Coordinates, b: Coordinates): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}
