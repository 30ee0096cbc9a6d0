import { z } from 'zod';
// The plans live in ./plans (one source per business fact); re-exported for the schemas below and older imports.
import { PLAN_KEYS, PLANS, type PlanKey } from './plans';
import { optionalPhone, optionalText, trainerEmailSchema, trainerNameSchema } from './trainers';

export * from './plans';

export const enrolmentMessages = {
  checkoutRequired: 'Please fill all required fields and agree to the terms.',
  paymentInfoRequired: 'Please fill in all required fields.',
  alreadyEnrolled: 'This email already belongs to an enrolled trainer. Please sign in instead.',
  sessionExpired: 'Session expired. Please restart the registration process.',
  confirmationFailed: 'There was an error processing your confirmation. Please try again.',
  paymentNotVerified: 'We have not received confirmation of your payment yet.',
  declined: 'Your card was declined. No money was taken. Please try another card.',
  // The e-mail code (decision 0008): shown before the provider's checkout opens.
  codeSent: 'We sent a 6-digit code to your email. Enter it here to continue to payment.',
  codeWrong: 'This code is not right. Please check the code in the email and try again.',
  codeExpired: 'This code has expired. Please ask for a new code.',
  codeTooManyTries: 'Too many wrong codes. Please ask for a new code.',
  codeRequired: 'Please ask for a new code.',
  emailNotVerified: 'Please enter the code we emailed you before paying.',
  // Confirm signs in once, right after the payment, and never as an account that existed before.
  alreadyConfirmed: 'Your enrolment is already confirmed. Please sign in from the Trainer Portal login.',
  accountExists:
    'An account already exists for this email. Please sign in from the Trainer Portal login to continue.',
} as const;

/** The e-mailed code that shows the address is the visitor's own (decision 0008). */
export const ENROLMENT_CODE_LENGTH = 6;
export const ENROLMENT_CODE_TTL_MINUTES = 10;
/** Wrong tries allowed on one code; after that a new code is needed. */
export const ENROLMENT_CODE_MAX_TRIES = 5;
/** An unpaid enrolment ends this long after it started ('Session expired' after). */
export const ENROLMENT_TTL_HOURS = 24;

/** POST /api/enrolments/current/verify-email: the code from the e-mail (spaces allowed, as people type them). */
export const enrolmentCodeSchema = z.strictObject({
  code: z
    .string({ error: 'Please enter the 6-digit code from the email' })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { error: 'Please enter the 6-digit code from the email' })),
});
export type EnrolmentCode = z.input<typeof enrolmentCodeSchema>;

/** POST /api/enrolments: the checkout's details and the chosen plan (spec admin 3 'Onboarding details'). */
export const enrolmentRequestSchema = z.strictObject({
  fullName: trainerNameSchema,
  email: trainerEmailSchema,
  phone: optionalPhone.refine((v) => v !== null, { error: 'Phone is required' }),
  city: optionalText(100, 'City'),
  state: optionalText(50, 'State'),
  agreeTerms: z.literal(true, { error: 'Please agree to the terms' }),
  plan: z.enum(PLAN_KEYS),
});
export type EnrolmentRequest = z.input<typeof enrolmentRequestSchema>;

/** POST /api/enrolments/current/confirm: the post-payment screen's details. */
export const enrolmentConfirmSchema = z.strictObject({
  fullName: trainerNameSchema,
  email: trainerEmailSchema,
  phone: optionalPhone.refine((v) => v !== null, { error: 'Phone is required' }),
  city: optionalText(100, 'City'),
  state: optionalText(50, 'State'),
});
export type EnrolmentConfirm = z.input<typeof enrolmentConfirmSchema>;

/** PUT /api/trainers/{id} from the payment-confirmation screen (spec admin 7). Verified against the ledger. */
export const paymentConfirmationSchema = z.strictObject({
  paymentStatus: z.literal('completed'),
  onboardingStatus: z.literal('documents_pending'),
});

export const ENROLMENT_STATUSES = ['checkout', 'paid', 'cancelled'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** GET /api/enrolments/current: the enrolment behind the HttpOnly enrolment cookie. */
export const enrolmentViewSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  plan: z.enum(PLAN_KEYS),
  /** The first (or only) payment. */
  amountCents: z.number(),
  totalCents: z.number(),
  status: z.enum(ENROLMENT_STATUSES),
  /** True only when the provider confirmed the first payment. */
  paid: z.boolean(),
  /** The provider's checkout page to pay (again); null once paid. */
  checkoutUrl: z.string().nullable(),
  /** Why the last attempt failed (e.g. a declined card), to show on return. */
  lastError: z.string().nullable(),
  /** Set once the payment is verified and the trainer record exists. */
  trainerId: z.number().nullable(),
  /** True once the account exists and the enrolment is confirmed (post-payment screen done). */
  confirmed: z.boolean(),
  /** True once this browser entered the code e-mailed to `email`; no checkout opens before. */
  emailVerified: z.boolean(),
});
export type EnrolmentView = z.output<typeof enrolmentViewSchema>;

