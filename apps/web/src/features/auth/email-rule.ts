// Loaded on demand by the login form: the shared e-mail rule, with zod behind it.
export { emailSchema } from '@soulpunch/shared';
