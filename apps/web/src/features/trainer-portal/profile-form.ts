import {
  type TrainerProfileData,
  type TrainerProfileUpdate,
  trainerProfileUpdateSchema,
} from '@soulpunch/shared';
import { locationOf } from './format';

/** The profile editor's form: text as strings ('' for empty), flags, lists. Mirrors TrainerProfileData. */
export interface ProfileFormValues {
  fullName: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  instagram: string;
  facebook: string;
  tiktok: string;
  linkedin: string;
  twitter: string;
  pillar: string;
  youtube: string;
  otherSocialMedia: Array<{ platform: string; url: string }>;
  trainingDate: string;
  hasInsurance: boolean;
  insuranceProvider: string;
  insuranceExpiry: string;
  hasStripe: boolean;
  stripePaymentLink: string;
  hasPaypal: boolean;
  paypalPaymentLink: string;
  hasPillar: boolean;
  pillarAccountLink: string;
  hasAffiliateLink: boolean;
  affiliateLink: string;
  basicClassPaymentLink: string;
  hasCurriculum: boolean;
  hasMarketingResources: boolean;
  hasWorkbooks: boolean;
  hasVideoLibrary: boolean;
  hasTrainerDrive: boolean;
  hasCanva: boolean;
  hasMarketingAssets: boolean;
  inWhatsApp: boolean;
  inFacebook: boolean;
  profilePicture: string;
  publiclyListed: boolean;
  displayName: string;
  displayLocation: string;
  displayContact: string;
  publicEmail: string;
  publicPhone: string;
  websitePublic: string;
  publicSocialMedia: string;
  experienceDescription: string;
  yearsExperience: number | string;
  availabilityDescription: string;
  publicBio: string;
  specializations: string[];
  classTypes: string[];
  showFullName: boolean;
  showEmail: boolean;
  showPhone: boolean;
  showCity: boolean;
  showState: boolean;
  showBio: boolean;
  showWebsite: boolean;
  showSocialMedia: boolean;
}

export type ProfileFieldKey = keyof ProfileFormValues;
export type TextFieldKey = {
  [K in ProfileFieldKey]: ProfileFormValues[K] extends string ? K : never;
}[ProfileFieldKey];
export type FlagFieldKey = {
  [K in ProfileFieldKey]: ProfileFormValues[K] extends boolean ? K : never;
}[ProfileFieldKey];
/** Messages by field; nested ones use dotted paths, e.g. 'otherSocialMedia.0.url'. */
export type ProfileFieldErrors = Partial<Record<string, string>>;

const text = (value: string | null | undefined) => value ?? '';

/**
 * The form as loaded, with the spec's load fallbacks: the full name falls back to the display name, the display
 * name to the first word of the full name, the public location to 'city, state', the contact to the e-mail.
 */
