import type TzLookup from '@photostructure/tz-lookup';
import type Zipcodes from 'zipcodes';
import { type Coordinates, geocodePlace } from '../../lib/geocoder';
import { lazyModule } from '../../lib/lazy-module';

// The gazetteer and the zone borders take a while to load: on the first class placed, not at start-up.
const zipcodes = lazyModule<typeof Zipcodes>('zipcodes');
const tzLookup = lazyModule<typeof TzLookup>('@photostructure/tz-lookup');

/**
 * A class's time zone comes from where it is held, not from the trainer's browser: the place is geocoded with the
 * app's gazetteer and the zone read offline from its coordinates (tz-lookup, built from the IANA zone borders).
 */

/** The zone at a point, or null in the open sea (the lookup answers an 'Etc/GMT' zone there). */
export function timeZoneAt(point: Coordinates): string | null {
  try {
    const zone = tzLookup()(point.latitude, point.longitude);
    return zone.startsWith('Etc/') ? null : zone;
  } catch {
    return null;
  }
}

const stateZones = new Map<string, string | null>();

/** The zone most of a state's ZIP codes use: the best guess when only the state is known (Florida is Eastern). */
function stateTimeZone(state: string): string | null {
  const code = state.toUpperCase();
  if (stateZones.has(code)) return stateZones.get(code) ?? null;
  const counts = new Map<string, number>();
  for (const place of zipcodes().lookupByState(code)) {
    const zone = timeZoneAt(place);
    if (zone) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  stateZones.set(code, best);
  return best;
}

/** 'CO', 'co' or 'Colorado' as 'CO'; null when it names no state. */
function stateCode(text: string): string | null {
  const value = text.trim().replace(/\.$/, '').toUpperCase();
  if (/^[A-Z]{2}$/.test(value)) return zipcodes().states.abbr[value] ? value : null;
  return zipcodes().states.full[value.replace(/\s+/g, ' ')] ?? null;
}

/** 'Boulder, CO 80302' -> ZIP '80302'; only a code the gazetteer knows counts. */
function zipIn(text: string): Coordinates | null {
  for (const match of text.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)) {
    const hit = match[1] ? zipcodes().lookup(match[1]) : undefined;
    if (hit) return hit;
  }
  return null;
}

interface PlaceGuess {
  city: string | null;
  state: string;
}

/**
 * The city and state in a free-text place: 'YMCA, Boulder, CO', 'Boulder CO 80302', 'Tulsa, Oklahoma'. The state
 * is the last part that names one; the city is the part before it, or the words before the state in that part.
 */
function cityAndState(text: string): PlaceGuess | null {
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.replace(/\b\d{5}(?:-\d{4})?\b/g, '').trim())
    .filter(Boolean);
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] as string;
    const whole = stateCode(part);
    if (whole) return { city: parts[i - 1] ?? null, state: whole };
    // 'Boulder CO' or 'Boulder Colorado' in one part: try the last one, two and three words as the state.
    const words = part.split(/\s+/);
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      const state = stateCode(words.slice(-n).join(' '));
      if (state) return { city: words.slice(0, -n).join(' '), state };
    }
  }
  return null;
}

/**
 * The time zone of a class's place from its location and address (a ZIP first, then city and state, then the
 * state alone). Null when neither names a place the gazetteer knows.
 */
export function timeZoneForPlace(...texts: Array<string | null | undefined>): string | null {
  const given = texts.map((t) => t?.trim() ?? '').filter(Boolean);
  for (const text of given) {
    const zip = zipIn(text);
    if (zip) return timeZoneAt(zip);
  }
  let stateOnly: string | null = null;
  for (const text of given) {
    const guess = cityAndState(text);
    if (!guess) continue;
    const point = guess.city ? geocodePlace({ city: guess.city, state: guess.state }) : null;
    if (point) return timeZoneAt(point);
    stateOnly ??= guess.state;
  }
  return stateOnly ? stateTimeZone(stateOnly) : null;
}
