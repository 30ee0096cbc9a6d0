import { describe, expect, it } from 'vitest';
import { buildOnboardingChecklist, isOnboardingStepLocked, onboardingStepFlag } from './onboarding';

describe('onboarding checklist', () => {
  const nothing = { documentsSigned: false, weeklyTrainingMarked: false };

  it('has 8 steps; Account Created is always complete; 1 of 8 is 13%', () => {
    const c = buildOnboardingChecklist(nothing);
    expect(c.total).toBe(8);
    expect(c.steps.map((s) => s.label)).toEqual([
      'Account Created',
      'Payment Completed',
      'Documents Signed',
      'Video Library Access',
      'Trainer Drive Access',
      'WhatsApp Access',
      'Private Facebook Group Access',
      'Weekly Live Training Link',
    ]);
    expect(c.completedCount).toBe(1);
    expect(c.percent).toBe(13);
    // Unpaid: the two material steps cannot be marked yet.
    expect(c.steps.filter((s) => s.canToggle).map((s) => s.key)).toEqual([
      'whatsapp_access',
      'facebook_group_access',
      'weekly_training_access',
    ]);
  });

  it('reads each step from its stored fact, the same ones the admin scores read', () => {
    const all = buildOnboardingChecklist({
      paymentStatus: 'completed',
      documentsSigned: true,
      hasVideoLibrary: true,
      hasTrainerDrive: true,
      inWhatsApp: true,
      inFacebook: true,
      weeklyTrainingMarked: true,
    });
    expect(all.completedCount).toBe(8);
    expect(all.percent).toBe(100);
    expect(all.steps.filter((s) => s.canToggle).map((s) => s.key)).toEqual([
      'video_library_access',
      'trainer_drive_access',
      'whatsapp_access',
      'facebook_group_access',
      'weekly_training_access',
    ]);
    const some = buildOnboardingChecklist({ ...nothing, paymentStatus: 'pending', inWhatsApp: true });
    expect(some.steps.filter((s) => s.completed).map((s) => s.key)).toEqual([
      'account_created',
      'whatsapp_access',
    ]);
  });

  it('counts a granted material only once the program is paid', () => {
    const granted = { ...nothing, hasVideoLibrary: true, hasTrainerDrive: true };
    const completed = (paymentStatus: string, accessPaused = false) =>
      buildOnboardingChecklist({ ...granted, paymentStatus, accessPaused })
        .steps.filter((s) => s.key === 'video_library_access' || s.key === 'trainer_drive_access')
        .map((s) => s.completed);
    expect(completed('pending')).toEqual([false, false]);
    expect(completed('failed')).toEqual([false, false]);
    expect(completed('completed')).toEqual([true, true]);
    // A late instalment keeps access through its grace period, not once access is paused.
    expect(completed('past_due')).toEqual([true, true]);
    expect(completed('past_due', true)).toEqual([false, false]);
  });

  it('names the flag behind each self-marked step, and locks the material ones until paid', () => {
    expect(onboardingStepFlag('video_library_access')).toBe('hasVideoLibrary');
    expect(onboardingStepFlag('trainer_drive_access')).toBe('hasTrainerDrive');
    expect(onboardingStepFlag('whatsapp_access')).toBe('inWhatsApp');
    expect(onboardingStepFlag('facebook_group_access')).toBe('inFacebook');
    expect(onboardingStepFlag('weekly_training_access')).toBeNull();
    expect(isOnboardingStepLocked('video_library_access', { paymentStatus: 'pending' })).toBe(true);
    expect(isOnboardingStepLocked('video_library_access', { paymentStatus: 'completed' })).toBe(false);
    expect(isOnboardingStepLocked('whatsapp_access', { paymentStatus: 'pending' })).toBe(false);
  });
});
