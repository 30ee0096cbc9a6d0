// Test data for the trainer portal's component tests: the server's answers, built the way the server builds them.
import {
  buildOnboardingChecklist,
  type CertificationView,
  type InsuranceView,
  type OnboardingChecklist,
  SELF_MARKED_ONBOARDING_STEPS,
  type SessionUser,
  type TrainerProfileData,
} from '@soulpunch/shared';
import { json, type MockRoutes, mockApi, noContent } from '@/test/mock-api';
import type { PortalResource, PortalResources } from '../api/get-resources';

export const TRAINER_ID = 7;
export const trainerUser: SessionUser = {
  id: 3,
  email: 'tina@example.com',
  name: 'Tina Trainer',
  roles: ['trainer'],
  trainerId: TRAINER_ID,
};
export const byEmailRoute = 'GET /api/trainers/by-email/tina%40example.com';
export const trainerSummary = {
  id: TRAINER_ID,
  name: 'Tina Trainer',
  email: 'tina@example.com',
  status: 'active',
};
export const profileRoute = `/api/trainer-profile/${TRAINER_ID}`;
export const onboardingRoute = `/api/trainers/${TRAINER_ID}/onboarding`;
export const certificationRoute = `/api/trainers/${TRAINER_ID}/certification-record`;
export const insuranceRoute = `/api/trainers/${TRAINER_ID}/insurance`;

/** A trainer's certification record as the server answers it: in training unless told otherwise. */
export function certificationFixture(overrides: Partial<CertificationView> = {}): CertificationView {
  return {
    status: 'in_training',
    certificateNumber: null,
    issuedOn: null,
    expiresOn: null,
    daysLeft: null,
    insurancePaused: false,
    lastReminder: null,
    renewal: { requirements: [], nextExpiresOn: null, canRenew: false, feeCents: null, canPayFee: false },
    issuance: { paid: false, signed: false, trainingCompleted: false },
    history: [],
    ...overrides,
  };
}
export const insuranceFixture = (): InsuranceView => ({ required: false, policy: null });

export function profileFixture(overrides: Partial<TrainerProfileData> = {}): TrainerProfileData {
  return {
    trainerId: TRAINER_ID,
    name: 'Tina Trainer',
    fullName: 'Tina Trainer',
    firstName: 'Tina',
    lastName: 'Trainer',
    email: 'tina@example.com',
    phone: null,
    notes: null,
    bio: null,
    address: null,
    city: null,
    state: null,
    postalCode: null,
    website: null,
    instagram: null,
    facebook: null,
    tiktok: null,
    linkedin: null,
    twitter: null,
    pillar: null,
    youtube: null,
    otherSocialMedia: [],
    trainingDate: null,
    certificationDate: null,
    hasInsurance: false,
    insuranceProvider: null,
    insuranceExpiry: null,
    hasStripe: false,
    stripePaymentLink: null,
    hasPaypal: false,
    paypalPaymentLink: null,
    hasPillar: false,
    pillarAccountLink: null,
    hasAffiliateLink: false,
    affiliateLink: null,
    hasCurriculum: true,
    hasMarketingResources: true,
    hasWorkbooks: true,
    hasVideoLibrary: false,
    hasTrainerDrive: false,
    hasCanva: false,
    hasMarketingAssets: false,
    inWhatsApp: false,
    inFacebook: false,
    materialsUnlocked: true,
    displayName: null,
    profilePicture: null,
    publicBio: null,
    displayLocation: null,
    availabilityDescription: null,
    displayContact: null,
    experienceDescription: null,
    websitePublic: null,
    publicSocialMedia: null,
    publicEmail: null,
    publicPhone: null,
    basicClassPaymentLink: null,
    publiclyListed: true,
    featuredTrainer: false,
    yearsExperience: 0,
    specializations: [],
    classTypes: [],
    showFullName: false,
    showEmail: false,
    showPhone: false,
    showCity: true,
    showState: true,
    showBio: true,
    showWebsite: true,
    showSocialMedia: true,
    ...overrides,
  };
}

export function checklistFixture(
  state: { paymentCompleted?: boolean; documentsSigned?: boolean; marked?: string[] } = {},
): OnboardingChecklist {
  // The steps' facts as the server stores them: the profile's flags, and the weekly link's own mark.
  const marked = new Set(state.marked ?? []);
  return buildOnboardingChecklist({
    paymentStatus: (state.paymentCompleted ?? true) ? 'completed' : 'pending',
    documentsSigned: state.documentsSigned ?? false,
    hasVideoLibrary: marked.has('video_library_access'),
    hasTrainerDrive: marked.has('trainer_drive_access'),
    inWhatsApp: marked.has('whatsapp_access'),
    inFacebook: marked.has('facebook_group_access'),
    weeklyTrainingMarked: marked.has('weekly_training_access'),
  });
}

const resource = (id: number, name: string, extra: Partial<PortalResource> = {}): PortalResource => ({
  id,
  name,
  description: `About ${name}.`,
  badge: null,
  details: null,
  url: `https://trainers.soulpunch.example/r/${id}`,
  visited: false,
  startsOn: null,
  endsOn: null,
  ...extra,
});

