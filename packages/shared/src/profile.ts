import { z } from 'zod';
import { directImageUrl } from './image-url';
import {
  optionalDate,
  optionalPhone,
  optionalText,
  optionalUrl,
  trainerEmailSchema,
  trainerNameSchema,
} from './trainers';

export const BIO_MAX_LENGTH = 250;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const INSURANCE_PROVIDERS = [
  { value: 'next', label: 'Next Insurance' },
  { value: 'kk', label: 'K&K Insurance' },
  { value: 'other', label: 'Other Provider' },
] as const;

const socialHandle = (label: string) => optionalText(200, label);
const stringList = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .max(60, { error: `Each ${label} must be at most 60 characters` }),
    )
    .max(20, { error: `At most 20 ${label}s` })
    // Custom entries are trimmed and blank ones ignored (spec portal 5); duplicates collapse.
    .transform((items) => [...new Set(items.filter(Boolean))]);

/**
 * Everything the profile editor saves (spec portal 3, editor model and both save payloads), including the
 * fields the prototype dropped. Every field is optional: what is sent is saved, what is not sent is kept.
 */
export const trainerProfileUpdateSchema = z
  .strictObject({
    name: trainerNameSchema,
    /** The editor's word for name; either may be sent. */
    fullName: trainerNameSchema,
    /** Derived from the name on our side; accepted because the spec's payload carries them. */
    firstName: z.string().max(100).optional(),
    lastName: z.string().max(100).optional(),
    email: trainerEmailSchema,
    phone: optionalPhone,
    notes: optionalText(2000, 'Notes'),
    bio: optionalText(2000, 'Bio'),
    address: optionalText(200, 'Street address'),
    city: optionalText(100, 'City'),
    state: optionalText(50, 'State'),
    postalCode: optionalText(20, 'Postal code'),
    website: optionalUrl,
    instagram: socialHandle('Instagram'),
    facebook: socialHandle('Facebook'),
    tiktok: socialHandle('TikTok'),
    linkedin: socialHandle('LinkedIn'),
    twitter: socialHandle('Twitter/X'),
    pillar: socialHandle('Pillar'),
    youtube: socialHandle('YouTube'),
    otherSocialMedia: z
      .array(
        z.strictObject({
          platform: z.string().trim().min(1, { error: 'Platform name is required' }).max(60),
          url: z.string().trim().min(1, { error: 'URL or username is required' }).max(300),
        }),
      )
      .max(20),
    trainingDate: optionalDate,
    certificationDate: optionalDate,
    hasInsurance: z.boolean(),
    insuranceProvider: z
      .enum(['next', 'kk', 'other'], { error: 'Please choose an insurance provider' })
      .nullish()
      .transform((v) => v ?? null),
    insuranceExpiry: optionalDate,
    hasStripe: z.boolean(),
    stripePaymentLink: optionalUrl,
    hasPaypal: z.boolean(),
    paypalPaymentLink: optionalUrl,
    hasPillar: z.boolean(),
    pillarAccountLink: optionalUrl,
    hasAffiliateLink: z.boolean(),
    affiliateLink: optionalUrl,
    hasCurriculum: z.boolean(),
    hasMarketingResources: z.boolean(),
    hasWorkbooks: z.boolean(),
    hasVideoLibrary: z.boolean(),
    hasTrainerDrive: z.boolean(),
    hasCanva: z.boolean(),
    hasMarketingAssets: z.boolean(),
    inWhatsApp: z.boolean(),
    inFacebook: z.boolean(),
    displayName: optionalText(100, 'Display name'),
    /** An image URL (Drive share links are rewritten), or null to remove; uploads use their own route. */
    profilePicture: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => (v ? directImageUrl(v) : null))
      .refine((v) => v === null || /^https:\/\//.test(v) || /^\/api\/pictures\/[\w.-]+$/.test(v), {
        error: 'Please enter an image URL starting with https://',
      }),
    publicBio: z
      .string()
      .trim()
      .max(BIO_MAX_LENGTH, { error: `Bio must be at most ${BIO_MAX_LENGTH} characters` })
      .nullish()
      .transform((v) => (v ? v : null)),
    displayLocation: optionalText(100, 'Location'),
    availabilityDescription: optionalText(100, 'Availability'),
    displayContact: optionalText(200, 'Contact'),
    experienceDescription: optionalText(100, 'Experience'),
    websitePublic: optionalUrl,
    publicSocialMedia: optionalText(500, 'Public social media'),
    publicEmail: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || z.email().safeParse(v).success, { error: 'Please enter a valid email' }),
    publicPhone: optionalPhone,
    basicClassPaymentLink: optionalUrl,
    publiclyListed: z.boolean(),
    featuredTrainer: z.boolean(),
    yearsExperience: z.coerce
      .number({ error: 'Years of experience must be a number' })
      .int()
      .min(0, { error: 'Years of experience cannot be negative' })
      .max(80),
    specializations: stringList('specialization'),
    classTypes: stringList('class type'),
    showFullName: z.boolean(),
    showEmail: z.boolean(),
    showPhone: z.boolean(),
    showCity: z.boolean(),
    showState: z.boolean(),
    showBio: z.boolean(),
    showWebsite: z.boolean(),
    showSocialMedia: z.boolean(),
  })
  .partial();
