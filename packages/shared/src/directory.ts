import { z } from 'zod';
import type { TrainerMarkerFeed } from './map-feed';
import { publicRatingSchema, testimonialSchema } from './review-basics';

/** Spec defaults for what a trainer left empty (portal 3, Public trainer). */
export const PUBLIC_TRAINER_DEFAULTS = {
  displayName: 'Trainer',
  publicBio: 'Soul Punch Certified Trainer',
  experienceDescription: 'Certified Trainer',
  availabilityDescription: 'Contact for availability',
  classTypes: ["Women's Self Defense"],
} as const;

/** An upcoming class inside a public trainer (spec portal 3, Upcoming class). */
export const publicClassSchema = z.object({
  id: z.number(),
  title: z.string(),
  start: z.string(),
  date: z.string(),
  time: z.string(),
  location: z.string(),
  price: z.string(),
  paymentLink: z.string().nullable(),
});
export type PublicClass = z.output<typeof publicClassSchema>;

/** A listed trainer as the public sees them: only public fields, private contact only when the trainer allows. */
export const publicTrainerSchema = z.object({
  id: z.number(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  profilePicture: z.string().nullable(),
  displayLocation: z.string().nullable(),
  publicBio: z.string(),
  experienceDescription: z.string(),
  availabilityDescription: z.string(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  tiktok: z.string().nullable(),
  youtube: z.string().nullable(),
  website: z.string().nullable(),
  classTypes: z.array(z.string()),
  specializations: z.array(z.string()),
  upcomingClasses: z.array(publicClassSchema),
  featuredTrainer: z.boolean(),
  publicEmail: z.string().nullable(),
  publicPhone: z.string().nullable(),
  displayContact: z.string().nullable(),
  affiliateLink: z.string().nullable(),
  /** 'hq' marks headquarters (spec). */
  status: z.enum(['hq', 'active']),
  /** The certificate's expiry ('YYYY-MM-DD'): the profile shows 'Certified through <month year>'. */
  certifiedThrough: z.string().nullable(),
  /** The mean of attendees' visible reviews and their count; null until there are three (reviews.ts). */
  rating: publicRatingSchema.nullable(),
  /** The reviews the trainer featured: on the profile's answer only, not in lists. */
  testimonials: z.array(testimonialSchema).optional(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Miles from the searched place, when the search had one. */
  distanceMiles: z.number().nullable(),
});
export type PublicTrainer = z.output<typeof publicTrainerSchema>;

export const stateCountSchema = z.object({
  state: z.string(),
  count: z.number(),
});
export type StateCount = z.output<typeof stateCountSchema>;

const optionalFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * The most trainers one answer of GET /api/public-trainers carries, and the page it sends without `limit`: the
 * list is followed page by page through the `Link: <...>; rel="next"` header (RFC 8288), so no answer grows with
 * the number of trainers.
 */
export const PUBLIC_TRAINERS_PAGE_SIZE = 100;

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
  /** Without a limit, a page of PUBLIC_TRAINERS_PAGE_SIZE; the directory asks for a page of cards at a time. */
  limit: z.coerce.number().int().min(1).max(PUBLIC_TRAINERS_PAGE_SIZE).optional(),
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
export const mapTilesAnswerSchema = z.object({
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type MapTilesAnswer = z.output<typeof mapTilesAnswerSchema>;

/** GET /api/public-trainers/markers: the map's pins in columns (see map-feed.ts, which stays free of zod). */
export const trainerMarkerFeedSchema: z.ZodType<TrainerMarkerFeed> = z.object({
  idSteps: z.array(z.number()),
  latitudes: z.array(z.number()),
  longitudes: z.array(z.number()),
  names: z.array(z.string()),
  headquarters: z.array(z.number()),
});
