/**
 * The business facts every text states: the plans' prices and length, and the default schedule of document
 * reminders and payment grace. Each is written here once; pages, e-mails, legal texts, the payment provider and
 * the assistant's knowledge base read it (scripts/price-change-check.mjs proves it in CI). No imports: the legal
 * pages read this without loading zod.
 */

/** The certification program's plans (spec admin 2.7 and 9). Amounts in cents, US dollars. */
export const PLANS = {
  full: {
    key: 'full',
    label: 'Pay in Full',
    amountCents: 199_700,
    listPriceCents: 299_700,
    instalments: 1,
  },
  flex: { key: 'flex', label: 'Flex Plan', amountCents: 49_900, listPriceCents: null, instalments: 6 },
} as const;
export type PlanKey = keyof typeof PLANS;

/** A plan named in a sentence: 'the Pay in Full plan', 'the Flex Plan' (whose label already says plan). */
export const planInSentence = (plan: PlanKey) =>
  /\bplan$/i.test(PLANS[plan].label) ? `the ${PLANS[plan].label}` : `the ${PLANS[plan].label} plan`;
export const PLAN_KEYS = ['full', 'flex'] as const;

/**
 * The fee a certified trainer pays to renew (when renewal requires it: RENEWAL_REQUIRES or the admin's setting),
 * one payment through the same providers and ledger as the program. Amount in cents, US dollars.
 */
export const RENEWAL_FEE = { label: 'Certification Renewal', amountCents: 24_900 } as const;
export const CURRENCY = 'usd';

/**
 * What paying in full saves against the list price, in whole percent rounded down (a saving is never overstated).
 * Computed from the two prices, so a price change cannot leave a stale figure (the spec's prototype stated 25%,
 * which the prices never gave).
 */
export const fullPlanSavePercent = () =>
  Math.floor((1 - PLANS.full.amountCents / PLANS.full.listPriceCents) * 100);

/** What a plan costs in all: in full, or the flex plan's monthly amount times its instalments. */
export const planTotalCents = (plan: PlanKey) => PLANS[plan].amountCents * PLANS[plan].instalments;

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
/** A count in words where the product's texts spell it out ('six monthly payments'); digits above twelve. */
export const numberWord = (n: number) => WORDS[n] ?? String(n);

/**
 * Defaults of the schedule the server's configuration can change (DOCUMENT_* and PAYMENT_GRACE_DAYS): the first
 * reminder of an unsigned document, then one every interval until it expires; and the grace before an unpaid
 * instalment pauses the portal's resources.
 */
export const SCHEDULE_DEFAULTS = {
  paymentGraceDays: 7,
  documentExpiryDays: 30,
  documentFirstReminderDays: 5,
  documentReminderIntervalDays: 2,
} as const;