export type TrainerProfileUpdate = z.input<typeof trainerProfileUpdateSchema>;

/** An e-mail change waiting for its link. */
export const pendingEmailChangeSchema = z.object({
  email: z.string(),
  /** ISO time after which the link no longer works. */
  expiresAt: z.string(),
});

/** The profile as read (GET /api/trainer-profile/{id}) and as saved: every editor field, null when empty. */
export const trainerProfileAnswerSchema = z.object({
  trainerId: z.number(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  bio: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  tiktok: z.string().nullable(),
  linkedin: z.string().nullable(),
  twitter: z.string().nullable(),
  pillar: z.string().nullable(),
  youtube: z.string().nullable(),
  otherSocialMedia: z.array(z.object({ platform: z.string(), url: z.string() })),
  trainingDate: z.string().nullable(),
  certificationDate: z.string().nullable(),
  hasInsurance: z.boolean(),
  insuranceProvider: z.enum(['next', 'kk', 'other']).nullable(),
  insuranceExpiry: z.string().nullable(),
  hasStripe: z.boolean(),
  stripePaymentLink: z.string().nullable(),
  hasPaypal: z.boolean(),
  paypalPaymentLink: z.string().nullable(),
  hasPillar: z.boolean(),
  pillarAccountLink: z.string().nullable(),
  hasAffiliateLink: z.boolean(),
  affiliateLink: z.string().nullable(),
  hasCurriculum: z.boolean(),
  hasMarketingResources: z.boolean(),
  hasWorkbooks: z.boolean(),
  hasVideoLibrary: z.boolean(),
  hasTrainerDrive: z.boolean(),
  hasCanva: z.boolean(),
  hasMarketingAssets: z.boolean(),
  inWhatsApp: z.boolean(),
  inFacebook: z.boolean(),
  /** Whether the program is paid, so the materials above are reachable (the editor's Materials score needs it). */
  materialsUnlocked: z.boolean(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  publicBio: z.string().nullable(),
  displayLocation: z.string().nullable(),
  availabilityDescription: z.string().nullable(),
  displayContact: z.string().nullable(),
  experienceDescription: z.string().nullable(),
  websitePublic: z.string().nullable(),
  publicSocialMedia: z.string().nullable(),
  publicEmail: z.string().nullable(),
  publicPhone: z.string().nullable(),
  basicClassPaymentLink: z.string().nullable(),
  publiclyListed: z.boolean(),
  featuredTrainer: z.boolean(),
  yearsExperience: z.number(),
  specializations: z.array(z.string()),
  classTypes: z.array(z.string()),
  showFullName: z.boolean(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  showCity: z.boolean(),
  showState: z.boolean(),
  showBio: z.boolean(),
  showWebsite: z.boolean(),
  showSocialMedia: z.boolean(),
  /** A new sign-in e-mail waiting for the link sent to it (the e-mail above changes only when it is confirmed). */
  pendingEmailChange: pendingEmailChangeSchema.nullable().optional(),
});
export type TrainerProfileData = z.output<typeof trainerProfileAnswerSchema>;
export type PendingEmailChange = z.output<typeof pendingEmailChangeSchema>;

/** The picture routes' answer: the new picture's address, or null once removed. */
export const profilePictureAnswerSchema = z.object({ profilePicture: z.string().nullable() });
/** The e-mail change routes' answer: the change now waiting, or null once cancelled. */
export const pendingEmailChangeAnswerSchema = z.object({
  pendingEmailChange: pendingEmailChangeSchema.nullable(),
});
/** POST /api/email-change/confirm: the address now in use. */
export const emailChangeConfirmedSchema = z.object({ email: z.string() });
