import { z } from 'zod';
import type { SelfMarkedOnboardingStep } from './presets';
import { hasMaterialAccess, materialsUnlocked, type ProgressInput } from './progress';

/**
 * The portal's 8-step checklist (spec portal 4). Each step reads one stored fact, the same one the admin's scores
 * read (decision record 0011): payment and documents follow the account; the two material steps are the profile's
 * material flags (reachable only once paid, like Material Access); the two community steps are its WhatsApp and
 * Facebook flags (Community); only the weekly training link is a mark of its own.
 */
export const ONBOARDING_STEPS = [
  { key: 'account_created', label: 'Account Created', source: 'always' },
  { key: 'payment_completed', label: 'Payment Completed', source: 'payment' },
  { key: 'documents_signed', label: 'Documents Signed', source: 'documents' },
  { key: 'video_library_access', label: 'Video Library Access', source: 'material', flag: 'hasVideoLibrary' },
  { key: 'trainer_drive_access', label: 'Trainer Drive Access', source: 'material', flag: 'hasTrainerDrive' },
  { key: 'whatsapp_access', label: 'WhatsApp Access', source: 'community', flag: 'inWhatsApp' },
  {
    key: 'facebook_group_access',
    label: 'Private Facebook Group Access',
    source: 'community',
    flag: 'inFacebook',
  },
  { key: 'weekly_training_access', label: 'Weekly Live Training Link', source: 'trainer' },
] as const satisfies ReadonlyArray<{
  key: string;
  label: string;
  source: string;
  flag?: keyof ProgressInput;
}>;

export type OnboardingStepKey = (typeof ONBOARDING_STEPS)[number]['key'];

/** The profile flags behind the self-marked steps; a step not listed (the weekly link) is a mark of its own. */
export type OnboardingStepFlag = Extract<(typeof ONBOARDING_STEPS)[number], { flag: string }>['flag'];
export function onboardingStepFlag(step: SelfMarkedOnboardingStep): OnboardingStepFlag | null {
  const found = ONBOARDING_STEPS.find((s) => s.key === step);
  return found && 'flag' in found ? found.flag : null;
}

/** A material step cannot be marked before the program is paid: the material is not reachable yet. */
export function isOnboardingStepLocked(step: SelfMarkedOnboardingStep, facts: ProgressInput): boolean {
  const found = ONBOARDING_STEPS.find((s) => s.key === step);
  return found?.source === 'material' && !materialsUnlocked(facts);
}

export const onboardingStepStateSchema = z.object({
  key: z.enum(ONBOARDING_STEPS.map((step) => step.key) as [OnboardingStepKey, ...OnboardingStepKey[]]),
  label: z.string(),
  completed: z.boolean(),
  /** Only the five self-marked steps can be toggled by the trainer (the material ones once paid). */
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

/** The checklist's facts: the admin scores' facts, plus the documents and the weekly training mark. */
export interface OnboardingFacts extends ProgressInput {
  documentsSigned: boolean;
  weeklyTrainingMarked: boolean;
}

export function buildOnboardingChecklist(facts: OnboardingFacts): OnboardingChecklist {
  const unlocked = materialsUnlocked(facts);
  const steps = ONBOARDING_STEPS.map((step): OnboardingStepState => {
    let completed: boolean;
    switch (step.source) {
      case 'always':
        completed = true;
        break;
      case 'payment':
        completed = facts.paymentStatus === 'completed';
        break;
      case 'documents':
        completed = facts.documentsSigned;
        break;
      case 'material':
        completed = hasMaterialAccess(facts, step.flag, unlocked);
        break;
      case 'community':
        completed = facts[step.flag] === true;
        break;
      case 'trainer':
        completed = facts.weeklyTrainingMarked;
        break;
    }
    const canToggle =
      step.source === 'community' || step.source === 'trainer' || (step.source === 'material' && unlocked);
    return { key: step.key, label: step.label, completed, canToggle };
  });
  const completedCount = steps.filter((s) => s.completed).length;
  return {
    steps,
    completedCount,
    total: steps.length,
    percent: Math.round((completedCount / steps.length) * 100),
  };
}
