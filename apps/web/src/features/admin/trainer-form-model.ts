import type { AdminTrainerProfileAnswer, AdminTrainerUpdate, TrainerFull } from '@soulpunch/shared';

type ProfileFlag = {
  [K in keyof AdminTrainerProfileAnswer]: AdminTrainerProfileAnswer[K] extends boolean ? K : never;
}[keyof AdminTrainerProfileAnswer];
type ProfileText = Exclude<keyof AdminTrainerProfileAnswer, ProfileFlag>;

/** The edit form's working copy: every text field is a string (blank = not provided). */
export interface TrainerDraft {
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  profile: Record<ProfileText, string> & Record<ProfileFlag, boolean>;
}

export type BasicField = 'name' | 'email' | 'phone' | 'city' | 'state';

/** The edit form's sections (spec 2.3), in order; labels are also used by the change history. */
export const draftSections: ReadonlyArray<{
  title: string;
  texts: ReadonlyArray<{ field: BasicField | ProfileText; label: string; type?: 'email' | 'date' | 'url' }>;
  flags: ReadonlyArray<{ field: ProfileFlag; label: string }>;
}> = [
  {
    title: 'Basic Information',
    texts: [
      { field: 'name', label: 'Name' },
      { field: 'email', label: 'Email', type: 'email' },
      { field: 'phone', label: 'Phone' },
      { field: 'city', label: 'City' },
      { field: 'state', label: 'State' },
      { field: 'displayName', label: 'Display Name' },
    ],
    flags: [],
  },
  {
    title: 'Certification',
    texts: [{ field: 'trainingDate', label: 'Training Date', type: 'date' }],
    flags: [{ field: 'hasInsurance', label: 'Has insurance' }],
  },
  {
    title: 'Business Setup',
    // A channel counts once it is switched on and has its link (the trainer's editor asks for the same).
    texts: [
      { field: 'stripePaymentLink', label: 'Stripe payment link', type: 'url' },
      { field: 'paypalPaymentLink', label: 'PayPal payment link', type: 'url' },
      { field: 'pillarAccountLink', label: 'Pillar account link', type: 'url' },
      { field: 'affiliateLink', label: 'Affiliate link (address)', type: 'url' },
    ],
    flags: [
      { field: 'hasStripe', label: 'Payment processor account (Stripe)' },
      { field: 'hasPaypal', label: 'PayPal' },
      { field: 'hasPillar', label: 'Pillar' },
      { field: 'hasAffiliateLink', label: 'Affiliate link' },
    ],
  },
  {
    title: 'Material Access',
    texts: [],
    flags: [
      { field: 'hasCurriculum', label: 'Curriculum' },
      { field: 'hasMarketingResources', label: 'Marketing resources' },
      { field: 'hasWorkbooks', label: 'Workbooks' },
      { field: 'hasVideoLibrary', label: 'Video library' },
      { field: 'hasTrainerDrive', label: 'Trainer drive' },
    ],
  },
  {
    title: 'Community Engagement',
    texts: [
      { field: 'instagram', label: 'Instagram' },
      { field: 'website', label: 'Website', type: 'url' },
    ],
    flags: [
      { field: 'inWhatsApp', label: 'In WhatsApp group' },
      { field: 'inFacebook', label: 'In Facebook group' },
    ],
  },
];

const BASIC_FIELDS: readonly string[] = ['name', 'email', 'phone', 'city', 'state'];

/** The server's field path ('phone', 'profile.hasStripe') of a form field. */
export function fieldPath(field: string): string {
  return BASIC_FIELDS.includes(field) ? field : `profile.${field}`;
}

const labelsByPath = new Map([
  ...draftSections.flatMap((section) =>
    [...section.texts, ...section.flags].map(({ field, label }) => [fieldPath(field), label] as const),
  ),
  // Changes the certification record's admin actions write (decision record 0014).
  ['certificate', 'Certificate'] as const,
  ['insurance', 'Insurance'] as const,
]);

/** The label a person knows a changed field by; unknown paths are shown as they are. */
export function fieldLabel(path: string): string {
  return labelsByPath.get(path) ?? path;
}

export function draftFromTrainer(trainer: TrainerFull): TrainerDraft {
  const { profile } = trainer;
  return {
    name: trainer.name,
    email: trainer.email,
    phone: trainer.phone ?? '',
    city: trainer.city ?? '',
    state: trainer.state ?? '',
    profile: {
      ...profile,
      displayName: profile.displayName ?? '',
      trainingDate: profile.trainingDate ?? '',
      stripePaymentLink: profile.stripePaymentLink ?? '',
      paypalPaymentLink: profile.paypalPaymentLink ?? '',
      pillarAccountLink: profile.pillarAccountLink ?? '',
      affiliateLink: profile.affiliateLink ?? '',
      instagram: profile.instagram ?? '',
      website: profile.website ?? '',
    },
  };
}

/** The PUT body: exactly the fields the server accepts, blanks as null. */
export function updateFromDraft(draft: TrainerDraft): AdminTrainerUpdate {
  const text = (value: string) => (value.trim() === '' ? null : value);
  const { profile } = draft;
  return {
    name: draft.name,
    email: draft.email,
    phone: text(draft.phone),
    city: text(draft.city),
    state: text(draft.state),
    profile: {
      displayName: text(profile.displayName),
      trainingDate: text(profile.trainingDate),
      hasInsurance: profile.hasInsurance,
      hasStripe: profile.hasStripe,
      hasPaypal: profile.hasPaypal,
      hasPillar: profile.hasPillar,
      hasAffiliateLink: profile.hasAffiliateLink,
      stripePaymentLink: text(profile.stripePaymentLink),
      paypalPaymentLink: text(profile.paypalPaymentLink),
      pillarAccountLink: text(profile.pillarAccountLink),
      affiliateLink: text(profile.affiliateLink),
      hasCurriculum: profile.hasCurriculum,
      hasMarketingResources: profile.hasMarketingResources,
      hasWorkbooks: profile.hasWorkbooks,
      hasVideoLibrary: profile.hasVideoLibrary,
      hasTrainerDrive: profile.hasTrainerDrive,
      inWhatsApp: profile.inWhatsApp,
      inFacebook: profile.inFacebook,
      instagram: text(profile.instagram),
      website: text(profile.website),
    },
  };
}