/**
 * POST /api/enrolments and POST /api/enrolments/current/verify-email. `checkoutUrl` is null while the e-mail is
 * not verified yet: a code was sent and the page asks for it.
 */
export const enrolmentCreatedSchema = z.object({
  enrolment: enrolmentViewSchema,
  checkoutUrl: z.string().nullable(),
});
export type EnrolmentCreated = z.output<typeof enrolmentCreatedSchema>;

export const LEDGER_STATUSES = [
  'scheduled',
  'paid',
  'failed',
  'refunded',
  'waived',
  'disputed',
  'paused',
] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** Ledger and standing values as words on every payment screen (never 'past_due'); unknown ones as they are. */
export const LEDGER_STATUS_LABELS: Record<LedgerStatus, string> = {
  scheduled: 'Scheduled',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  waived: 'Waived',
  disputed: 'Disputed',
  paused: 'Paused',
};
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  completed: 'Completed',
  past_due: 'Past Due',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
};
export const paymentWord = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** What an enrolment pays for: the certification program (a plan), or the renewal of a certificate (its fee). */
export const ENROLMENT_PURPOSES = ['program', 'renewal'] as const;
export type EnrolmentPurpose = (typeof ENROLMENT_PURPOSES)[number];

/** What a ledger row is: the program's payment in full or an instalment, an offline payment, a refund, a renewal fee. */
export const LEDGER_KINDS = ['payment', 'instalment', 'offline', 'refund', 'renewal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One row of the payment ledger: a payment, one instalment of the flex plan, or a renewal fee. */
export const ledgerEntrySchema = z.object({
  id: z.number(),
  /** 1..6 on the flex plan, 1 in full or for a renewal fee; null for a refund or an offline extra. */
  instalment: z.number().nullable(),
  kind: z.enum(LEDGER_KINDS),
  /** The program's row, or a renewal's (its fee and any refund of it). */
  purpose: z.enum(ENROLMENT_PURPOSES),
  /** A renewal's: the expiry it renewed. */
  renewsExpiresOn: z.string().nullable(),
  amountCents: z.number(),
  currency: z.string(),
  dueOn: z.string().nullable(),
  status: z.enum(LEDGER_STATUSES),
  attempts: z.number(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  note: z.string().nullable(),
});
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;

/** GET /api/trainers/{id}/payments: what the trainer and admins see of the plan and its ledger. */
export const paymentSummarySchema = z.object({
  plan: z.enum(PLAN_KEYS).nullable(),
  paymentStatus: z.string(),
  paidCount: z.number(),
  totalCount: z.number(),
  /** '3 of 6 paid · next {instalment} on {date}' on the flex plan (values from PLANS); 'Paid in full' in full. */
  progressLabel: z.string(),
  nextDue: z.object({ amountCents: z.number(), dueOn: z.string() }).nullable(),
  pastDue: z.boolean(),
  /** When the portal's resources pause if a failed instalment stays unpaid. */
  graceEndsAt: z.string().nullable(),
  accessPaused: z.boolean(),
  certificationSuspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  /** Where to pay a failed instalment now (Stripe's hosted invoice page, or the test provider's page). */
  payNowUrl: z.string().nullable(),
  entries: z.array(ledgerEntrySchema),
});
export type PaymentSummary = z.output<typeof paymentSummarySchema>;

/** Admin actions on a trainer's plan, each with a reason kept in the audit history. */
export const reasonSchema = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(3, { error: 'Please give a reason' })
  .max(500, { error: 'The reason must be at most 500 characters' });

/** How money reached the brand outside the provider, or that it was waived (a ledger note and the history say it). */
export const OFFLINE_PAYMENT_METHODS = ['cheque', 'bank_transfer', 'cash', 'waived'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
export const offlinePaymentMethodLabels: Record<OfflinePaymentMethod, string> = {
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  waived: 'Waived',
};
/** The largest amount one offline payment may state: the whole program with room to spare, never more. */
export const OFFLINE_PAYMENT_MAX_CENTS = 1_000_000;

const offlineAmountMessage = 'Give the plan paid for or the amount received, not both';
/**
 * POST /api/trainers/{id}/payments/offline. The amount is a plan's (from PLANS) or stated in cents, never negative;
 * nothing received (0) only when waived. `requestId` is made once per form, so a double submit is applied once.
 */
export const offlinePaymentSchema = z
  .strictObject({
    method: z.enum(OFFLINE_PAYMENT_METHODS, { error: 'Please choose how it was paid' }),
    plan: z.enum(PLAN_KEYS, { error: 'Please choose a plan' }).optional(),
    amountCents: z
      .number({ error: 'Please give the amount in cents' })
      .int({ error: 'Please give the amount in whole cents' })
      .min(0, { error: 'The amount cannot be negative' })
      .max(OFFLINE_PAYMENT_MAX_CENTS, { error: 'The amount is more than one payment can be' })
      .optional(),
    reason: reasonSchema,
    requestId: z.uuid({ error: 'The form is out of date: please reload the page' }),
  })
  .refine((v) => (v.plan === undefined) !== (v.amountCents === undefined), {
    path: ['amountCents'],
    error: offlineAmountMessage,
  })
  .refine((v) => v.amountCents !== 0 || v.method === 'waived', {
    path: ['amountCents'],
    error: 'Please give the amount received',
  });
export type OfflinePayment = z.input<typeof offlinePaymentSchema>;

/** The amount an offline payment records: the plan's payment (a flex plan's first instalment) or the stated one. */
export const offlinePaymentAmountCents = (p: { plan?: PlanKey; amountCents?: number }): number =>
  p.plan ? PLANS[p.plan].amountCents : (p.amountCents ?? 0);
export const paymentActionSchema = z.strictObject({ reason: reasonSchema });

/** The portal page where a trainer an admin added chooses a plan and pays (the e-mailed enrolment link). */
export const PORTAL_ENROLMENT_PATH = '/trainer-portal/enrolment';

/** POST /api/trainers/{id}/enrolment-link (admin): the trainer an admin added was e-mailed the way to enrol. */
export const enrolmentLinkSentSchema = z.object({ sentTo: z.string() });
export type EnrolmentLinkSent = z.output<typeof enrolmentLinkSentSchema>;

/** POST /api/trainers/{id}/enrolment/checkout: a trainer an admin added chooses a plan in the portal and pays. */
export const portalCheckoutSchema = z.strictObject({
  plan: z.enum(PLAN_KEYS, { error: 'Please choose a plan' }),
  agreeTerms: z.literal(true, { error: 'Please agree to the terms' }),
});
export type PortalCheckout = z.input<typeof portalCheckoutSchema>;
export const portalCheckoutAnswerSchema = z.object({ checkoutUrl: z.string() });
export type PortalCheckoutAnswer = z.output<typeof portalCheckoutAnswerSchema>;

/** GET /api/payment-events (admin). */
export const paymentEventViewSchema = z.object({
  id: z.string(),
  provider: z.string(),
  type: z.string(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
  error: z.string().nullable(),
  /** The trainer whose enrolment the event names; null when it names none we know. */
  trainer: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** What that enrolment pays for (the program or a renewal fee); null when it names none we know. */
  purpose: z.enum(ENROLMENT_PURPOSES).nullable(),
  /** The amount the event carries, in cents of `currency`; null for an event without one. */
  amountCents: z.number().nullable(),
  currency: z.string().nullable(),
});
export type PaymentEventView = z.output<typeof paymentEventViewSchema>;

/** The test provider's hosted checkout (GET /api/test-provider/checkouts/{id}). */
export const testCheckoutViewSchema = z.object({
  id: z.string(),
  description: z.string(),
  email: z.string(),
  amountCents: z.number(),
  /** The program's plan; null for a renewal fee. */
  plan: z.enum(PLAN_KEYS).nullable(),
  /** 'open' until paid; 'paid' or 'expired' after. */
  status: z.enum(['open', 'paid', 'expired']),
  /** For an instalment payment page (pay now after a failure). */
  instalment: z.number().nullable(),
  returnUrl: z.string(),
  cancelUrl: z.string(),
});
export type TestCheckoutView = z.output<typeof testCheckoutViewSchema>;

export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  failsNextInstalment: '4000000000000341',
} as const;

export const testCardSchema = z.strictObject({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{13,19}$/, { error: 'Please enter a card number' })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: 'Use MM / YY' }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: 'Please enter the 3 or 4 digits' }),
  name: z.string().trim().min(1, { error: 'Please enter the name on the card' }).max(100),
});
export type TestCard = z.input<typeof testCardSchema>;

