import { routed } from './island-pages.json';

/** The islands of the public pages: what the islands' entry (src/islands.tsx) knows how to load. */
export const ISLAND_NAMES = [
  'contact-us',
  'browse-trainers',
  'directory',
  'contact-trainer',
  'classes-list',
  'class-calendar',
  'class-details',
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];

/** Islands that read or change the address (useSearchParams, Link): they get the island router. */
export const ROUTED_ISLANDS: ReadonlySet<string> = new Set(routed);
