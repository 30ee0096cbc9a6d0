import { z } from 'zod';
import type { DocumentSummary } from './documents';
import { ONBOARDING_STATUSES, PAYMENT_STATUSES } from './presets';
import { PROGRESS_BANDS, type TrainingEngagement } from './progress';

/** Optional text: trimmed, and blank becomes null so "cleared" is stored as empty, not as spaces. */
export const optionalText = (max: number, label = 'This field') =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

export const optionalUrl = z
  .string()
  .trim()
  .max(300, { error: 'Links must be at most 300 characters' })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), {
    error: 'Please enter a valid URL (starting with http:// or https://)',
  });

export const optionalPhone = z
  .string()
  .trim()
  .max(30, { error: 'Phone must be at most 30 characters' })
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^[0-9 ()+.-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7), {
    error: 'Please enter a valid phone number',
  });

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date 'YYYY-MM-DD' between 2000 and ten years from now; blank becomes null. */
export const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v)), {
    error: 'Please enter a valid date',
  })
  .refine((v) => v === null || (v >= '2000-01-01' && v <= `${new Date().getUTCFullYear() + 10}-12-31`), {
    error: 'Please enter a date between 2000 and ten years from now',
  });

export const trainerNameSchema = z
  .string({ error: 'Name must be at least 2 characters' })
  .trim()
  .min(2, { error: 'Name must be at least 2 characters' })
  .max(100, { error: 'Name must be at most 100 characters' });

export const trainerEmailSchema = z
  .string({ error: 'Please enter a valid email' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Please enter a valid email' })
  .pipe(z.email({ error: 'Please enter a valid email' }));

/** The admin edit form's profile part (spec admin 2.3 and 3). */
export const adminTrainerProfileSchema = z.strictObject({
  displayName: optionalText(100, 'Display name'),
  trainingDate: optionalDate,
  hasInsurance: z.boolean(),
  hasStripe: z.boolean(),
  hasPaypal: z.boolean(),
  hasPillar: z.boolean(),
  hasAffiliateLink: z.boolean(),
  hasCurriculum: z.boolean(),
  hasMarketingResources: z.boolean(),
  hasWorkbooks: z.boolean(),
  hasVideoLibrary: z.boolean(),
  hasTrainerDrive: z.boolean(),
  inWhatsApp: z.boolean(),
  inFacebook: z.boolean(),
  instagram: optionalText(100, 'Instagram'),
  website: optionalUrl,
});
export type AdminTrainerProfile = z.output<typeof adminTrainerProfileSchema>;

/** PUT /api/trainers/{id} by an admin. Payment and onboarding state are not editable here. */
export const adminTrainerUpdateSchema = z.strictObject({
  name: trainerNameSchema,
  email: trainerEmailSchema,
  phone: optionalPhone,
  city: optionalText(100, 'City'),
  state: optionalText(50, 'State'),
  profile: adminTrainerProfileSchema,
});
export type AdminTrainerUpdate = z.input<typeof adminTrainerUpdateSchema>;

export const trainerListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  onboardingStatus: z.enum(ONBOARDING_STATUSES).optional(),
  band: z.enum(PROGRESS_BANDS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TrainerListQuery = z.input<typeof trainerListQuerySchema>;

export interface TrainerListItem {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  paymentStatus: string;
  onboardingStatus: string;
  isHeadquarters: boolean;
  trainingEngagement: TrainingEngagement;
}

export interface TrainerFull {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  paymentStatus: string;
  onboardingStatus: string;
  status: string;
  isHeadquarters: boolean;
  profile: AdminTrainerProfile;
  engagement: TrainingEngagement;
}

export interface TrainerChange {
  id: number;
  changedAt: string;
  changedBy: { name: string; email: string } | null;
  changes: Array<{ field: string; from: unknown; to: unknown }>;
}

export interface DashboardStats {
  trainerCount: number;
  byOnboardingStatus: Record<string, number>;
  byPaymentStatus: Record<string, number>;
  byBand: Record<string, number>;
  pendingDocuments: DocumentSummary[];
}

export const newTrainerSchema = z.strictObject({ name: trainerNameSchema, email: trainerEmailSchema });
export const adminRoleRequestSchema = z.strictObject({ email: trainerEmailSchema });
