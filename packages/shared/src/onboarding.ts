import { z } from 'zod';
import type { SelfMarkedOnboardingStep } from './presets';

/** The portal's 8-step checklist (spec portal 4). Three steps follow real account state; five the trainer marks. */
export const ONBOARDING_STEPS = [
  { key: 'account_created', label: 'Account Created', source: 'always' },
  { key: 'payment_completed', label: 'Payment Completed', source: 'payment' },
  { key: 'documents_signed', label: 'Documents Signed', source: 'documents' },
  { key: 'video_library_access', label: 'Video Library Access', source: 'trainer' },
  { key: 'trainer_drive_access', label: 'Trainer Drive Access', source: 'trainer' },
  { key: 'whatsapp_access', label: 'WhatsApp Access', source: 'trainer' },
  { key: 'facebook_group_access', label: 'Private Facebook Group Access', source: 'trainer' },
  { key: 'weekly_training_access', label: 'Weekly Live Training Link', source: 'trainer' },
] as const satisfies ReadonlyArray<{ key: string; label: string; source: string }>;

export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number]['key'];

export const onboardingStepStateSchema = z.object({
  key: z.enum(ONBOARDING_STEPS.map((step) => step.key) as [OnboardingStepKey, ...OnboardingStepKey[]]),
  label: z.string(),
  completed: z.boolean(),
  /** Only the five self-marked steps can be toggled by the trainer. */
  canToggle: z.boolean(),
});
export type OnboardingStepState = z.output<typeof onboardingStepStateSchema>;

/** GET /api/trainers/{id}/onboarding, and the answer to marking a step. */
export const onboardingChecklistSchema = z.object({
  steps: z.array(onboardingStepStateSchema),
  completedCount: z.number(),
  total: z.number(),
  percent: z.number(),
});
export type OnboardingChecklist = z.output<typeof onboardingChecklistSchema>;

export function buildOnboardingChecklist(state: {
  paymentCompleted: boolean;
  documentsSigned: boolean;
  markedSteps: ReadonlySet<string>;
}): OnboardingChecklist {
  const steps = ONBOARDING_STEPS.map((step): OnboardingStepState => {
    const completed =
      step.source === 'always'
        ? true
        : step.source === 'payment'
          ? state.paymentCompleted
          : step.source === 'documents'
            ? state.documentsSigned
            : state.markedSteps.has(step.key as SelfMarkedOnboardingStep);
    return { key: step.key, label: step.label, completed, canToggle: step.source === 'trainer' };
  });
  const completedCount = steps.filter((s) => s.completed).length;
  return {
    steps,
    completedCount,
    total: steps.length,
    percent: Math.round((completedCount / steps.length) * 100),
  };
}

/** Certification lasts 2 years: the renewal date is the one set, else the training date plus 2 years. */
export function renewalDateFor(trainingDate: string | null, renewalDate: string | null): string | null {
  if (renewalDate) return renewalDate;
  if (!trainingDate || !/^\d{4}-\d{2}-\d{2}$/.test(trainingDate)) return null;
  const [y, m, d] = trainingDate.split('-');
  // Feb 29 renews on Feb 28 two years later (no Feb 29 then).
  const day = m === '02' && d === '29' ? '28' : d;
  return `${Number(y) + 2}-${m}-${day}`;
}

/** Spec (issue #14): the dashboard warns from 60 days before the renewal date. */
export const RENEWAL_WARNING_DAYS = 60;

export type RenewalState = 'lapsed' | 'due' | 'current' | 'unknown';

/**
 * Where a certification stands on `today` ('YYYY-MM-DD'): lapsed once the renewal date has passed, due within
 * RENEWAL_WARNING_DAYS of it (the day itself included), current before that; unknown without any date.
 */
export function renewalState(renewalDate: string | null, today: string): RenewalState {
  if (!renewalDate || !/^\d{4}-\d{2}-\d{2}$/.test(renewalDate)) return 'unknown';
  if (renewalDate < today) return 'lapsed';
  const warnFrom = new Date(Date.parse(`${renewalDate}T00:00:00Z`) - RENEWAL_WARNING_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return today >= warnFrom ? 'due' : 'current';
}
