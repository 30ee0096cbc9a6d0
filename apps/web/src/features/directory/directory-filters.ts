/** The directory's filters (spec portal 2, Public directory), as kept in the page address and sent to the API. */
export interface DirectoryFilters {
  /** Text over first name, location and specialties. */
  q: string;
  /** A state code, set by clicking a state tile. */
  state: string;
  /** 'City, ST' from the dropdown, or a city from a popular-location link. */
  location: string;
  availability: string;
  /** A class type, set by the tabs. */
  classType: string;
  /** A ZIP code or 'City, ST' to sort by distance from. */
  from: string;
  /** The visitor's own position, 'latitude,longitude', to sort by distance from. */
  near: string;
}

export const FILTER_KEYS = ['q', 'state', 'location', 'availability', 'classType', 'from', 'near'] as const;

export const EMPTY_FILTERS: DirectoryFilters = {
  q: '',
  state: '',
  location: '',
  availability: '',
  classType: '',
  from: '',
  near: '',
};

export const LOCATION_OPTIONS = [
  { value: '', label: 'All Locations' },
  { value: 'Tulsa, OK', label: 'Tulsa, OK' },
  { value: 'Denver, CO', label: 'Denver, CO' },
  { value: 'Phoenix, AZ', label: 'Phoenix, AZ' },
  { value: 'Seattle, WA', label: 'Seattle, WA' },
  { value: 'Chicago, IL', label: 'Chicago, IL' },
  { value: 'Austin, TX', label: 'Austin, TX' },
] as const;

/** Matched as a substring, so 'Weekends' also finds 'Evenings & Weekends'. */
export const AVAILABILITY_FILTER_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'Weekdays', label: 'Weekdays' },
  { value: 'Weekends', label: 'Weekends' },
  { value: 'Evenings', label: 'Evenings' },
  { value: 'Flexible', label: 'Flexible' },
] as const;

/** The tabs; each but the first filters by that class type. */
export const CLASS_TYPE_TABS = [
  { value: '', label: 'All Trainers' },
  { value: "Women's Self Defense", label: "Women's Self Defense" },
  { value: 'Corporate Training', label: 'Corporate Training' },
  { value: 'Private Lessons', label: 'Private Lessons' },
] as const;

export const POPULAR_LOCATIONS = [
  'New York',
  'Los Angeles',
  'Chicago',
  'Houston',
  'Phoenix',
  'Philadelphia',
] as const;

export const popularLocationPath = (city: string) =>
  `/public/find-trainer?location=${encodeURIComponent(city)}`;

/** A bare city that one of the dropdown's places names ('chicago') becomes that place ('Chicago, IL'). */
export function normaliseLocation(value: string): string {
  const trimmed = value.trim();
  if (!trimmed || trimmed.includes(',')) return trimmed;
  const preset = LOCATION_OPTIONS.find(
    (option) => option.value && option.value.split(',')[0]?.toLowerCase() === trimmed.toLowerCase(),
  );
  return preset ? preset.value : trimmed;
}

export function filtersFromSearchParams(params: URLSearchParams): DirectoryFilters {
  const filters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = params.get(key)?.trim() ?? '';
  filters.location = normaliseLocation(filters.location);
  return filters;
}

/** The filters that are set, in a fixed order, so one set of filters always gives one address. */
export function filtersToSearchParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

export function hasActiveFilters(filters: DirectoryFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].trim() !== '');
}

export const isDistanceSearch = (filters: DirectoryFilters) => Boolean(filters.from || filters.near);

const FILTER_LABELS: ReadonlyArray<[keyof DirectoryFilters, string]> = [
  ['q', 'Search'],
  ['state', 'State'],
  ['location', 'Location'],
  ['availability', 'Availability'],
  ['classType', 'Class type'],
  ['from', 'Distance from'],
];

/**
 * The filters that are on, in words ('Location: New York · Search: kim'), so a visitor who arrives filtered (a
 * popular location, a shared link) sees what narrows the list; '' when none is.
 */
export function describeFilters(filters: DirectoryFilters, stateName: (code: string) => string): string {
  const parts = FILTER_LABELS.filter(([key]) => filters[key]).map(
    ([key, label]) => `${label}: ${key === 'state' ? stateName(filters.state) : filters[key]}`,
  );
  if (filters.near && !filters.from) parts.push('Distance from: your location');
  return parts.join(' · ');
}
