import {
  PAYMENT_STATUS_LABELS,
  type ProgressBand,
  paymentWord,
  type TrainingEngagement,
} from '@soulpunch/shared';

/** How the admin screens name each status value; unknown values are shown as they are. */
export const onboardingStatusLabels: Record<string, string> = {
  payment_pending: 'Payment Pending',
  documents_pending: 'Documents Pending',
  completed: 'Onboarding Complete',
};

/** The payment standing's words, the same as the ledger's (packages/shared payments.ts). */
export const paymentStatusLabels: Record<string, string> = PAYMENT_STATUS_LABELS;

export const labelOf = paymentWord;

/** Spec 2.2: High green, Medium blue or yellow, Low orange, Very Low red (shades kept far apart). */
export const bandColors: Record<ProgressBand, string> = {
  High: 'green.7',
  Medium: 'yellow.5',
  Low: 'orange.7',
  'Very Low': 'red.7',
};

/** A theme colour such as 'green.7' as a CSS variable, for plain elements outside Mantine props. */
export const colorVar = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** The five scores in the order the spec lists them, with the list's short labels and the detail's long ones. */
export const engagementScores: ReadonlyArray<{
  key: keyof TrainingEngagement;
  shortLabel: string;
  label: string;
}> = [
  { key: 'profileSetup', shortLabel: 'Profile Setup', label: 'Profile Setup' },
  { key: 'businessSetup', shortLabel: 'Business Setup', label: 'Business Setup' },
  { key: 'materialAccess', shortLabel: 'Material Access', label: 'Material Access' },
  { key: 'communityEngagement', shortLabel: 'Community', label: 'Community Engagement' },
  { key: 'overall', shortLabel: 'Overall', label: 'Overall' },
];

/** Document types as the spec names them (section 3); other values are shown raw. */
export const documentTypeLabels: Record<string, string> = {
  trainer_agreement: 'Trainer Agreement',
  nda: 'Non-Disclosure Agreement',
  liability_waiver: 'Liability Waiver',
};