/** The Essential Access resources whose first opening ticks a checklist step (migration 0017 on the server). */
const STEP_OF_RESOURCE: Record<string, string> = {
  'Self-Defense Video Library': 'video_library_access',
  'WhatsApp Community': 'whatsapp_access',
};

export function resourcesFixture(): PortalResources {
  return {
    categories: [
      {
        id: 1,
        name: 'Essential Access',
        comingSoon: false,
        resources: [
          resource(1, 'Self-Defense Video Library'),
          resource(2, 'WhatsApp Community', { badge: 'Active' }),
        ],
      },
      {
        id: 5,
        name: 'Analytics & Tracking',
        comingSoon: true,
        resources: [resource(20, 'Revenue Dashboard', { badge: 'Analytics' })],
      },
    ],
    upcomingTraining: [
      resource(30, 'Train the Trainer', {
        details: 'Tulsa, OK',
        startsOn: '2030-07-25',
        endsOn: '2030-07-27',
      }),
    ],
    trainingSchedule: [resource(31, 'Master Weekly Trainings Schedule')],
  };
}

/** The dashboard's own data for a trainer, for tests elsewhere that only pass through the dashboard. */
export function dashboardRoutes(trainerId: number): MockRoutes {
  return {
    [`GET /api/trainer-profile/${trainerId}`]: json(profileFixture({ trainerId })),
    [`GET /api/trainers/${trainerId}/onboarding`]: json(checklistFixture()),
    'GET /api/resources': json(resourcesFixture()),
    [`GET /api/trainers/${trainerId}/certification-record`]: json(certificationFixture()),
    [`GET /api/trainers/${trainerId}/insurance`]: json(insuranceFixture()),
  };
}

export interface PortalMockOptions {
  user?: SessionUser;
  profile?: TrainerProfileData;
  checklist?: { paymentCompleted?: boolean; documentsSigned?: boolean; marked?: string[] };
  resources?: PortalResources;
  certification?: CertificationView;
  /** More routes, or replacements of the portal's own. */
  routes?: MockRoutes;
}

/**
 * Mocks fetch with the portal's endpoints answering like the server: onboarding marks, visits and saved
 * profiles are remembered, so a refetch after a change sees the change.
 */
export function mockPortalApi(options: PortalMockOptions = {}) {
  let user: SessionUser | null = options.user ?? trainerUser;
  let profile = options.profile ?? profileFixture();
  const marked = new Set(options.checklist?.marked ?? []);
  const checklist = () => checklistFixture({ ...options.checklist, marked: [...marked] });
  const resources = options.resources ?? resourcesFixture();
  const visited = new Set<number>();
  const withVisits = (r: PortalResource) => ({ ...r, visited: r.visited || visited.has(r.id) });
  // The table's handlers get no request; the body of the call being answered is the newest one recorded.
  const currentBody = (): Record<string, unknown> => {
    const body = fetchMock.mock.calls.at(-1)?.[1]?.body;
    return typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : {};
  };

  const routes: MockRoutes = {
    'GET /api/auth/session': () => json({ user }),
    'POST /api/auth/logout': () => {
      user = null;
      return noContent();
    },
    [byEmailRoute]: () => json(trainerSummary),
    [`GET ${profileRoute}`]: () => json(profile),
    [`POST ${profileRoute}`]: () => {
      const { name, ...rest } = currentBody();
      profile = { ...profile, ...rest, ...(typeof name === 'string' ? { name, fullName: name } : {}) };
      return json(profile);
    },
    [`GET ${onboardingRoute}`]: () => json(checklist()),
    [`GET ${certificationRoute}`]: () => json(options.certification ?? certificationFixture()),
    [`GET ${insuranceRoute}`]: () => json(insuranceFixture()),
    'GET /api/resources': () =>
      json({
        categories: resources.categories.map((c) => ({ ...c, resources: c.resources.map(withVisits) })),
        upcomingTraining: resources.upcomingTraining.map(withVisits),
        trainingSchedule: resources.trainingSchedule.map(withVisits),
      }),
  };
  for (const step of SELF_MARKED_ONBOARDING_STEPS) {
    routes[`PUT ${onboardingRoute}/${step}`] = () => {
      if (currentBody().completed) marked.add(step);
      else marked.delete(step);
      return json(checklist());
    };
  }
  const allResources = [
    ...resources.categories.flatMap((c) => c.resources),
    ...resources.upcomingTraining,
    ...resources.trainingSchedule,
  ];
  for (const r of allResources) {
    routes[`POST /api/resources/${r.id}/visits`] = () => {
      const firstVisit = !visited.has(r.id) && !r.visited;
      visited.add(r.id);
      // As the server does: the first opening of a step's resource ticks the step.
      const step = STEP_OF_RESOURCE[r.name];
      if (firstVisit && step) marked.add(step);
      return json({ firstVisit });
    };
  }
  const fetchMock = mockApi({ ...routes, ...options.routes });
  return fetchMock;
}
