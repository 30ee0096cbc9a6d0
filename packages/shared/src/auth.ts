import { z } from 'zod';
import { ROLES } from './auth-basics';

export * from './auth-basics';

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

/** GET /api/auth/session: the signed-in user, or null for a visitor. */
export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.output<typeof sessionResponseSchema>;

/** POST /api/auth/verify: the new session's user and where the link meant to take them. */
export const verifyResponseSchema = z.object({ user: sessionUserSchema, redirectTo: z.string() });
export type VerifyResponse = z.output<typeof verifyResponseSchema>;

/** POST /api/auth/magic-link: the same answer whether or not the address has an account. */
export const magicLinkSentSchema = z.object({ sent: z.literal(true) });
