/** Which parts of the page chrome show on which path (spec 2.1, shell rules). */

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/** True for the section root itself and anything below it, never for a mere prefix ('/testing'). */
function isWithin(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

const chromelessSections = [
  '/onboarding',
  '/test',
  // The test payment provider's hosted checkout stands in for the provider's own page.
  '/test-checkout',
  '/trainer-portal',
  // The public trainer profile: the prototype's '/trainer' prefix covered it along with the portal.
  '/trainer',
  '/public',
  '/find-trainer',
  '/classes',
  '/public-calendar',
  '/legal',
  // Our own routes for sign-in confirmation and the development mailbox.
  '/auth',
  '/dev',
  // The public check of a signed PDF, reached from the QR code on its certificate.
  '/verify',
];

export function isAdminChromeHidden(pathname: string): boolean {
  const path = normalise(pathname);
  if (path === '/' || path.endsWith('-public')) return true;
  return chromelessSections.some((section) => isWithin(path, section));
}

export function isFooterHidden(pathname: string): boolean {
  const path = normalise(pathname);
  return isWithin(path, '/public') || path.endsWith('-public');
}

const adminTitles: Record<string, string> = {
  '/admin': 'Trainer Onboarding Dashboard',
  '/admin/trainers': 'Admin Portal',
  '/admin/documents': 'Documents',
  '/admin/calendar': 'Calendar',
  '/admin/inventory': 'Inventory Management',
  '/admin/settings': 'Settings',
  '/admin/payment-events': 'Payment Events',
  '/admin/assistant/questions': 'Assistant Questions',
  '/admin/resources': 'Resources Catalogue',
};

export function adminTitleFor(pathname: string): string {
  const path = normalise(pathname);
  const exact = adminTitles[path];
  if (exact) return exact;
  if (/^\/admin\/trainers\/[^/]+$/.test(path)) return 'Trainer Details';
  if (path === '/admin/knowledge' || path.startsWith('/admin/knowledge/')) return 'Knowledge Base';
  return 'Admin Portal';
}