export const testPaymentResultSchema = z.object({
  outcome: z.enum(['paid', 'declined']),
  message: z.string(),
  /** Where the browser goes next: the app's return page on success; null to stay and try again. */
  redirectTo: z.string().nullable(),
});
export type TestPaymentResult = z.output<typeof testPaymentResultSchema>;

/** POST /api/enrolments/current/confirm: the new trainer, signed in, goes on to the documents. */
export const enrolmentConfirmedSchema = z.object({ trainerId: z.number(), redirectTo: z.string() });

/** POST /api/trainers/{id}/trigger-onboarding. */
export const onboardingTriggeredSchema = z.object({ trainerId: z.number(), onboardingStatus: z.string() });

/** POST /api/payments/webhook: whether the event was taken (a repeat is taken once, a refused one is said why). */
export const webhookAnswerSchema = z.object({
  received: z.boolean(),
  duplicate: z.boolean().optional(),
  refused: z.string().optional(),
});

/** GET /api/payments/provider: which checkout the enrolment page opens. */
export const paymentProviderAnswerSchema = z.object({ provider: z.enum(['test', 'stripe']) });

/** POST /api/test-provider/instalments/bill-now (test mode): the instalment billed. */
export const instalmentBilledSchema = z.object({ instalment: z.number() });
