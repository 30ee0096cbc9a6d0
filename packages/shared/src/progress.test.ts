import { describe, expect, it } from 'vitest';
import { computeTrainingEngagement, type ProgressInput, progressBand } from './progress';

const complete: ProgressInput = {
  name: 'Maria Garcia',
  email: 'maria@example.com',
  phone: '(918) 555-0100',
  city: 'Tulsa',
  state: 'OK',
  displayName: 'Maria G.',
  trainingDate: '2025-03-01',
  hasInsurance: true,
  hasStripe: true,
  hasPaypal: true,
  hasPillar: true,
  hasAffiliateLink: true,
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
      hasInsurance: false,
      hasStripe: true,
      hasCurriculum: true,
      hasMarketingResources: true,
      hasWorkbooks: true,
      instagram: '@maria',
    });
    expect(scores.profileSetup).toBe(38); // 3 of 8
    expect(scores.businessSetup).toBe(25); // 1 of 4
    expect(scores.materialAccess).toBe(60); // 3 of 5
    expect(scores.communityEngagement).toBe(25); // 1 of 4
    // Average of the exact shares (0.375 + 0.25 + 0.6 + 0.25) / 4 = 0.36875.
    expect(scores.overall).toBe(37);
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
