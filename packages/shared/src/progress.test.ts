import { describe, expect, it } from 'vitest';
import { buildOnboardingChecklist, type OnboardingFacts, onboardingStepFlag } from './onboarding';
import { computeProfileCompletion } from './profile-completion';
import { computeTrainingEngagement, materialsUnlocked, type ProgressInput, progressBand } from './progress';

const complete: ProgressInput = {
  name: 'Maria Garcia',
  email: 'maria@example.com',
  phone: '(918) 555-0100',
  city: 'Tulsa',
  state: 'OK',
  paymentStatus: 'completed',
  displayName: 'Maria G.',
  trainingDate: '2025-03-01',
  hasInsurance: true,
  hasStripe: true,
  hasPaypal: true,
  hasPillar: true,
  hasAffiliateLink: true,
  stripePaymentLink: 'https://buy.stripe.com/maria',
  paypalPaymentLink: 'https://paypal.me/maria',
  pillarAccountLink: 'https://pillar.io/maria',
  affiliateLink: 'https://soulpunch.example/shop?aff=maria',
  hasCurriculum: true,
  hasMarketingResources: true,
  hasWorkbooks: true,
  hasVideoLibrary: true,
  hasTrainerDrive: true,
  inWhatsApp: true,
  inFacebook: true,
  instagram: '@maria',
  website: 'https://maria.example',
};

describe('training engagement scores', () => {
  it('counts a business channel as the editor does: switched on and with its link', () => {
    const channels = {
      hasStripe: true,
      stripePaymentLink: 'https://buy.stripe.com/maria',
      hasPaypal: true,
      paypalPaymentLink: null,
      hasPillar: false,
      pillarAccountLink: 'https://pillar.io/maria',
      hasAffiliateLink: true,
      affiliateLink: 'https://soulpunch.example/shop?aff=maria',
    };
    expect(computeTrainingEngagement(channels).businessSetup).toBe(50);
    expect(computeProfileCompletion(channels).business).toBe(50);
  });

  it('is 100 everywhere for a complete trainer and 0 for an empty one', () => {
    expect(computeTrainingEngagement(complete)).toEqual({
      profileSetup: 100,
      businessSetup: 100,
      materialAccess: 100,
      communityEngagement: 100,
      overall: 100,
    });
    expect(computeTrainingEngagement({})).toEqual({
      profileSetup: 0,
      businessSetup: 0,
      materialAccess: 0,
      communityEngagement: 0,
      overall: 0,
    });
  });

  it('counts the share of each section, ignoring blank text, and rounds to whole percents', () => {
    const scores = computeTrainingEngagement({
      name: 'Maria',
      email: 'maria@example.com',
      phone: '   ',
      city: 'Tulsa',
      paymentStatus: 'completed',
      hasInsurance: false,
      hasStripe: true,
      stripePaymentLink: 'https://buy.stripe.com/maria',
      // Switched on without its link: takes no payment, so it does not count.
      hasPaypal: true,
      paypalPaymentLink: '  ',
      hasCurriculum: true,
      hasMarketingResources: true,
      hasWorkbooks: true,
      instagram: '@maria',
    });
    expect(scores.profileSetup).toBe(38); // 3 of 8
    expect(scores.businessSetup).toBe(25); // 1 of 4 (PayPal has no link)
    expect(scores.materialAccess).toBe(60); // 3 of 5
    expect(scores.communityEngagement).toBe(25); // 1 of 4
    // Average of the exact shares (0.375 + 0.25 + 0.6 + 0.25) / 4 = 0.36875.
    expect(scores.overall).toBe(37);
  });
});

/** Every view of a trainer's progress, each from its own function, as the three screens compute them. */
function everyView(facts: OnboardingFacts) {
  const checklist = buildOnboardingChecklist(facts);
  const step = (key: string) => checklist.steps.find((s) => s.key === key)?.completed;
  return {
    admin: computeTrainingEngagement(facts),
    // The editor gets materialsUnlocked from the server (materialsUnlocked() of the same facts).
    editorMaterials: computeProfileCompletion({ ...facts, materialsUnlocked: materialsUnlocked(facts) })
      .materials,
    checklist: {
      payment: step('payment_completed'),
      documents: step('documents_signed'),
      videoLibrary: step('video_library_access'),
      drive: step('trainer_drive_access'),
      whatsApp: step('whatsapp_access'),
      facebook: step('facebook_group_access'),
      weekly: step('weekly_training_access'),
    },
  };
}

