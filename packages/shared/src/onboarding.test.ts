import { describe, expect, it } from 'vitest';
import { buildOnboardingChecklist, renewalDateFor, renewalState } from './onboarding';

describe('onboarding checklist', () => {
  it('has 8 steps; Account Created is always complete; 1 of 8 is 13%', () => {
    const c = buildOnboardingChecklist({
      paymentCompleted: false,
      documentsSigned: false,
      markedSteps: new Set(),
    });
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
    expect(c.steps.filter((s) => s.canToggle).map((s) => s.key)).toEqual([
      'video_library_access',
      'trainer_drive_access',
      'whatsapp_access',
      'facebook_group_access',
      'weekly_training_access',
    ]);
  });

  it('takes payment and documents from real state and the rest from marked steps', () => {
    const all = buildOnboardingChecklist({
      paymentCompleted: true,
      documentsSigned: true,
      markedSteps: new Set([
        'video_library_access',
        'trainer_drive_access',
        'whatsapp_access',
        'facebook_group_access',
        'weekly_training_access',
      ]),
    });
    expect(all.completedCount).toBe(8);
    expect(all.percent).toBe(100);
    const some = buildOnboardingChecklist({
      paymentCompleted: true,
      documentsSigned: false,
      markedSteps: new Set(['whatsapp_access', 'payment_completed']),
    });
    // A marked row cannot stand in for the payment state.
    expect(some.completedCount).toBe(3);
  });
});

describe('renewal date', () => {
  it('is the set date, else training date + 2 years', () => {
    expect(renewalDateFor('2025-03-01', '2026-01-01')).toBe('2026-01-01');
    expect(renewalDateFor('2025-03-01', null)).toBe('2027-03-01');
    expect(renewalDateFor('2024-02-29', null)).toBe('2026-02-28');
    expect(renewalDateFor(null, null)).toBeNull();
  });
});

describe('certification renewal warning', () => {
  it('is lapsed after the renewal date, due from 60 days before it, current before that', () => {
    expect(renewalState('2027-03-01', '2027-03-02')).toBe('lapsed');
    expect(renewalState('2027-03-01', '2027-03-01')).toBe('due');
    expect(renewalState('2027-03-01', '2026-12-31')).toBe('due'); // 60 days before
    expect(renewalState('2027-03-01', '2026-12-30')).toBe('current');
    expect(renewalState(null, '2027-03-01')).toBe('unknown');
    expect(renewalState('not a date', '2027-03-01')).toBe('unknown');
  });
});
