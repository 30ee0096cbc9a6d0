import type { CertificationEvent, CertificationStatus } from '@soulpunch/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
/** A `date` column: 'YYYY-MM-DD' text on both drivers (see database.ts). */
type DateText = string;

/** One per trainer once issued (migration 0021); no row means the trainer is in training. */
export interface CertificationRecordsTable {
  trainerId: number;
  /** Random and unguessable; null while in training. */
  certificateNumber: string | null;
  status: CertificationStatus;
  issuedOn: DateText | null;
  expiresOn: DateText | null;
  /** Set by the scheduled round when insurance is required and the policy on file expired. */
  insurancePausedAt: Date | null;
  /** A renewal fee paid for this expiry that has not renewed it yet (migration 0024); null once it has. */
  renewalFeePaidFor: Generated<DateText | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** What renewal requires, as an administrator set it (one row, migration 0024); no row: RENEWAL_REQUIRES. */
export interface CertificationSettingsTable {
  id: Generated<boolean>;
  /** Comma-separated requirement keys, '' for none. */
  renewalRequires: string;
  updatedBy: number | null;
  updatedAt: Date;
}

export interface CertificationHistoryTable {
  id: Generated<number>;
  trainerId: number;
  action: CertificationEvent['action'];
  fromStatus: CertificationStatus | null;
  toStatus: CertificationStatus;
  expiresOn: DateText | null;
  reason: string | null;
  /** Null: the scheduled round (or the migration). */
  byUserId: number | null;
  at: Date;
}

/** A reminder sent: once per trainer, subject, due day and threshold ('90' ... '7', 'lapsed'). */
export interface CertificationRemindersTable {
  trainerId: number;
  subject: 'certification' | 'insurance';
  dueOn: DateText;
  kind: string;
  sentAt: Date;
}

/** Migration 0022: the latest row is the current policy. */
export interface InsurancePoliciesTable {
  id: Generated<number>;
  trainerId: number;
  provider: string;
  policyNumber: string;
  expiresOn: DateText;
  certificateKey: string | null;
  certificateType: 'pdf' | 'png' | 'jpeg' | null;
  submittedBy: number | null;
  submittedAt: CreatedAt;
  acceptedBy: number | null;
  acceptedAt: Date | null;
}

/** Migration 0023: the keys that sign digital credentials; one current (no `retiredAt`), the rest retired. */
export interface CredentialSigningKeysTable {
  id: Generated<number>;
  thumbprint: string;
  publicJwk: string;
  privateKey: string;
  createdAt: CreatedAt;
  retiredAt: Date | null;
}

export type CertificationRecordRow = Selectable<CertificationRecordsTable>;
export type InsurancePolicyRow = Selectable<InsurancePoliciesTable>;

export interface CertificationTables {
  certificationRecords: CertificationRecordsTable;
  certificationHistory: CertificationHistoryTable;
  certificationReminders: CertificationRemindersTable;
  insurancePolicies: InsurancePoliciesTable;
  credentialSigningKeys: CredentialSigningKeysTable;
  certificationSettings: CertificationSettingsTable;
}
