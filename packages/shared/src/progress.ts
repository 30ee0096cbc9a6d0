import { z } from 'zod';

/**
 * Admin progress scores, computed from a trainer's real data every time they are read (never stored, so they
 * cannot drift). One module, used by the server's list, detail and dashboard.
 */
export interface ProgressInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  city?: string | null;
  state?: string | null;
  displayName?: string | null;
  trainingDate?: string | null;
  hasInsurance?: boolean | null;
  hasStripe?: boolean | null;
  hasPaypal?: boolean | null;
  hasPillar?: boolean | null;
  hasAffiliateLink?: boolean | null;
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

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';
const share = (checks: boolean[]) => checks.filter(Boolean).length / checks.length;

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
    businessSetup: share([!!t.hasStripe, !!t.hasPaypal, !!t.hasPillar, !!t.hasAffiliateLink]),
    materialAccess: share([
      !!t.hasCurriculum,
      !!t.hasMarketingResources,
      !!t.hasWorkbooks,
      !!t.hasVideoLibrary,
      !!t.hasTrainerDrive,
    ]),
    communityEngagement: share([!!t.inWhatsApp, !!t.inFacebook, filled(t.instagram), filled(t.website)]),
  };
  const values = Object.values(sections);
  const overall = values.reduce((sum, v) => sum + v, 0) / values.length;
  const percent = (v: number) => Math.round(v * 100);
  return {
    profileSetup: percent(sections.profileSetup),
    businessSetup: percent(sections.businessSetup),
    materialAccess: percent(sections.materialAccess),
    communityEngagement: percent(sections.communityEngagement),
    overall: percent(overall),
  };
}

/** Spec bands of the overall score: 80+ High, 60+ Medium, 40+ Low, else Very Low. */
export function progressBand(overall: number): ProgressBand {
  if (overall >= 80) return 'High';
  if (overall >= 60) return 'Medium';
  if (overall >= 40) return 'Low';
  return 'Very Low';
}
