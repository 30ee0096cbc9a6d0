/** The profile editor's preset choices (spec: portal-and-public, section 3 Presets). */
export const SPECIALIZATION_PRESETS = [
  "Women's Self-Defense",
  'Teen Safety',
  'Campus Safety',
  'Workplace Violence Prevention',
  'Travel Safety',
  'Personal Safety',
] as const;

export const CLASS_TYPE_PRESETS = [
  "Women's Self Defense",
  'Corporate Training',
  'College Campus Safety',
  'Teen Defense',
  'Private Lessons',
  'Senior Safety',
] as const;

export const EXPERIENCE_LEVELS = [
  'New Trainer (1 year)',
  'Experienced (2-3 years)',
  'Veteran (3-5 years)',
  'Master Trainer (5+ years)',
] as const;

/** Stored value and the label shown; 'Flexible' reads 'Flexible Schedule'. */
export const AVAILABILITY_OPTIONS = [
  { value: 'Weekdays', label: 'Weekdays' },
  { value: 'Evenings', label: 'Evenings' },
  { value: 'Weekends', label: 'Weekends' },
  { value: 'Evenings & Weekends', label: 'Evenings & Weekends' },
  { value: 'Flexible', label: 'Flexible Schedule' },
  { value: 'Contact for Schedule', label: 'Contact for Schedule' },
] as const;

export const PAYMENT_STATUSES = [
  'pending',
  'completed',
  'past_due',
  'failed',
  'refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ONBOARDING_STATUSES = ['payment_pending', 'documents_pending', 'completed'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

/** The five checklist steps a trainer marks themselves (the other three follow real account state). */
export const SELF_MARKED_ONBOARDING_STEPS = [
  'video_library_access',
  'trainer_drive_access',
  'whatsapp_access',
  'facebook_group_access',
  'weekly_training_access',
] as const;
export type SelfMarkedOnboardingStep = (typeof SELF_MARKED_ONBOARDING_STEPS)[number];
