import { describe, expect, it } from 'vitest';
import {
  brandingUpdateSchema,
  contrastProblem,
  contrastRatio,
  DEFAULT_BRAND,
  DEFAULT_STAFF_DELIVERY,
  landingPathFor,
  MIN_CONTRAST,
  mixColors,
  primaryColorStylesheet,
  primaryColorVariables,
  readableOn,
  relativeLuminance,
  resolveDelivery,
  seesAdminArea,
} from './index';

describe('contrast maths (WCAG 2.x)', () => {
  it('gives the luminance of the ends and the ratio of black on white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#1971c2', '#1971c2')).toBe(1);
  });

  it('matches known ratios: the grey at the AA line, the default brand, pure red', () => {
    // #767676 is the lightest grey that passes AA on white; #777777 is the darkest that fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio(DEFAULT_BRAND.primaryColor, '#ffffff')).toBeCloseTo(5.02, 2);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2);
    // Upper case reads the same.
    expect(contrastRatio('#1971C2', '#FFFFFF')).toBe(contrastRatio('#1971c2', '#ffffff'));
  });

  it('refuses a colour that is not #rrggbb', () => {
    expect(() => relativeLuminance('blue')).toThrow();
    expect(() => relativeLuminance('#fff')).toThrow();
  });

  it('mixes colours and darkens one until it reads on its background', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#1971c2', '#ffffff', 1)).toBe('#1971c2');
    const dark = readableOn('#ff0000', '#ffffff');
    expect(contrastRatio(dark, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(readableOn('#1971c2', '#ffffff')).toBe('#1971c2');
  });
});

describe('the brand colour check', () => {
  it('accepts a colour at AA and refuses one below with the ratio it has', () => {
    expect(contrastProblem('#767676')).toBeNull();
    expect(contrastProblem('#777777')).toBe(
      'This colour has a contrast of 4.47:1 against white; at least 4.5:1 (WCAG AA) is needed so text on it and links in it stay readable. Choose a darker colour.',
    );
    expect(contrastProblem('#ffd43b')).toContain('1.42:1');
    expect(contrastProblem('teal')).toBe('Enter the colour as #rrggbb, for example #1971c2.');
  });

  it('validates the whole brand, lower-casing the colour and keeping no empty address', () => {
    const parsed = brandingUpdateSchema.parse({
      name: '  Acme Defense ',
      primaryColor: '#0B7285',
      supportEmail: 'Help@Acme.example',
      postalAddress: '   ',
    });
    expect(parsed).toEqual({
      name: 'Acme Defense',
      primaryColor: '#0b7285',
      supportEmail: 'help@acme.example',
      postalAddress: null,
    });
    const low = brandingUpdateSchema.safeParse({ ...parsed, primaryColor: '#ff0000' });
    expect(low.success).toBe(false);
    expect(low.error?.issues[0]?.path).toEqual(['primaryColor']);
    expect(brandingUpdateSchema.safeParse({ ...parsed, name: 'A' }).success).toBe(false);
    expect(brandingUpdateSchema.safeParse({ ...parsed, logoUrl: '/x.png' }).success).toBe(false);
  });

  it("makes Mantine's shades from the colour: text shades keep its contrast, tints stay light", () => {
    for (const color of ['#0b7285', '#767676', '#1971c2', '#c2255c']) {
      const vars = primaryColorVariables(color);
      for (const shade of [6, 7, 8, 9]) {
        expect(
          contrastRatio(vars[`--mantine-color-blue-${shade}`] as string, '#ffffff'),
        ).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
      expect(vars['--mantine-color-blue-filled']).toBe(color);
      expect(vars['--mantine-primary-color-filled']).toBe(color);
      expect(vars['--mantine-color-anchor']).toBe(color);
      // Text in the light variant sits on the light background: still AA.
      expect(
        contrastRatio(
          vars['--mantine-color-blue-light-color'] as string,
          vars['--mantine-color-blue-light'] as string,
        ),
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(relativeLuminance(vars['--mantine-color-blue-0'] as string)).toBeGreaterThan(0.8);
    }
    expect(primaryColorStylesheet('#0b7285')).toMatch(
      /^html:root\[data-mantine-color-scheme\]\{--mantine-color-blue-0:#[0-9a-f]{6};.*--mantine-color-blue-filled:#0b7285;/,
    );
  });
});

describe('notification preferences', () => {
  it('takes the stored choice, else the default; a choice a kind cannot have falls back too', () => {
    expect(resolveDelivery({}, 'failed_instalment')).toBe('immediately');
    expect(resolveDelivery({}, 'new_enrolment')).toBe('daily_digest');
    expect(resolveDelivery(new Map([['new_enrolment', 'off']]), 'new_enrolment')).toBe('off');
    expect(resolveDelivery({ dispute: 'daily_digest' }, 'dispute')).toBe('daily_digest');
    // Trainers have no digest: a stored digest (from an old row, or a bug) reads as the default.
    expect(resolveDelivery({ class_registrations: 'daily_digest' }, 'class_registrations')).toBe(
      'immediately',
    );
    expect(resolveDelivery({ reminders: 'off' }, 'reminders')).toBe('off');
    expect(resolveDelivery({ low_stock: 'sometimes' }, 'low_stock')).toBe(DEFAULT_STAFF_DELIVERY.low_stock);
  });
});

describe('the admin area', () => {
  it('is seen by administrators and staff, who land on it', () => {
    expect(seesAdminArea({ roles: ['staff'] })).toBe(true);
    expect(seesAdminArea({ roles: ['admin', 'trainer'] })).toBe(true);
    expect(seesAdminArea({ roles: ['trainer'] })).toBe(false);
    expect(seesAdminArea(null)).toBe(false);
    expect(landingPathFor({ roles: ['staff'] })).toBe('/admin');
    expect(landingPathFor({ roles: ['trainer'] })).toBe('/trainer-portal/dashboard');
  });
});
