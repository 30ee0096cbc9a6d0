import type { DocumentType } from '@soulpunch/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  DocumentRow,
  DocumentsTable,
  DocumentTemplatesTable,
  EsignConsentsTable,
  TemplateRow,
} from '../../db/schema-documents';
import type { Trx } from '../../db/types';

// --- Templates ---

/** The types whose given version exists (the start's check: a read, and no write when every type has it). */
export async function typesWithTemplateVersion(db: Db, version: number): Promise<Set<DocumentType>> {
  const rows = await db
    .selectFrom('documentTemplates')
    .select('type')
    .where('version', '=', version)
    .execute();
  return new Set(rows.map((row) => row.type));
}

/** A template version, unless that (type, version) exists already. */
export async function insertTemplateIfNew(db: Db, row: Insertable<DocumentTemplatesTable>): Promise<void> {
  await db
    .insertInto('documentTemplates')
    .values(row)
    .onConflict((oc) => oc.columns(['type', 'version']).doNothing())
    .execute();
}

/** A new version; the unique (type, version) refuses a concurrent publication of the same number. */
export async function insertTemplate(db: Db, row: Insertable<DocumentTemplatesTable>): Promise<void> {
  await db.insertInto('documentTemplates').values(row).execute();
}

export async function latestTemplateOf(db: Db, type: DocumentType): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('documentTemplates')
    .selectAll()
    .where('type', '=', type)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every version of every template, newest first. */
export async function listTemplateRows(db: Db): Promise<TemplateRow[]> {
  return db.selectFrom('documentTemplates').selectAll().orderBy('version', 'desc').execute();
}

// --- Documents ---

export type Joined = DocumentRow & {
  title: string;
  description: string;
  version: number;
  sha256: string;
  body: string;
  trainerName: string;
};

/** A document with its template's text and its trainer's name. */
function joined(db: Db) {
  return db
    .selectFrom('documents')
    .innerJoin('documentTemplates', 'documentTemplates.id', 'documents.templateId')
    .innerJoin('trainers', 'trainers.id', 'documents.trainerId')
    .selectAll('documents')
    .select([
      'documentTemplates.title',
      'documentTemplates.description',
      'documentTemplates.version',
      'documentTemplates.sha256',
      'documentTemplates.body',
      'trainers.name as trainerName',
    ]);
}

export async function findDocument(db: Db, id: number): Promise<Joined | undefined> {
  return joined(db).where('documents.id', '=', id).executeTakeFirst();
}

export async function findSignedDocument(db: Db, id: number): Promise<Joined | undefined> {
  return joined(db)
    .where('documents.id', '=', id)
    .where('documents.status', '=', 'signed')
    .executeTakeFirst();
}

export async function findDocumentByPdfHash(db: Db, pdfSha256: string): Promise<Joined | undefined> {
  return joined(db).where('documents.pdfSha256', '=', pdfSha256).executeTakeFirst();
}

/** Newest first; of one trainer, or of everyone. */
export async function listDocuments(db: Db, trainerId?: number): Promise<Joined[]> {
  let q = joined(db);
  if (trainerId !== undefined) q = q.where('documents.trainerId', '=', trainerId);
  return q.orderBy('documents.id', 'desc').execute();
}

/** Documents the reminders-and-expiry round looks at: not sent yet, or sent and not signed. */
export async function listOpenDocuments(db: Db): Promise<Joined[]> {
  return joined(db).where('documents.status', 'in', ['pending', 'sent']).orderBy('documents.id').execute();
}

/** The trainer's open or signed document of this template version, if any. */
export async function findLiveDocument(db: Db, trainerId: number, templateId: number) {
  return db
    .selectFrom('documents')
    .select('id')
    .where('trainerId', '=', trainerId)
    .where('templateId', '=', templateId)
    .where('status', 'in', ['pending', 'sent', 'signed'])
    .executeTakeFirst();
}

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<number> {
  const created = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

export async function updateDocument(db: Db, id: number, values: Updateable<DocumentsTable>): Promise<void> {
  await db.updateTable('documents').set(values).where('id', '=', id).execute();
}

/** The signature, once: false when the document was signed (or closed) meanwhile. */
export async function markSigned(trx: Trx, id: number, values: Updateable<DocumentsTable>): Promise<boolean> {
  const updated = await trx
    .updateTable('documents')
    .set({ ...values, status: 'signed' })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'sent'])
    .returning('id')
    .executeTakeFirst();
  return Boolean(updated);
}

/** A trainer's documents sent and waiting for a signature, with their template's hash. */
export async function listSentDocumentsOf(trx: Trx, trainerId: number) {
  return trx
    .selectFrom('documents')
    .innerJoin('documentTemplates', 'documentTemplates.id', 'documents.templateId')
    .select(['documents.id', 'documentTemplates.sha256'])
    .where('documents.trainerId', '=', trainerId)
    .where('documents.status', '=', 'sent')
    .execute();
}

/** Trainers who signed some version of this type (the re-sign campaign's audience). */
export async function listSignersOf(db: Db, type: DocumentType): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .select('trainerId')
    .distinct()
    .where('type', '=', type)
    .where('status', '=', 'signed')
    .execute();
  return rows.map((r) => r.trainerId);
}

/** The documents of one template version with their trainer's name, newest first. */
export async function listCampaignDocuments(db: Db, templateId: number) {
  return db
    .selectFrom('documents')
    .innerJoin('trainers', 'trainers.id', 'documents.trainerId')
    .select([
      'documents.id',
      'documents.trainerId',
      'trainers.name',
      'documents.status',
      'documents.sentAt',
      'documents.reminderSentAt',
      'documents.signedAt',
    ])
    .where('documents.templateId', '=', templateId)
    .orderBy('documents.id', 'desc')
    .execute();
}

// --- E-signature consent ---

export async function findCurrentConsent(db: Db, userId: number, disclosureSha256: string) {
  return db
    .selectFrom('esignConsents')
    .selectAll()
    .where('userId', '=', userId)
    .where('withdrawnAt', 'is', null)
    .where('disclosureSha256', '=', disclosureSha256)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function findConsent(db: Db, id: number) {
  return db.selectFrom('esignConsents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertConsent(trx: Trx, row: Insertable<EsignConsentsTable>): Promise<void> {
  await trx.insertInto('esignConsents').values(row).execute();
}

export async function withdrawConsents(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('esignConsents')
    .set({ withdrawnAt: at })
    .where('userId', '=', userId)
    .where('withdrawnAt', 'is', null)
    .execute();
}

// --- The trainer a document is for ---

export async function trainerContact(db: Db, trainerId: number) {
  return db
    .selectFrom('trainers')
    .select(['email', 'name'])
    .where('id', '=', trainerId)
    .executeTakeFirstOrThrow();
}

/** Onboarding moves past 'documents_pending' (and only from there). */
export async function completeOnboarding(db: Db, trainerId: number): Promise<void> {
  await db
    .updateTable('trainers')
    .set({ onboardingStatus: 'completed' })
    .where('id', '=', trainerId)
    .where('onboardingStatus', '=', 'documents_pending')
    .execute();
}
