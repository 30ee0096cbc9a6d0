import { z } from 'zod';
import { dateText, monthDayText } from './plain-format';
import { optionalDate } from './trainers';

/** The portal's resources catalogue as admins edit it (issue #11). */
export const RESOURCE_KINDS = ['resource', 'upcoming_training', 'training_schedule'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const resourceInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Please give the resource a name.').max(120),
    description: z.string().trim().max(500).default(''),
    badge: optionalLine(40),
    details: optionalLine(200),
    url: z.url({ protocol: /^https?$/, error: 'Please enter a full link, starting with https://' }),
    kind: z.enum(RESOURCE_KINDS).default('resource'),
    /** The dashboard section; required for kind 'resource', empty for the training entries. */
    categoryId: z.number().int().positive().nullable().default(null),
    order: z.number().int().min(0).max(1000).default(0),
    /** An upcoming training's first and last day ('YYYY-MM-DD'); it leaves the dashboard once the last is over. */
    startsOn: optionalDate,
    endsOn: optionalDate,
  })
  .refine((r) => (r.kind === 'resource') === (r.categoryId !== null), {
    error: 'A resource belongs to a category; the training entries belong to none.',
    path: ['categoryId'],
  })
  .refine((r) => r.kind !== 'upcoming_training' || r.startsOn !== null, {
    error: 'Please give the training its first day.',
    path: ['startsOn'],
  })
  .refine((r) => r.kind === 'upcoming_training' || (r.startsOn === null && r.endsOn === null), {
    error: 'Only an upcoming training has dates.',
    path: ['startsOn'],
  })
  .refine((r) => !r.startsOn || !r.endsOn || r.endsOn >= r.startsOn, {
    error: 'The last day cannot be before the first.',
    path: ['endsOn'],
  });
export type ResourceInput = z.input<typeof resourceInputSchema>;

export const adminResourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  badge: z.string().nullable(),
  details: z.string().nullable(),
  url: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  order: z.number(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  /** Retired resources stay for the trainers who opened them, but leave the portal. */
  retiredAt: z.string().nullable(),
});
export type AdminResource = z.output<typeof adminResourceSchema>;

/** GET /api/admin/resources. */
export const adminResourceListSchema = z.object({
  categories: z.array(z.object({ id: z.number(), name: z.string(), comingSoon: z.boolean() })),
  resources: z.array(adminResourceSchema),
});
export type AdminResourceList = z.output<typeof adminResourceListSchema>;

/** DELETE /api/admin/resources/{id}: a resource someone opened is retired, one nobody opened is deleted. */
export const removedResourceSchema = z.object({ outcome: z.enum(['retired', 'deleted']) });

/** A resource as a trainer's portal shows it. */
export const portalResourceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  badge: z.string().nullable(),
  /** A short line under the name, e.g. the place and dates of a training. */
  details: z.string().nullable(),
  url: z.string(),
  /** Whether this trainer has opened it before (kept on the server). */
  visited: z.boolean(),
  /** An upcoming training's first and last day ('YYYY-MM-DD'); null for other resources. */
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
});

/** GET /api/resources: the catalogue by category, and the trainings. */
export const portalResourcesSchema = z.object({
  categories: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      comingSoon: z.boolean(),
      resources: z.array(portalResourceSchema),
    }),
  ),
  upcomingTraining: z.array(portalResourceSchema),
  trainingSchedule: z.array(portalResourceSchema),
});

/** POST /api/resources/{id}/visits: `firstVisit` tells the portal to show its one-time toast. */
export const resourceVisitSchema = z.object({ firstVisit: z.boolean() });

const asDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A training's days with the year: 'July 25–27, 2027', 'July 30 – August 1, 2027', 'July 25, 2027'. */
export function trainingDatesText(startsOn: string, endsOn: string | null): string {
  const start = asDay(startsOn);
  if (!endsOn || endsOn === startsOn) return dateText(start);
  const end = asDay(endsOn);
  if (startsOn.slice(0, 4) !== endsOn.slice(0, 4)) return `${dateText(start)} – ${dateText(end)}`;
  if (startsOn.slice(0, 7) === endsOn.slice(0, 7)) {
    return `${monthDayText(start)}–${end.getUTCDate()}, ${end.getUTCFullYear()}`;
  }
  return `${monthDayText(start)} – ${dateText(end)}`;
}

/** A training is upcoming (shown) until its last day is over; one without dates is never shown. */
export function isTrainingUpcoming(startsOn: string | null, endsOn: string | null, today: string): boolean {
  const last = endsOn ?? startsOn;
  return last !== null && last >= today;
}
