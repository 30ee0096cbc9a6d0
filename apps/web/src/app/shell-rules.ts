import type { PageChrome } from '@/components/page-chrome';

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
  // The public check of a certificate (its PDF's QR code), and of a signed PDF (the QR code on its certificate
  // of completion).
  '/verify',
  '/verify-document',
];

export function isAdminChromeHidden(pathname: string): boolean {
  const path = normalise(pathname);
  if (path === '/' || path.endsWith('-public')) return true;
  return chromelessSections.some((section) => isWithin(path, section));
}

/** Which frame a page gets: the spec's admin chrome is for administrators only (issue #14). */
export type Chrome = PageChrome;

/** Who is looking: enough of the session to choose the frame; null for a visitor. */
export interface ChromeViewer {
  roles: readonly string[];
}

function isPortalScreen(path: string): boolean {
  return isWithin(path, '/trainer-portal') && path !== '/trainer-portal/login';
}

/** Whether the frame on this path depends on who is looking, so the layout waits for the session. */
export function chromeDependsOnViewer(pathname: string): boolean {
  const path = normalise(pathname);
  return isPortalScreen(path) || !isAdminChromeHidden(path);
}

interface ChromeOptions {
  /** Opened from the portal (its Help button): a trainer who is also an admin stays in the portal's frame. */
  fromPortal?: boolean;
}

/**
 * The spec's shell rules name the paths of the admin chrome; the prototype showed it to everyone there. In the
 * product administrators get it, trainers get the portal's header and visitors the public header, so a legal,
 * support or not-found page looks like the side of the site the person came from.
 */
export function chromeFor(
  pathname: string,
  viewer: ChromeViewer | null,
  options: ChromeOptions = {},
): Chrome {
  const path = normalise(pathname);
  // Staff see the admin area as administrators do (read only).
  const isAdmin = (viewer?.roles.includes('admin') || viewer?.roles.includes('staff')) ?? false;
  const isTrainer = viewer?.roles.includes('trainer') ?? false;
  // The portal's own guard sends everyone else away; until it does, no frame.
  if (isPortalScreen(path)) return isTrainer ? 'portal' : 'none';
  if (isAdminChromeHidden(path)) return 'none';
  if (isAdmin && !(isTrainer && options.fromPortal && !isWithin(path, '/admin'))) return 'admin';
  // The admin guard sends trainers and visitors away from /admin.
  if (isWithin(path, '/admin')) return 'none';
  return isTrainer ? 'portal' : 'public';
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
  '/admin/reviews': 'Reviews',
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
