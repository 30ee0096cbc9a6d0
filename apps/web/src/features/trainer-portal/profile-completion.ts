/**
 * The profile editor's 'Profile Completion' scores (spec portal 5): six sections, each the share of its items
 * that are done, and the overall score as their average. Pure, so the card can recompute on every keystroke.
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

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';
const share = (checks: boolean[]) => checks.filter(Boolean).length / checks.length;
const percent = (fraction: number) => Math.round(fraction * 100);

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
    // A payment or affiliate channel counts only when it is both switched on and has its link.
    business: share([
      p.hasStripe === true && filled(p.stripePaymentLink),
      p.hasPaypal === true && filled(p.paypalPaymentLink),
      p.hasPillar === true && filled(p.pillarAccountLink),
      p.hasAffiliateLink === true && filled(p.affiliateLink),
    ]),
    materials: share([p.hasCurriculum === true, p.hasMarketingResources === true, p.hasWorkbooks === true]),
    publicProfile: share([
      filled(p.displayName),
      filled(p.publicBio),
      (p.specializations ?? []).some((s) => filled(s)),
    ]),
  };
  const values = Object.values(sections);
  const overall = values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    personal: percent(sections.personal),
    social: percent(sections.social),
    cert: percent(sections.cert),
    business: percent(sections.business),
    materials: percent(sections.materials),
    publicProfile: percent(sections.publicProfile),
    overall: percent(overall),
  };
}