describe('one fact per step, read by every view (issue 23)', () => {
  /** A brand-new trainer: an empty profile with the defaults a new profile row has, nothing paid or signed. */
  const newTrainer: OnboardingFacts = {
    name: 'Nia New',
    email: 'nia@example.com',
    paymentStatus: 'pending',
    hasCurriculum: true,
    hasMarketingResources: true,
    hasWorkbooks: true,
    documentsSigned: false,
    weeklyTrainingMarked: false,
  };
  const paid: OnboardingFacts = { ...newTrainer, paymentStatus: 'completed' };

  it('starts a new unpaid trainer at no material access in the admin bars, the editor and the checklist', () => {
    const views = everyView(newTrainer);
    expect(views.admin.materialAccess).toBe(0);
    expect(views.editorMaterials).toBe(0);
    expect(views.checklist).toEqual({
      payment: false,
      documents: false,
      videoLibrary: false,
      drive: false,
      whatsApp: false,
      facebook: false,
      weekly: false,
    });
  });

  it('payment: the granted materials become reachable in every view, and the payment step is done', () => {
    const views = everyView(paid);
    expect(views.admin.materialAccess).toBe(60); // curriculum, marketing resources, workbooks of 5
    expect(views.editorMaterials).toBe(60);
    expect(views.checklist.payment).toBe(true);
    expect(views.checklist.videoLibrary).toBe(false);
  });

  it("admin edit: ticking 'Video library' completes the trainer's step and moves both Materials scores", () => {
    const views = everyView({ ...paid, hasVideoLibrary: true });
    expect(views.checklist.videoLibrary).toBe(true);
    expect(views.admin.materialAccess).toBe(80);
    expect(views.editorMaterials).toBe(80);
  });

  it("trainer toggle: marking 'WhatsApp Access' writes the flag the admin's Community score reads", () => {
    const flag = onboardingStepFlag('whatsapp_access');
    expect(flag).toBe('inWhatsApp');
    const before = everyView(paid);
    const after = everyView({ ...paid, [flag as string]: true });
    expect(before.admin.communityEngagement).toBe(0);
    expect(after.admin.communityEngagement).toBe(25);
    expect(after.checklist.whatsApp).toBe(true);
    const facebook = everyView({ ...paid, [onboardingStepFlag('facebook_group_access') as string]: true });
    expect(facebook.checklist.facebook).toBe(true);
    expect(facebook.admin.communityEngagement).toBe(25);
  });

  it("resource opened: opening the drive's resource ticks its step, the same flag as the admin's checkbox", () => {
    // The server ticks the step a resource stands for; the step's fact is the admin's 'trainer drive' flag.
    const flag = onboardingStepFlag('trainer_drive_access');
    expect(flag).toBe('hasTrainerDrive');
    const views = everyView({ ...paid, [flag as string]: true });
    expect(views.checklist.drive).toBe(true);
    expect(views.admin.materialAccess).toBe(80);
    expect(views.editorMaterials).toBe(80);
    // Opened before paying, nothing is reachable yet.
    expect(everyView({ ...newTrainer, [flag as string]: true }).checklist.drive).toBe(false);
  });

  it('signing: the documents step follows the signed documents and no admin score pretends otherwise', () => {
    const signed = everyView({ ...paid, documentsSigned: true });
    expect(signed.checklist.documents).toBe(true);
    expect(signed.admin).toEqual(everyView(paid).admin);
  });

  it('paused access (an instalment unpaid past its grace) takes the materials out of every view', () => {
    const paused = everyView({
      ...paid,
      hasVideoLibrary: true,
      paymentStatus: 'past_due',
      accessPaused: true,
    });
    expect(paused.admin.materialAccess).toBe(0);
    expect(paused.editorMaterials).toBe(0);
    expect(paused.checklist.videoLibrary).toBe(false);
  });
});

describe('progress bands', () => {
  it.each([
    [100, 'High'],
    [80, 'High'],
    [79, 'Medium'],
    [60, 'Medium'],
    [59, 'Low'],
    [40, 'Low'],
    [39, 'Very Low'],
    [0, 'Very Low'],
  ])('%i is %s', (overall, band) => {
    expect(progressBand(overall)).toBe(band);
  });
});
