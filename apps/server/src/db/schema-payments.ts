/** Enrolments, the payment ledger and received provider events (see migration 0006). */
export type PaymentTables = {};
