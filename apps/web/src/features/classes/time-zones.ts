import { zoneAbbreviation } from './format';

/** The zones US classes are held in, with the names people use for them. */
export const US_TIME_ZONES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'America/New_York', label: 'Eastern Time (New York)' },
  { value: 'America/Detroit', label: 'Eastern Time (Detroit)' },
  { value: 'America/Indiana/Indianapolis', label: 'Eastern Time (Indianapolis)' },
  { value: 'America/Kentucky/Louisville', label: 'Eastern Time (Louisville)' },
  { value: 'America/Chicago', label: 'Central Time (Chicago)' },
  { value: 'America/Denver', label: 'Mountain Time (Denver)' },
  { value: 'America/Boise', label: 'Mountain Time (Boise)' },
  { value: 'America/Phoenix', label: 'Mountain Time, no daylight saving (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska Time (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic Time (Puerto Rico)' },
];

const US_LABELS = new Map(US_TIME_ZONES.map((z) => [z.value, z.label]));

/** 'Mountain Time (Denver)', or the zone's own name ('Europe/Paris' as 'Europe/Paris'). */
export function timeZoneLabel(zone: string): string {
  return US_LABELS.get(zone) ?? zone.replace(/_/g, ' ');
}

/**
 * The options of the dialog's time zone select: the US zones (the gazetteer places classes in the US), and the
 * class's current zone when it is another one (a class from before, or an alias such as 'US/Mountain').
 */
export function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  if (!current || US_LABELS.has(current)) return [...US_TIME_ZONES];
  return [...US_TIME_ZONES, { value: current, label: timeZoneLabel(current) }];
}

/** 'Mountain Time (Denver), MST on that day': a date's abbreviation follows daylight saving. */
export function timeZoneDescription(zone: string, date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00Z` : new Date().toISOString();
  const abbreviation = zoneAbbreviation(day, zone);
  return abbreviation ? `${timeZoneLabel(zone)}, ${abbreviation}` : timeZoneLabel(zone);
}
