import type { LedgerStatus, PlanKey } from '@soulpunch/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface EnrolmentsTable {
  id: Generated<number>;
  /** Random id used in URLs and provider metadata; the numeric id never leaves the server. */
  publicId: string;
  /** HMAC of the HttpOnly enrolment cookie: the cookie is what proves "this is my enrolment". */
  cookieHash: string;
  fullName: string;
  email: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  termsAgreedAt: Date;
  plan: PlanKey;
  /** The first (or only) payment. */
  amountCents: number;
  totalCents: number;
  currency: string;
  status: Generated<'checkout' | 'paid' | 'cancelled'>;
  provider: 'test' | 'stripe';
  checkoutId: string | null;
  checkoutUrl: string | null;
  checkoutAttempt: Generated<number>;
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionEndedAt: Date | null;
  /** The test provider's saved card behaviour for later instalments ('pays' or 'fails'). */
  testCard: string | null;
  lastError: string | null;
  trainerId: number | null;
  paidAt: Date | null;
  confirmedAt: Date | null;
  /** When this browser entered the code e-mailed to `email` (migration 0013); no checkout opens before. */
  emailVerifiedAt: Date | null;
  /** Keyed hash of the current 6-digit code, its expiry and the wrong tries spent on it. */
  emailCodeHash: string | null;
  emailCodeExpiresAt: Date | null;
  emailCodeAttempts: Generated<number>;
  /** A flex subscription whose six-month schedule the provider has yet to confirm (migration 0015). */
  instalmentScheduleFor: Generated<string | null>;
  instalmentsScheduledAt: Generated<Date | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The ledger: one row per payment or instalment, and one per refund or offline payment. */
export interface PaymentsTable {
  id: Generated<number>;
  enrolmentId: number;
  instalment: number | null;
  kind: 'payment' | 'instalment' | 'offline' | 'refund';
  amountCents: number;
  currency: string;
  /** 'YYYY-MM-DD'. */
  dueOn: string | null;
  status: LedgerStatus;
  attempts: Generated<number>;
  /** The provider's invoice, payment or charge id. */
  providerRef: string | null;
  payNowUrl: string | null;
  receiptUrl: string | null;
  paidAt: Date | null;
  failedAt: Date | null;
  note: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  payload: ColumnType<unknown, string, string>;
  receivedAt: CreatedAt;
  processedAt: Date | null;
  error: string | null;
  attempts: Generated<number>;
}

export interface TestCheckoutsTable {
  id: string;
  enrolmentId: number;
  instalment: number | null;
  amountCents: number;
  status: Generated<'open' | 'paid' | 'expired'>;
  createdAt: CreatedAt;
}

export type EnrolmentRow = Selectable<EnrolmentsTable>;
export type PaymentRow = Selectable<PaymentsTable>;

/** Enrolments, the payment ledger and received provider events (see migration 0006). */
export interface PaymentTables {
  enrolments: EnrolmentsTable;
  payments: PaymentsTable;
  paymentEvents: PaymentEventsTable;
  testCheckouts: TestCheckoutsTable;
}
