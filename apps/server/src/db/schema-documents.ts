import type { AuditEventType, DocumentStatus, DocumentType } from '@soulpunch/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface DocumentTemplatesTable {
  id: Generated<number>;
  type: DocumentType;
  version: number;
  title: string;
  description: string;
  /** Fixed once published; identified by its SHA-256. */
  body: string;
  sha256: string;
  publishedAt: CreatedAt;
  publishedBy: number | null;
}

export interface DocumentsTable {
  id: Generated<number>;
  trainerId: number;
  templateId: number;
  type: DocumentType;
  status: Generated<DocumentStatus>;
  sentAt: Date | null;
  /** The first reminder (the spec's field: Send Reminder is offered only before one was sent). */
  reminderSentAt: Date | null;
  lastReminderAt: Date | null;
  viewedAt: Date | null;
  expiresAt: Date | null;
  signedAt: Date | null;
  signerUserId: number | null;
  signerName: string | null;
  signerEmail: string | null;
  signatureImage: string | null;
  signerIp: string | null;
  signerUserAgent: string | null;
  consentId: number | null;
  signedTemplateSha256: string | null;
  pdfPath: string | null;
  pdfSha256: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface EsignConsentsTable {
  id: Generated<number>;
  userId: number;
  disclosureVersion: number;
  disclosureSha256: string;
  givenAt: Date;
  ip: string | null;
  userAgent: string | null;
  withdrawnAt: Date | null;
}

export interface DocumentEventsTable {
  id: Generated<number>;
  documentId: number;
  type: AuditEventType;
  at: Date;
  actorUserId: number | null;
  actor: string;
  ip: string | null;
  userAgent: string | null;
  documentHash: string;
  prevHash: string;
  entryHash: string;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type TemplateRow = Selectable<DocumentTemplatesTable>;
export type DocumentEventRow = Selectable<DocumentEventsTable>;

/** Document templates, documents, e-sign consent and the audit chain (see migration 0007). */
export interface DocumentTables {
  documentTemplates: DocumentTemplatesTable;
  documents: DocumentsTable;
  esignConsents: EsignConsentsTable;
  documentEvents: DocumentEventsTable;
}
