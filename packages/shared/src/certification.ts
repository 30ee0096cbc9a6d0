import { z } from 'zod';
import { PUBLIC_CERTIFICATE_STATUSES } from './certificate-check';
import { formatUsd } from './plain-format';
import { RENEWAL_FEE } from './plans';
import { optionalDate } from './trainers';

/**
 * The certification record (issue 26, decision record 0014). The server owns it: an admin issues, renews,
 * suspends, reinstates or revokes it with a reason; the scheduled round moves a certified trainer to 'renewal due'
 * and 'lapsed' on the app's clock. 'in_training' is every trainer who has not been issued a certificate yet.
 */
export const CERTIFICATION_STATUSES = [
  'in_training',
  'certified',
  'renewal_due',
  'lapsed',
  'suspended',
  'revoked',
] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

/** The statuses the public may see a trainer in (the standing rule reads the same list, in SQL). */
export const LISTED_CERTIFICATION_STATUSES = ['certified', 'renewal_due'] as const;

export const CERTIFICATION_STATUS_LABELS: Record<CertificationStatus, string> = {
  in_training: 'In training',
  certified: 'Certified',
  renewal_due: 'Renewal due',
  lapsed: 'Lapsed',
  suspended: 'Suspended',
  revoked: 'Revoked',
};

/**
 * What renewing can require (RENEWAL_REQUIRES, or the administrators' setting that replaces it): a refresher
 * session attended, insurance on file, the renewal fee (RENEWAL_FEE) paid through the payment provider. The fee is
 * the last step: its checkout opens once the rest is met, and its payment completes the renewal.
 */
export const RENEWAL_REQUIREMENTS = ['refresher', 'insurance', 'fee'] as const;
export type RenewalRequirement = (typeof RENEWAL_REQUIREMENTS)[number];

/** What the trainer's dashboard and the admin's setting call each requirement (the fee's amount from plans.ts). */
export const RENEWAL_REQUIREMENT_LABELS: Record<RenewalRequirement, string> = {
  refresher: 'A refresher training session attended since renewal came due',
  insurance: 'Current liability insurance on file, accepted by Soul Punch',
  fee: `The renewal fee of ${formatUsd(RENEWAL_FEE.amountCents)} paid`,
};

/** A list of requirements, each once, in the order of RENEWAL_REQUIREMENTS (how they are shown and stored). */
export const orderedRequirements = (keys: readonly RenewalRequirement[]): RenewalRequirement[] =>
  RENEWAL_REQUIREMENTS.filter((key) => keys.includes(key));

