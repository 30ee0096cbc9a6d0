import { z } from 'zod';
import { documentSummarySchema } from './documents';
import { isCalendarDay } from './plain-format';
import { ONBOARDING_STATUSES, PAYMENT_STATUSES } from './presets';
import { PROGRESS_BANDS, trainingEngagementSchema } from './progress';

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

/** A calendar date 'YYYY-MM-DD' between 2000 and ten years from now; blank becomes null. */
export const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCalendarDay(v), {
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

/** The onboarding ticks an admin edits and reads back (spec admin 2.3 and 3), the same in the form and the answer. */
const adminProfileTicks = {
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
};

/** The admin edit form's profile part (spec admin 2.3 and 3). */
/**
 * A business channel counts once it is switched on and has its link (spec portal 9), so the admin sees and edits
 * the links too. Left out of a request, a link stays as the trainer saved it.
 */
const adminBusinessLinks = {
  stripePaymentLink: optionalUrl.optional(),
  paypalPaymentLink: optionalUrl.optional(),
  pillarAccountLink: optionalUrl.optional(),
  affiliateLink: optionalUrl.optional(),
};

export const adminTrainerProfileSchema = z.strictObject({
  displayName: optionalText(100, 'Display name'),
  trainingDate: optionalDate,
  ...adminProfileTicks,
  ...adminBusinessLinks,
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

/** GET /api/trainers: one row of the admin list. */
export const trainerListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  paymentStatus: z.string(),
  onboardingStatus: z.string(),
  isHeadquarters: z.boolean(),
  trainingEngagement: trainingEngagementSchema,
});
export type TrainerListItem = z.output<typeof trainerListItemSchema>;

/** The profile part of a trainer as the admin edit form shows it. */
export const adminTrainerProfileAnswerSchema = z.object({
  displayName: z.string().nullable(),
  trainingDate: z.string().nullable(),
  ...adminProfileTicks,
  stripePaymentLink: z.string().nullable(),
  paypalPaymentLink: z.string().nullable(),
  pillarAccountLink: z.string().nullable(),
  affiliateLink: z.string().nullable(),
  instagram: z.string().nullable(),
  website: z.string().nullable(),
});
export type AdminTrainerProfileAnswer = z.output<typeof adminTrainerProfileAnswerSchema>;

/** GET /api/trainers/{id}/full and the admin edit's answer. */
export const trainerFullSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  paymentStatus: z.string(),
  onboardingStatus: z.string(),
  status: z.string(),
  isHeadquarters: z.boolean(),
  profile: adminTrainerProfileAnswerSchema,
  engagement: trainingEngagementSchema,
});
export type TrainerFull = z.output<typeof trainerFullSchema>;

/** GET /api/trainers/{id}/changes: one saved edit, field by field. */
export const trainerChangeSchema = z.object({
  id: z.number(),
  changedAt: z.string(),
  changedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export type TrainerChange = z.output<typeof trainerChangeSchema>;

/**
 * A trainer whose onboarding waits on their documents (onboarding status 'documents_pending'), with the latest
 * document of each required type sent to them so far (none when nothing was sent).
 */
export const trainerAwaitingDocumentsSchema = z.object({
  trainerId: z.number(),
  trainerName: z.string(),
  documents: z.array(documentSummarySchema.pick({ id: true, type: true, title: true, status: true })),
});
export type TrainerAwaitingDocuments = z.output<typeof trainerAwaitingDocumentsSchema>;

/**
 * GET /api/dashboard/stats. Every count comes from the same grouped read of the trainers: byOnboardingStatus
 * .documents_pending is always awaitingDocumentsTotal. Apart from the open documents, nothing in it grows with
 * the number of trainers.
 */
export const dashboardStatsSchema = z.object({
  trainerCount: z.number(),
  byOnboardingStatus: z.record(z.string(), z.number()),
  byPaymentStatus: z.record(z.string(), z.number()),
  byBand: z.record(z.string(), z.number()),
  /** Every document sent or about to be sent and not yet signed, of any trainer. */
  pendingDocuments: z.array(documentSummarySchema),
  /** The first ten trainers (by name) the 'Documents Pending' count counts, with their documents. */
  awaitingDocuments: z.array(trainerAwaitingDocumentsSchema),
  /** How many trainers that count counts: byOnboardingStatus.documents_pending, from the same read. */
  awaitingDocumentsTotal: z.number(),
  /** Open documents (of pendingDocuments) of trainers at other stages of onboarding. */
  pendingDocumentsElsewhere: z.number(),
});
export type DashboardStats = z.output<typeof dashboardStatsSchema>;

/** The payment-confirmation screen's read-back of a trainer (PUT /api/trainers/{id} with paymentStatus). */
export const paymentConfirmationAnswerSchema = z.object({
  id: z.number(),
  name: z.string(),
  paymentStatus: z.string(),
  onboardingStatus: z.string(),
});

/** GET /api/trainers/by-email/{email}: who a signed-in address belongs to. */
export const trainerSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
});

/** An account as the administrators list shows it, and a trainer just added by an admin. */
export const accountAnswerSchema = z.object({ id: z.number(), email: z.string(), name: z.string() });
export type AccountAnswer = z.output<typeof accountAnswerSchema>;

export const newTrainerSchema = z.strictObject({ name: trainerNameSchema, email: trainerEmailSchema });
export const adminRoleRequestSchema = z.strictObject({ email: trainerEmailSchema });