export function toFormValues(p: TrainerProfileData): ProfileFormValues {
  const fullName = text(p.fullName || p.name) || text(p.displayName);
  return {
    fullName,
    email: text(p.email),
    phone: text(p.phone),
    website: text(p.website),
    address: text(p.address),
    city: text(p.city),
    state: text(p.state),
    postalCode: text(p.postalCode),
    instagram: text(p.instagram),
    facebook: text(p.facebook),
    tiktok: text(p.tiktok),
    linkedin: text(p.linkedin),
    twitter: text(p.twitter),
    pillar: text(p.pillar),
    youtube: text(p.youtube),
    otherSocialMedia: (p.otherSocialMedia ?? []).map(({ platform, url }) => ({ platform, url })),
    trainingDate: text(p.trainingDate),
    hasInsurance: p.hasInsurance,
    insuranceProvider: text(p.insuranceProvider),
    insuranceExpiry: text(p.insuranceExpiry),
    hasStripe: p.hasStripe,
    stripePaymentLink: text(p.stripePaymentLink),
    hasPaypal: p.hasPaypal,
    paypalPaymentLink: text(p.paypalPaymentLink),
    hasPillar: p.hasPillar,
    pillarAccountLink: text(p.pillarAccountLink),
    hasAffiliateLink: p.hasAffiliateLink,
    affiliateLink: text(p.affiliateLink),
    basicClassPaymentLink: text(p.basicClassPaymentLink),
    hasCurriculum: p.hasCurriculum,
    hasMarketingResources: p.hasMarketingResources,
    hasWorkbooks: p.hasWorkbooks,
    hasVideoLibrary: p.hasVideoLibrary,
    hasTrainerDrive: p.hasTrainerDrive,
    hasCanva: p.hasCanva,
    hasMarketingAssets: p.hasMarketingAssets,
    inWhatsApp: p.inWhatsApp,
    inFacebook: p.inFacebook,
    profilePicture: text(p.profilePicture),
    publiclyListed: p.publiclyListed,
    displayName: text(p.displayName) || (fullName.split(/\s+/)[0] ?? ''),
    displayLocation: text(p.displayLocation) || (locationOf(p.city, p.state) ?? ''),
    // Never the account e-mail unasked: the trainer may have chosen to keep it private.
    displayContact: text(p.displayContact),
    publicEmail: text(p.publicEmail),
    publicPhone: text(p.publicPhone),
    websitePublic: text(p.websitePublic),
    publicSocialMedia: text(p.publicSocialMedia),
    experienceDescription: text(p.experienceDescription),
    yearsExperience: p.yearsExperience ?? 0,
    availabilityDescription: text(p.availabilityDescription),
    publicBio: text(p.publicBio),
    specializations: [...(p.specializations ?? [])],
    classTypes: [...(p.classTypes ?? [])],
    showFullName: p.showFullName,
    showEmail: p.showEmail,
    showPhone: p.showPhone,
    showCity: p.showCity,
    showState: p.showState,
    showBio: p.showBio,
    showWebsite: p.showWebsite,
    showSocialMedia: p.showSocialMedia,
  };
}

/**
 * What the save sends: every field as typed. A link or insurance detail whose checkbox is off is hidden on
 * screen, so it is left as stored rather than saved unseen. featuredTrainer is the administrator's to set.
 */
export function toProfileUpdate(v: ProfileFormValues): TrainerProfileUpdate {
  const whenOn = <T>(on: boolean, value: T) => (on ? value : undefined);
  const years = typeof v.yearsExperience === 'number' ? v.yearsExperience : v.yearsExperience.trim();
  const update: TrainerProfileUpdate = {
    name: v.fullName,
    email: v.email,
    phone: v.phone,
    website: v.website,
    address: v.address,
    city: v.city,
    state: v.state,
    postalCode: v.postalCode,
    instagram: v.instagram,
    facebook: v.facebook,
    tiktok: v.tiktok,
    linkedin: v.linkedin,
    twitter: v.twitter,
    pillar: v.pillar,
    youtube: v.youtube,
    otherSocialMedia: v.otherSocialMedia.filter((row) => row.platform.trim() || row.url.trim()),
    trainingDate: v.trainingDate,
    hasInsurance: v.hasInsurance,
    insuranceProvider: whenOn(
      v.hasInsurance,
      (v.insuranceProvider || null) as TrainerProfileUpdate['insuranceProvider'],
    ),
    insuranceExpiry: whenOn(v.hasInsurance, v.insuranceExpiry),
    hasStripe: v.hasStripe,
    stripePaymentLink: whenOn(v.hasStripe, v.stripePaymentLink),
    hasPaypal: v.hasPaypal,
    paypalPaymentLink: whenOn(v.hasPaypal, v.paypalPaymentLink),
    hasPillar: v.hasPillar,
    pillarAccountLink: whenOn(v.hasPillar, v.pillarAccountLink),
    hasAffiliateLink: v.hasAffiliateLink,
    affiliateLink: whenOn(v.hasAffiliateLink, v.affiliateLink),
    basicClassPaymentLink: v.basicClassPaymentLink,
    hasCurriculum: v.hasCurriculum,
    hasMarketingResources: v.hasMarketingResources,
    hasWorkbooks: v.hasWorkbooks,
    hasVideoLibrary: v.hasVideoLibrary,
    hasTrainerDrive: v.hasTrainerDrive,
    hasCanva: v.hasCanva,
    hasMarketingAssets: v.hasMarketingAssets,
    inWhatsApp: v.inWhatsApp,
    inFacebook: v.inFacebook,
    profilePicture: v.profilePicture || null,
    publiclyListed: v.publiclyListed,
    displayName: v.displayName,
    displayLocation: v.displayLocation,
    displayContact: v.displayContact,
    publicEmail: v.publicEmail,
    publicPhone: v.publicPhone,
    websitePublic: v.websitePublic,
    publicSocialMedia: v.publicSocialMedia,
    experienceDescription: v.experienceDescription,
    yearsExperience: years === '' ? 0 : years,
    availabilityDescription: v.availabilityDescription,
    publicBio: v.publicBio,
    specializations: v.specializations,
    classTypes: v.classTypes,
    showFullName: v.showFullName,
    showEmail: v.showEmail,
    showPhone: v.showPhone,
    showCity: v.showCity,
    showState: v.showState,
    showBio: v.showBio,
    showWebsite: v.showWebsite,
    showSocialMedia: v.showSocialMedia,
  };
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
}

