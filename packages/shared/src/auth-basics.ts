// What the sign-in screens need without validating anything: kept apart from the schemas, so the login page
// does not download zod before it can be used (shared is side-effect free; a module's schemas are not).

/** 'staff' sees the whole admin area and changes nothing there (decision record 0016). */
export const ROLES = ['admin', 'staff', 'trainer'] as const;
export type Role = (typeof ROLES)[number];

/** Administrators and staff: who may see the admin area (only administrators change anything in it). */
export function seesAdminArea(user: { roles: readonly Role[] } | null | undefined): boolean {
  return !!user && (user.roles.includes('admin') || user.roles.includes('staff'));
}

/** Where a user lands after signing in: admins and staff on the admin dashboard, trainers on their portal. */
export function landingPathFor(user: { roles: readonly Role[] }): string {
  if (seesAdminArea(user)) return '/admin';
  return '/trainer-portal/dashboard';
}

export const MAGIC_LINK_TTL_MINUTES = 10;

export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  unknownEmail: 'This email is not registered in our system. Please try again.',
  linkSent: 'Magic link sent! Check your email inbox.',
  invalidLink: 'This sign-in link is invalid, has expired or was already used. Please request a new one.',
  tooManyRequests: 'Too many sign-in requests. Please wait a moment and try again.',
} as const;
