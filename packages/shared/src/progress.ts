import { z } from 'zod';
import { asPercents, filled, share } from './progress-shares';

/**
 * Every progress view (the admin's engagement bars, the portal's onboarding checklist, the profile editor's
 * completion card) is derived here from the same stored facts, every time it is read (never stored, so the views
 * cannot drift apart). Decision record 0011 names the fact behind each view.
 */
export interface ProgressInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  city?: string | null;
  state?: string | null;
  /** The trainer record's payment standing: materials are reachable only once paid (see materialsUnlocked). */
  paymentStatus?: string | null;
  /** An instalment unpaid past its grace period pauses the portal's resources. */
  accessPaused?: boolean | null;
  displayName?: string | null;
  trainingDate?: string | null;
  hasInsurance?: boolean | null;
  hasStripe?: boolean | null;
  hasPaypal?: boolean | null;
  hasPillar?: boolean | null;
  hasAffiliateLink?: boolean | null;
  stripePaymentLink?: string | null;
  paypalPaymentLink?: string | null;
  pillarAccountLink?: string | null;
  affiliateLink?: string | null;
  hasCurriculum?: boolean | null;
  hasMarketingResources?: boolean | null;
  hasWorkbooks?: boolean | null;
  hasVideoLibrary?: boolean | null;
  hasTrainerDrive?: boolean | null;
  inWhatsApp?: boolean | null;
  inFacebook?: boolean | null;
  instagram?: string | null;
  website?: string | null;
}

/**
 * Business Setup, for the admin's bar and the editor's Business section alike: of the four channels (Stripe,
 * PayPal, Pillar, affiliate), those switched on and with their link (spec portal 9): a channel without its link
 * takes no payment.
 */
export function businessSetupShare(
  t: Pick<
    ProgressInput,
    | 'hasStripe'
    | 'stripePaymentLink'
    | 'hasPaypal'
    | 'paypalPaymentLink'
    | 'hasPillar'
    | 'pillarAccountLink'
    | 'hasAffiliateLink'
    | 'affiliateLink'
  >,
): number {
  return share([
    t.hasStripe === true && filled(t.stripePaymentLink),
    t.hasPaypal === true && filled(t.paypalPaymentLink),
    t.hasPillar === true && filled(t.pillarAccountLink),
    t.hasAffiliateLink === true && filled(t.affiliateLink),
  ]);
}

/**
 * The five materials of Material Access (spec admin 2.3). Each is one profile flag, written by the admin's edit,
 * the trainer's editor, the checklist's step and the first opening of its resource alike.
 */
export const MATERIALS = [
  { key: 'hasCurriculum', label: 'Curriculum' },
  { key: 'hasMarketingResources', label: 'Marketing resources' },
  { key: 'hasWorkbooks', label: 'Workbooks' },
  { key: 'hasVideoLibrary', label: 'Video library' },
  { key: 'hasTrainerDrive', label: 'Trainer drive' },
] as const;
export type MaterialKey = (typeof MATERIALS)[number]['key'];

/**
 * Materials are reachable once the program is paid: paid in full, or an instalment late but still in its grace
 * period. An unpaid, failed, refunded or disputed payment, or paused access, reaches none of them, whatever is
 * granted (a new trainer's profile grants curriculum, marketing resources and workbooks from the start).
 */
export function materialsUnlocked(t: Pick<ProgressInput, 'paymentStatus' | 'accessPaused'>): boolean {
  return t.paymentStatus === 'completed' || (t.paymentStatus === 'past_due' && t.accessPaused !== true);
}

/** Whether the trainer can reach this material: granted (or opened, or marked) and paid for. */
export function hasMaterialAccess(
  t: Partial<Record<MaterialKey, boolean | null>>,
  material: MaterialKey,
  unlocked: boolean,
): boolean {
  return unlocked && t[material] === true;
}

/** Share (0 to 1) of the five materials the trainer can reach: Material Access and the editor's Materials. */
export function materialAccessShare(
  t: Partial<Record<MaterialKey, boolean | null>>,
  unlocked: boolean,
): number {
  return share(MATERIALS.map(({ key }) => hasMaterialAccess(t, key, unlocked)));
}

export const trainingEngagementSchema = z.object({
  profileSetup: z.number(),
  businessSetup: z.number(),
  materialAccess: z.number(),
  communityEngagement: z.number(),
  overall: z.number(),
});
export type TrainingEngagement = z.output<typeof trainingEngagementSchema>;

export const PROGRESS_BANDS = ['High', 'Medium', 'Low', 'Very Low'] as const;
export type ProgressBand = (typeof PROGRESS_BANDS)[number];

export function computeTrainingEngagement(t: ProgressInput): TrainingEngagement {
  const sections = {
    profileSetup: share([
      filled(t.name),
      filled(t.email),
      filled(t.phone),
      filled(t.city),
      filled(t.state),
      filled(t.displayName),
      filled(t.trainingDate),
      t.hasInsurance === true,
    ]),
    businessSetup: businessSetupShare(t),
    materialAccess: materialAccessShare(t, materialsUnlocked(t)),
    // The WhatsApp and Facebook flags are also the checklist's two community steps.
    communityEngagement: share([
      t.inWhatsApp === true,
      t.inFacebook === true,
      filled(t.instagram),
      filled(t.website),
    ]),
  };
  return asPercents(sections);
}

/** Spec bands of the overall score: 80+ High, 60+ Medium, 40+ Low, else Very Low. */
export function progressBand(overall: number): ProgressBand {
  if (overall >= 80) return 'High';
  if (overall >= 60) return 'Medium';
  if (overall >= 40) return 'Low';
  return 'Very Low';
}
