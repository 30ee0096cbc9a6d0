import { z } from 'zod';

/** Spec defaults for what a trainer left empty (portal 3, Public trainer). */
export const PUBLIC_TRAINER_DEFAULTS = {
  displayName: 'Trainer',
  publicBio: 'Soul Punch Certified Trainer',
  experienceDescription: 'Certified Trainer',
  availabilityDescription: 'Contact for availability',
  classTypes: ["Women's Self Defense"],
  rating: 5,
} as const;

/** An upcoming class inside a public trainer (spec portal 3, Upcoming class). */
export interface PublicClass {
  id: number;
  title: string;
  start: string;
  date: string;
  time: string;
  location: string;
  price: string;
  paymentLink: string | null;
}

/** A listed trainer as the public sees them: only public fields, private contact only when the trainer allows. */
export interface PublicTrainer {
  id: number;
  displayName: string;
  firstName: string;
  lastName: string | null;
  city: string | null;
  state: string | null;
  profilePicture: string | null;
  displayLocation: string | null;
  publicBio: string;
  experienceDescription: string;
  availabilityDescription: string;
  instagram: string | null;
  facebook: string | null;
  tiktok: string | null;
  youtube: string | null;
  website: string | null;
  classTypes: string[];
  specializations: string[];
  upcomingClasses: PublicClass[];
  featuredTrainer: boolean;
  publicEmail: string | null;
  publicPhone: string | null;
  displayContact: string | null;
  affiliateLink: string | null;
  /** 'hq' marks headquarters (spec). */
  status: 'hq' | 'active';
  rating: number;
  latitude: number | null;
  longitude: number | null;
  /** Miles from the searched place, when the search had one. */
  distanceMiles: number | null;
}

export interface StateCount {
  state: string;
  count: number;
}

const optionalFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

export const publicTrainerQuerySchema = z.strictObject({
  /** Text over first name, last name (when shown), display name, location and specialties. */
  q: optionalFilter,
  state: optionalFilter,
  /** A city ('Tulsa'), or 'City, ST'. */
  location: optionalFilter,
  availability: optionalFilter,
  classType: optionalFilter,
  /** Sort by distance from a ZIP code or 'City, ST'. */
  from: optionalFilter,
  /** Sort by distance from the visitor's position: 'latitude,longitude'. */
  near: z
    .string()
    .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, { error: 'near must be "latitude,longitude"' })
    .optional(),
  /** Without a limit, every match (the spec's whole list); the directory asks for a page of cards at a time. */
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PublicTrainerQuery = z.input<typeof publicTrainerQuerySchema>;

/** The map's feed takes the filters that choose trainers (not the order or the page). */
export const trainerMarkerQuerySchema = publicTrainerQuerySchema.pick({
  q: true,
  state: true,
  location: true,
  availability: true,
  classType: true,
});

/** GET /api/public-trainers/map-tiles: a provider's map tiles when the server is set up with them, else null. */
export interface MapTilesAnswer {
  tiles: { url: string; attribution: string } | null;
}
