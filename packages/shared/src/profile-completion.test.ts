import { describe, expect, it } from 'vitest';
import { computeProfileCompletion, type ProfileCompletionInput } from './profile-completion';

/** Nothing filled, and the three materials the spec grants by default turned off. */
const empty: ProfileCompletionInput = {
  hasCurriculum: false,
  hasMarketingResources: false,
  hasWorkbooks: false,
  materialsUnlocked: true,
};

const full: ProfileCompletionInput = {
  fullName: 'Tina Trainer',
  displayName: 'Tina',
  email: 'tina@example.com',
  city: 'Tulsa',
  state: 'OK',
  instagram: '@tina',
  facebook: 'https://facebook.com/tina',
  website: 'https://tina.example',
  trainingDate: '2024-03-01',
  hasInsurance: true,
  insuranceProvider: 'next',
  hasStripe: true,
  stripePaymentLink: 'https://buy.stripe.com/x',
  hasPaypal: true,
  paypalPaymentLink: 'https://paypal.com/x',
  hasPillar: true,
  pillarAccountLink: 'https://pillar.io/x',
  hasAffiliateLink: true,
  affiliateLink: 'https://soulpunch.example/shop?aff=tina',
  hasCurriculum: true,
  hasMarketingResources: true,
  hasWorkbooks: true,
  hasVideoLibrary: true,
  hasTrainerDrive: true,
  materialsUnlocked: true,
  publicBio: 'I teach women to stay safe.',
  specializations: ['Teen Safety'],
};

describe('profile completion', () => {
  it('scores an empty profile 0 everywhere', () => {
    expect(computeProfileCompletion(empty)).toEqual({
      personal: 0,
      social: 0,
      cert: 0,
      business: 0,
      materials: 0,
      publicProfile: 0,
      overall: 0,
    });
  });

  it('scores a full profile 100 everywhere', () => {
    expect(computeProfileCompletion(full)).toEqual({
      personal: 100,
      social: 100,
      cert: 100,
      business: 100,
      materials: 100,
      publicProfile: 100,
      overall: 100,
    });
  });

  describe('Personal: full name (or display name), email, city, state', () => {
    it('counts each filled field as a quarter', () => {
      expect(computeProfileCompletion({ ...empty, fullName: 'Tina', city: 'Tulsa' }).personal).toBe(50);
      expect(computeProfileCompletion({ ...empty, email: 'a@b.co', city: 'X', state: 'OK' }).personal).toBe(
        75,
      );
    });

    it('accepts the display name in place of the full name', () => {
      expect(computeProfileCompletion({ ...empty, displayName: 'Tina' }).personal).toBe(25);
    });

    it('does not count blank text', () => {
      expect(computeProfileCompletion({ ...empty, fullName: '   ', city: '' }).personal).toBe(0);
    });
  });

  describe('Social: instagram, facebook, website', () => {
    it('rounds thirds to whole percents', () => {
      expect(computeProfileCompletion({ ...empty, instagram: '@tina' }).social).toBe(33);
      expect(
        computeProfileCompletion({ ...empty, instagram: '@tina', website: 'https://t.example' }).social,
      ).toBe(67);
    });
  });

  describe('Cert: training date, insurance, insurance provider', () => {
    it('counts each of the three', () => {
      expect(computeProfileCompletion({ ...empty, trainingDate: '2024-01-01' }).cert).toBe(33);
      expect(
        computeProfileCompletion({ ...empty, trainingDate: '2024-01-01', hasInsurance: true }).cert,
      ).toBe(67);
    });
  });

  describe('Business: channels both enabled and linked, out of 4', () => {
    it('ignores a channel without its link or not enabled', () => {
      expect(
        computeProfileCompletion({
          ...empty,
          hasStripe: true,
          stripePaymentLink: 'https://buy.stripe.com/x',
          hasPaypal: true,
          paypalPaymentLink: '',
          hasPillar: false,
          pillarAccountLink: 'https://pillar.io/x',
        }).business,
      ).toBe(25);
    });

    it('counts two linked channels as half', () => {
      expect(
        computeProfileCompletion({
          ...empty,
          hasPillar: true,
          pillarAccountLink: 'https://pillar.io/x',
          hasAffiliateLink: true,
          affiliateLink: 'https://soulpunch.example/shop?aff=1',
        }).business,
      ).toBe(50);
    });
  });

  describe("Materials: the admin's Material Access (the five materials, once paid)", () => {
    it('counts each material the trainer can reach', () => {
      expect(computeProfileCompletion({ ...empty, hasWorkbooks: true }).materials).toBe(20);
      expect(
        computeProfileCompletion({
          ...empty,
          hasCurriculum: true,
          hasVideoLibrary: true,
          hasTrainerDrive: true,
        }).materials,
      ).toBe(60);
    });

    it('counts none before the program is paid, and treats a missing flag as not granted', () => {
      expect(computeProfileCompletion({ ...full, materialsUnlocked: false }).materials).toBe(0);
      expect(computeProfileCompletion({}).materials).toBe(0);
    });
  });

  describe('Public Profile: display name, public bio, specializations', () => {
    it('needs at least one specialization', () => {
      expect(computeProfileCompletion({ ...empty, specializations: [] }).publicProfile).toBe(0);
      expect(computeProfileCompletion({ ...empty, specializations: ['Teen Safety'] }).publicProfile).toBe(33);
    });

    it('counts display name and bio', () => {
      expect(computeProfileCompletion({ ...empty, displayName: 'Tina', publicBio: 'Hi' }).publicProfile).toBe(
        67,
      );
    });
  });

  describe('overall', () => {
    it('is the average of the six sections, rounded', () => {
      // Personal 1/4, Social 1/3, Materials 5/5, the rest 0: (0.25 + 0.333 + 1) / 6 = 26.4%.
      const score = computeProfileCompletion({
        ...empty,
        email: 'tina@example.com',
        instagram: '@tina',
        hasCurriculum: true,
        hasMarketingResources: true,
        hasWorkbooks: true,
        hasVideoLibrary: true,
        hasTrainerDrive: true,
      });
      expect(score).toMatchObject({ personal: 25, social: 33, materials: 100, overall: 26 });
    });

    it('averages the unrounded sections', () => {
      // Social and Cert at 2/3, Materials 2/5: (2/3 + 2/3 + 2/5) / 6 = 28.9%; rounded sections would give 29.2.
      const score = computeProfileCompletion({
        ...empty,
        instagram: '@t',
        facebook: 'https://facebook.com/t',
        trainingDate: '2024-01-01',
        hasInsurance: true,
        hasCurriculum: true,
        hasWorkbooks: true,
      });
      expect(score).toMatchObject({ social: 67, cert: 67, materials: 40, overall: 29 });
    });
  });
});
