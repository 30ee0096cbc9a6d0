import { z } from 'zod';

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
  })
  .refine((r) => (r.kind === 'resource') === (r.categoryId !== null), {
    error: 'A resource belongs to a category; the training entries belong to none.',
    path: ['categoryId'],
  });
export type ResourceInput = z.input<typeof resourceInputSchema>;

export interface AdminResource {
  id: number;
  name: string;
  description: string;
  badge: string | null;
  details: string | null;
  url: string;
  kind: ResourceKind;
  categoryId: number | null;
  categoryName: string | null;
  order: number;
  /** Retired resources stay for the trainers who opened them, but leave the portal. */
  retiredAt: string | null;
}

export interface AdminResourceList {
  categories: Array<{ id: number; name: string; comingSoon: boolean }>;
  resources: AdminResource[];
}
