// What the sign-in screens need without validating anything: kept apart from the schemas, so the login page
// does not download zod before it can be used (shared is side-effect free; a module's schemas are not).

export const ROLES = ['admin', 'trainer'] as const;
export type Role = (typeof ROLES)[number];

/** Where a user lands after signing in: admins on the admin dashboard, trainers on their portal. */
export function landingPathFor(user: { roles: readonly Role[] }): string {
  if (user.roles.includes('admin')) return '/admin';
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
