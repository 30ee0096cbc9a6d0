// Loaded on demand by the registration form: the shared rules for a name and an e-mail, with zod behind them.
export { registrationInputSchema } from '@soulpunch/shared';
