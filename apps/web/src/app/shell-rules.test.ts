import { describe, expect, it } from 'vitest';
import { adminTitleFor, isAdminChromeHidden, isFooterHidden } from './shell-rules';

describe('isAdminChromeHidden', () => {
  it.each([
    '/',
    '/onboarding/checkout',
    '/onboarding/welcome',
    '/test',
    '/trainer-portal',
    '/trainer-portal/login',
    '/trainer-portal/dashboard',
    '/public',
    '/public/find-trainer',
    '/public/trainer/7',
    '/trainer/7',
    '/public/class/3',
    '/find-trainer',
    '/classes',
    '/public-calendar',
    '/terms-of-service-public',
    '/privacy-policy-public',
    '/support-public',
    '/legal/terms',
    '/auth/confirm',
    '/dev/mailbox',
  ])('hides the admin sidebar and header on %s', (path) => {
    expect(isAdminChromeHidden(path)).toBe(true);
  });

  it.each([
    '/admin',
    '/admin/trainers',
    '/admin/trainers/12',
    '/admin/documents',
    '/admin/settings',
    '/terms',
    '/terms-of-service',
    '/privacy',
    '/support',
    '/no-such-page',
    '/testing',
    '/trainers-list',
  ])('shows the admin sidebar and header on %s', (path) => {
    expect(isAdminChromeHidden(path)).toBe(false);
  });

  it('ignores a trailing slash', () => {
    expect(isAdminChromeHidden('/trainer-portal/')).toBe(true);
    expect(isAdminChromeHidden('/admin/')).toBe(false);
  });
});

describe('isFooterHidden', () => {
  it.each([
    '/public',
    '/public/find-trainer',
    '/public/classes',
    '/terms-of-service-public',
    '/support-public',
  ])('hides the footer on %s', (path) => {
    expect(isFooterHidden(path)).toBe(true);
  });

  it.each(['/', '/trainer-portal/login', '/admin', '/terms', '/privacy', '/find-trainer', '/legal/terms'])(
    'shows the footer on %s',
    (path) => {
      expect(isFooterHidden(path)).toBe(false);
    },
  );
});

describe('adminTitleFor', () => {
  it.each([
    ['/admin', 'Trainer Onboarding Dashboard'],
    ['/admin/', 'Trainer Onboarding Dashboard'],
    ['/admin/trainers', 'Admin Portal'],
    ['/admin/documents', 'Documents'],
    ['/admin/trainers/42', 'Trainer Details'],
    ['/admin/calendar', 'Calendar'],
    ['/admin/inventory', 'Inventory Management'],
    ['/admin/settings', 'Settings'],
    ['/terms', 'Admin Portal'],
  ])('titles %s as %s', (path, title) => {
    expect(adminTitleFor(path)).toBe(title);
  });
});
