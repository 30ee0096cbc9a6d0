import type { EnrolmentPurpose, LedgerKind, LedgerStatus, PlanKey } from '@soulpunch/shared';
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
  /** Null for an enrolment an admin recorded for a trainer they added (migration 0018): no checkout, no terms box. */
  termsAgreedAt: Date | null;
  /** The program's plan; null for a renewal fee (one payment, its amount from RENEWAL_FEE). */
  plan: PlanKey | null;
  /** The first (or only) payment. */
  amountCents: number;
  totalCents: number;
  currency: string;
  status: Generated<'checkout' | 'paid' | 'cancelled'>;
  /** 'offline': recorded by an admin from a payment made outside the provider (cheque, transfer, cash, waived). */
  provider: 'test' | 'stripe' | 'offline';
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
  /**
   * Where it began (migration 0018): the public checkout, the portal of a trainer an admin added (from the e-mailed
   * enrolment link; paid, it returns to the portal), or an offline payment an admin recorded.
   */
  origin: Generated<'checkout' | 'portal' | 'offline'>;
  /** What is paid for (migration 0024): the certification program, or the renewal of the trainer's certificate. */
  purpose: Generated<EnrolmentPurpose>;
  /** A renewal's: the expiry it renews ('YYYY-MM-DD'); a fee is paid once per expiry. */
  renewsExpiresOn: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The ledger: one row per payment or instalment, and one per refund or offline payment. */
export interface PaymentsTable {
  id: Generated<number>;
  enrolmentId: number;
  instalment: number | null;
  kind: LedgerKind;
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

/** Admin payment requests already applied, by the id the form sent: a double submit is applied once (0018). */
export interface PaymentRequestsTable {
  id: string;
  trainerId: number;
  requestedBy: number | null;
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
  paymentRequests: PaymentRequestsTable;
}