/** GET /api/admin/certification-settings: what renewal requires now, and the server's default. */
export const certificationSettingsSchema = z.object({
  renewalRequires: z.array(z.enum(RENEWAL_REQUIREMENTS)),
  /** RENEWAL_REQUIRES: what applies until an administrator saves a choice. */
  defaultRenewalRequires: z.array(z.enum(RENEWAL_REQUIREMENTS)),
  /** Who saved the choice in force, and when; null while the default applies. */
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CertificationSettings = z.output<typeof certificationSettingsSchema>;

/** PUT /api/admin/certification-settings: the requirements a trainer's renewal from the portal needs (none is allowed). */
export const certificationSettingsInputSchema = z.strictObject({
  renewalRequires: z
    .array(z.enum(RENEWAL_REQUIREMENTS, { error: `Choose from ${RENEWAL_REQUIREMENTS.join(', ')}` }))
    .max(RENEWAL_REQUIREMENTS.length)
    .refine((keys) => new Set(keys).size === keys.length, { error: 'Each requirement once' }),
});
export type CertificationSettingsInput = z.input<typeof certificationSettingsInputSchema>;

/**
 * Defaults of what the server's configuration can change (CERTIFICATION_*, RENEWAL_REQUIRES, INSURANCE_*): the
 * Terms & Conditions' 2 years, reminders 90, 60, 30 and 7 days before expiry (and one on lapse), and insurance
 * reminders 30 and 7 days before a policy ends.
 */
export const CERTIFICATION_DEFAULTS = {
  validityYears: 2,
  reminderDays: [90, 60, 30, 7],
  renewalRequires: ['refresher'] as RenewalRequirement[],
  insuranceRequired: false,
  insuranceReminderDays: [30, 7],
} as const;

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whole days from `today` to `day` (both 'YYYY-MM-DD'); negative once it has passed. */
export const daysUntil = (day: string, today: string) => Math.round((dayMs(day) - dayMs(today)) / DAY_MS);

/** `years` after `day`; Feb 29 moves to Feb 28 in a year without one. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-');
  const year = Number(y) + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${m}-${m === '02' && d === '29' && !leap ? '28' : d}`;
}

/**
 * Where an issued certificate stands by its dates: valid through its expiry day, lapsed after it, 'renewal due'
 * from the first reminder (the largest of `reminderDays`) on. Suspension and revocation are an admin's and are
 * never computed.
 */
export function statusByDate(
  expiresOn: string,
  today: string,
  reminderDays: readonly number[],
): 'certified' | 'renewal_due' | 'lapsed' {
  const left = daysUntil(expiresOn, today);
  if (left < 0) return 'lapsed';
  return left <= Math.max(0, ...reminderDays) ? 'renewal_due' : 'certified';
}

/** One entry of the record's history: what happened, who did it (null: the scheduled round) and why. */
export const certificationEventSchema = z.object({
  action: z.enum([
    'migrated',
    'issued',
    'renewed',
    'suspended',
    'reinstated',
    'revoked',
    'renewal_due',
    'lapsed',
    'insurance_paused',
    'insurance_restored',
  ]),
  fromStatus: z.enum(CERTIFICATION_STATUSES).nullable(),
  toStatus: z.enum(CERTIFICATION_STATUSES),
  expiresOn: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type CertificationEvent = z.output<typeof certificationEventSchema>;

export const renewalRequirementStateSchema = z.object({
  key: z.enum(RENEWAL_REQUIREMENTS),
  label: z.string(),
  met: z.boolean(),
});

/** GET /api/trainers/{id}/certification: the record as the trainer and the admin see it. */
export const certificationViewSchema = z.object({
  status: z.enum(CERTIFICATION_STATUSES),
  /** Not guessable (random); null until issued. */
  certificateNumber: z.string().nullable(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /** Days left to the expiry (negative once lapsed); null without one. */
  daysLeft: z.number().nullable(),
  /** The public listing is paused for an expired insurance policy (when insurance is required). */
  insurancePaused: z.boolean(),
  /** The latest reminder sent for this expiry ('90', '60', '30', '7' days or 'lapsed'), for the dashboard. */
  lastReminder: z.string().nullable(),
  /** What renewing requires now, each with whether it is met. */
  renewal: z.object({
    requirements: z.array(renewalRequirementStateSchema),
    /** The expiry a renewal now gives: the old expiry plus the validity, never today plus it. */
    nextExpiresOn: z.string().nullable(),
    canRenew: z.boolean(),
    /** The renewal fee in cents when renewal requires it (RENEWAL_FEE), else null. */
    feeCents: z.number().nullable(),
    /** The trainer may pay the fee now: due or lapsed, the fee unpaid and every other requirement met. */
    canPayFee: z.boolean(),
  }),
  /** What issuing needs (for the admin's Issue action), each with whether it is met. */
  issuance: z.object({ paid: z.boolean(), signed: z.boolean(), trainingCompleted: z.boolean() }),
  history: z.array(certificationEventSchema),
});
export type CertificationView = z.output<typeof certificationViewSchema>;

const reasonSchema = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(3, { error: 'Please give a reason (at least 3 characters)' })
  .max(500, { error: 'The reason must be at most 500 characters' });

/** Every admin action on the record says why. */
export const certificationActionSchema = z.strictObject({ reason: reasonSchema });
export type CertificationAction = z.input<typeof certificationActionSchema>;
export const CERTIFICATION_ACTIONS = ['issue', 'renew', 'suspend', 'reinstate', 'revoke'] as const;
export type CertificationActionKind = (typeof CERTIFICATION_ACTIONS)[number];

/** POST /api/trainers/{id}/certification-record/renewal/checkout: where the trainer pays the renewal fee. */
export const renewalCheckoutAnswerSchema = z.object({ checkoutUrl: z.string() });
export type RenewalCheckoutAnswer = z.output<typeof renewalCheckoutAnswerSchema>;

/** POST /api/trainers/{id}/certification-record/renewal: the trainer renews. */
export const renewalAnswerSchema = z.object({
  renewed: z.literal(true),
  certification: certificationViewSchema,
});
export type RenewalAnswer = z.output<typeof renewalAnswerSchema>;

// --- Insurance ---

export const INSURANCE_CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
export const INSURANCE_STATUSES = ['none', 'pending', 'accepted', 'expired'] as const;

/** PUT /api/trainers/{id}/insurance: a new policy (its certificate is uploaded next). */
export const insurancePolicyInputSchema = z.strictObject({
  provider: z
    .string({ error: 'Please enter the insurance provider' })
    .trim()
    .min(2, { error: 'Please enter the insurance provider' })
    .max(120),
  policyNumber: z
    .string({ error: 'Please enter the policy number' })
    .trim()
    .min(3, { error: 'Please enter the policy number' })
    .max(60)
    .regex(/^[\w./ -]+$/, { error: 'Letters, digits, spaces, dots, slashes and dashes only' }),
  expiresOn: optionalDate.refine((v) => v !== null, { error: 'Please enter the expiry date' }),
});
export type InsurancePolicyInput = z.input<typeof insurancePolicyInputSchema>;

export const insurancePolicyViewSchema = z.object({
  id: z.number(),
  provider: z.string(),
  policyNumber: z.string(),
  expiresOn: z.string(),
  hasCertificate: z.boolean(),
  certificateType: z.enum(['pdf', 'png', 'jpeg']).nullable(),
  status: z.enum(INSURANCE_STATUSES),
  submittedAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type InsurancePolicyView = z.output<typeof insurancePolicyViewSchema>;

/** GET /api/trainers/{id}/insurance: the current policy (the latest submitted) and whether the brand requires one. */
export const insuranceViewSchema = z.object({
  required: z.boolean(),
  policy: insurancePolicyViewSchema.nullable(),
});
export type InsuranceView = z.output<typeof insuranceViewSchema>;

// --- Proof anyone can check (issue 26 part 4, decision record 0015) ---

/** GET /api/certificates/{number}: name, standing and dates, nothing more (no e-mail, no address). */
export const publicCertificateSchema = z.object({
  certificateNumber: z.string(),
  name: z.string(),
  status: z.enum(PUBLIC_CERTIFICATE_STATUSES),
  issuedOn: z.string(),
  expiresOn: z.string(),
});
export type PublicCertificate = z.output<typeof publicCertificateSchema>;

/**
 * GET /api/credentials/status/{number}: what a verifier of the digital credential fetches from its
 * `credentialStatus` (active while the certificate is valid).
 */
export const credentialStatusAnswerSchema = z.object({
  id: z.string(),
  certificateNumber: z.string(),
  status: z.enum(['active', 'expired', 'suspended', 'revoked']),
  checkedAt: z.string(),
});
export type CredentialStatusAnswer = z.output<typeof credentialStatusAnswerSchema>;

/** An Ed25519 public key as a JWK (RFC 8037), as the JWK set publishes it. */
export const publicJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
export type PublicJwk = z.output<typeof publicJwkSchema>;

/** /.well-known/jwks.json: every credential key, the retired ones too (what they signed still verifies). */
export const jwkSetSchema = z.object({ keys: z.array(publicJwkSchema) });

/** GET /api/credentials/issuer: the issuer's Open Badges 3.0 Profile, the `issuer` every credential names. */
export const issuerProfileSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  url: z.string(),
  email: z.string(),
  description: z.string(),
  /** Where the keys that sign its credentials are published. */
  jwks: z.string(),
});
export type IssuerProfile = z.output<typeof issuerProfileSchema>;
