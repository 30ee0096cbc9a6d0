import { describe, expect, it } from 'vitest';
import {
  adminTitleFor,
  chromeDependsOnViewer,
  chromeFor,
  isAdminChromeHidden,
  isFooterHidden,
} from './shell-rules';

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

describe('chromeFor (issue #14: the admin chrome is for administrators only)', () => {
  const visitor = null;
  const trainer = { roles: ['trainer'] };
  const admin = { roles: ['admin'] };
  const both = { roles: ['admin', 'trainer'] };

  it.each(['/privacy', '/terms-of-service', '/terms', '/support', '/no/such/page'])(
    'frames %s by who is looking',
    (path) => {
      expect(chromeFor(path, visitor)).toBe('public');
      expect(chromeFor(path, trainer)).toBe('portal');
      expect(chromeFor(path, admin)).toBe('admin');
      expect(chromeFor(path, both)).toBe('admin');
    },
  );

  it('keeps a trainer who is also an admin in the portal frame when they came from the portal', () => {
    expect(chromeFor('/support', both, { fromPortal: true })).toBe('portal');
    expect(chromeFor('/support', admin, { fromPortal: true })).toBe('admin');
    expect(chromeFor('/admin/settings', both, { fromPortal: true })).toBe('admin');
  });

  it('shows the admin chrome on /admin to administrators only; the guard sends the others away', () => {
    expect(chromeFor('/admin/trainers', admin)).toBe('admin');
    expect(chromeFor('/admin/trainers', trainer)).toBe('none');
    expect(chromeFor('/admin', visitor)).toBe('none');
  });

  it.each([
    '/trainer-portal',
    '/trainer-portal/dashboard',
    '/trainer-portal/calendar',
    '/trainer-portal/documents/4',
  ])('puts every portal screen (%s) in the portal frame for trainers', (path) => {
    expect(chromeFor(path, trainer)).toBe('portal');
    expect(chromeFor(path, both)).toBe('portal');
    expect(chromeFor(path, admin)).toBe('none');
    expect(chromeFor(path, visitor)).toBe('none');
  });

  it.each([
    '/',
    '/trainer-portal/login',
    '/find-trainer',
    '/public/classes',
    '/onboarding/checkout',
    '/legal/terms',
  ])('leaves %s to the page itself, whoever looks, without asking for the session', (path) => {
    expect(chromeDependsOnViewer(path)).toBe(false);
    expect(chromeFor(path, both)).toBe('none');
  });
});