/** The server names the full name 'name'; the form calls it 'fullName'. */
export function formFieldOf(path: string): string {
  return path === 'name' ? 'fullName' : path;
}

export type ProfileValidation =
  | { ok: true; update: TrainerProfileUpdate }
  | { ok: false; errors: ProfileFieldErrors };

/** The same schema the server applies, so the messages under the fields are the server's own. */
export function validateProfileForm(values: ProfileFormValues): ProfileValidation {
  const update = toProfileUpdate(values);
  const parsed = trainerProfileUpdateSchema.safeParse(update);
  if (parsed.success) return { ok: true, update };
  const errors: ProfileFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = formFieldOf(issue.path.map(String).join('.'));
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export function fieldErrorsFromServer(fields: Record<string, string> | undefined): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) errors[formFieldOf(path)] ??= message;
  return errors;
}

export type ProfileTab =
  | 'personal'
  | 'social'
  | 'certification'
  | 'business'
  | 'materials'
  | 'publicProfile'
  | 'community';

const FIELD_TABS: Record<ProfileTab, readonly string[]> = {
  personal: ['fullName', 'email', 'phone', 'website', 'address', 'city', 'state', 'postalCode'],
  social: ['instagram', 'facebook', 'tiktok', 'linkedin', 'twitter', 'pillar', 'youtube', 'otherSocialMedia'],
  certification: ['trainingDate', 'hasInsurance', 'insuranceProvider', 'insuranceExpiry'],
  business: [
    'hasStripe',
    'stripePaymentLink',
    'hasPaypal',
    'paypalPaymentLink',
    'hasPillar',
    'pillarAccountLink',
    'hasAffiliateLink',
    'affiliateLink',
    'basicClassPaymentLink',
  ],
  materials: [
    'hasCurriculum',
    'hasMarketingResources',
    'hasWorkbooks',
    'hasVideoLibrary',
    'hasTrainerDrive',
    'hasCanva',
    'hasMarketingAssets',
  ],
  publicProfile: [
    'publiclyListed',
    'displayName',
    'displayLocation',
    'displayContact',
    'publicEmail',
    'publicPhone',
    'websitePublic',
    'publicSocialMedia',
    'experienceDescription',
    'yearsExperience',
    'availabilityDescription',
    'publicBio',
    'specializations',
    'classTypes',
  ],
  community: ['inWhatsApp', 'inFacebook'],
};

/** The tab that holds a field, so a save with errors can show the first one; null for fields outside tabs. */
export function tabOfField(path: string): ProfileTab | null {
  const field = path.split('.')[0] ?? path;
  for (const [tab, fields] of Object.entries(FIELD_TABS) as Array<[ProfileTab, readonly string[]]>) {
    if (fields.includes(field)) return tab;
  }
  return null;
}

export function sameFormValues(a: ProfileFormValues, b: ProfileFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
