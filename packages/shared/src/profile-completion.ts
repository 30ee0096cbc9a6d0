import { businessSetupShare, materialAccessShare } from './progress';
import { asPercents, filled, share } from './progress-shares';

/**
 * The profile editor's 'Profile Completion' scores (spec portal 5): six sections, each the share of its items
 * that are done, and the overall score as their average. Pure, so the card can recompute on every keystroke.
 * Materials is the admin's Material Access, from the same function (issue 23): the five materials, once paid.
 */
export interface ProfileCompletionInput {
  fullName?: string | null;
  displayName?: string | null;
  email?: string | null;
  city?: string | null;
  state?: string | null;
  instagram?: string | null;
  facebook?: string | null;
  website?: string | null;
  trainingDate?: string | null;
  hasInsurance?: boolean | null;
  insuranceProvider?: string | null;
  hasStripe?: boolean | null;
  stripePaymentLink?: string | null;
  hasPaypal?: boolean | null;
  paypalPaymentLink?: string | null;
  hasPillar?: boolean | null;
  pillarAccountLink?: string | null;
  hasAffiliateLink?: boolean | null;
  affiliateLink?: string | null;
  hasCurriculum?: boolean | null;
  hasMarketingResources?: boolean | null;
  hasWorkbooks?: boolean | null;
  hasVideoLibrary?: boolean | null;
  hasTrainerDrive?: boolean | null;
  /** From the server (materialsUnlocked): whether the program is paid, so the materials are reachable. */
  materialsUnlocked?: boolean | null;
  publicBio?: string | null;
  specializations?: readonly string[] | null;
}

/** Whole percents, 0 to 100. */
export interface ProfileCompletion {
  personal: number;
  social: number;
  cert: number;
  business: number;
  materials: number;
  publicProfile: number;
  overall: number;
}

export const COMPLETION_SECTIONS = [
  { key: 'personal', label: 'Personal' },
  { key: 'social', label: 'Social' },
  { key: 'cert', label: 'Cert' },
  { key: 'business', label: 'Business' },
  { key: 'materials', label: 'Materials' },
  { key: 'publicProfile', label: 'Public Profile' },
] as const satisfies ReadonlyArray<{ key: Exclude<keyof ProfileCompletion, 'overall'>; label: string }>;

export function computeProfileCompletion(p: ProfileCompletionInput): ProfileCompletion {
  const sections = {
    personal: share([
      filled(p.fullName) || filled(p.displayName),
      filled(p.email),
      filled(p.city),
      filled(p.state),
    ]),
    social: share([filled(p.instagram), filled(p.facebook), filled(p.website)]),
    cert: share([filled(p.trainingDate), p.hasInsurance === true, filled(p.insuranceProvider)]),
    // The admin's Business Setup, by the same rule.
    business: businessSetupShare(p),
    materials: materialAccessShare(p, p.materialsUnlocked === true),
    publicProfile: share([
      filled(p.displayName),
      filled(p.publicBio),
      (p.specializations ?? []).some((s) => filled(s)),
    ]),
  };
  return asPercents(sections);
}
