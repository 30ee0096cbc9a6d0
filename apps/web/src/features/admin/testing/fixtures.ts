import type { TrainerChange, TrainerFull, TrainerListItem } from '@soulpunch/shared';
import { json } from '@/test/mock-api';

export const adminUser = {
  id: 1,
  email: 'boss@example.com',
  name: 'Bea Boss',
  roles: ['admin'],
  trainerId: null,
};
export const adminSession = { 'GET /api/auth/session': json({ user: adminUser }) };

export function listItem(overrides: Partial<TrainerListItem> = {}): TrainerListItem {
  return {
    id: 7,
    name: 'Jasmine Carter',
    email: 'jasmine@example.com',
    phone: '(918) 555-0100',
    city: 'Tulsa',
    state: 'OK',
    paymentStatus: 'completed',
    onboardingStatus: 'completed',
    isHeadquarters: true,
    trainingEngagement: {
      profileSetup: 63,
      businessSetup: 75,
      materialAccess: 80,
      communityEngagement: 50,
      overall: 67,
    },
    ...overrides,
  };
}

/** The list answer: the page of trainers and the true total in X-Total-Count. */
export function listAnswer(items: TrainerListItem[], total = items.length) {
  return json(items, { headers: { 'X-Total-Count': String(total) } });
}

export function fullTrainer(overrides: Partial<TrainerFull> = {}): TrainerFull {
  return {
    id: 7,
    name: 'Jasmine Carter',
    email: 'jasmine@example.com',
    phone: '(918) 555-0100',
    city: 'Tulsa',
    state: 'OK',
    paymentStatus: 'completed',
    onboardingStatus: 'completed',
    status: 'active',
    isHeadquarters: true,
    profile: {
      displayName: 'Jasmine C.',
      trainingDate: '2024-03-01',
      hasInsurance: true,
      hasStripe: false,
      hasPaypal: false,
      hasPillar: false,
      hasAffiliateLink: true,
      stripePaymentLink: null,
      paypalPaymentLink: null,
      pillarAccountLink: null,
      affiliateLink: 'https://soulpunch.example/shop?aff=jasmine',
      hasCurriculum: true,
      hasMarketingResources: false,
      hasWorkbooks: true,
      hasVideoLibrary: true,
      hasTrainerDrive: false,
      inWhatsApp: true,
      inFacebook: false,
      instagram: '@jasmine',
      website: null,
    },
    engagement: {
      profileSetup: 100,
      businessSetup: 25,
      materialAccess: 60,
      communityEngagement: 50,
      overall: 59,
    },
    ...overrides,
  };
}

export function change(overrides: Partial<TrainerChange> = {}): TrainerChange {
  return {
    id: 1,
    changedAt: '2025-03-05T14:07:00.000Z',
    changedBy: { name: 'Bea Boss', email: 'boss@example.com' },
    changes: [
      { field: 'phone', from: '(918) 555-0100', to: '(918) 555-0199' },
      { field: 'profile.hasStripe', from: false, to: true },
      { field: 'profile.website', from: null, to: 'https://example.com' },
    ],
    ...overrides,
  };
}
