import { z } from 'zod';

export const ROLES = ['admin', 'trainer'] as const;
export type Role = (typeof ROLES)[number];

/** Lower-cased and trimmed so one person has one account whatever they type. */
export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Please enter a valid email address' })
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const magicLinkRequestSchema = z.strictObject({ email: emailSchema });
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

export const verifyMagicLinkSchema = z.strictObject({
  token: z.string().min(20).max(200),
});

export const sessionUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(ROLES)),
  trainerId: z.number().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export interface SessionResponse {
  user: SessionUser | null;
}

export interface VerifyResponse {
  user: SessionUser;
  redirectTo: string;
}

/** Where a user lands after signing in: admins on the admin dashboard, trainers on their portal. */
export function landingPathFor(user: Pick<SessionUser, 'roles'>): string {
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
