import { z } from 'zod';

/** The three required documents (spec admin 3 and 9). */
export const DOCUMENT_TYPES = ['trainer_agreement', 'nda', 'liability_waiver'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** How the admin screen titles a type; other values are shown raw. */
export const DOCUMENT_TYPE_TITLES: Record<DocumentType, string> = {
  trainer_agreement: 'Trainer Agreement',
  nda: 'Non-Disclosure Agreement',
  liability_waiver: 'Liability Waiver',
};
export const documentTypeTitle = (type: string) => DOCUMENT_TYPE_TITLES[type as DocumentType] ?? type;

/** The signing step's short type names (spec admin 3 'Required document'). */
export const REQUIRED_DOCUMENT_KINDS: Record<DocumentType, 'agreement' | 'nda' | 'waiver'> = {
  trainer_agreement: 'agreement',
  nda: 'nda',
  liability_waiver: 'waiver',
};

export const DOCUMENT_STATUSES = ['pending', 'sent', 'signed', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Spec admin 4: badge colours; unknown values grey. */
export const DOCUMENT_STATUS_COLORS: Record<DocumentStatus, string> = {
  pending: 'yellow',
  sent: 'blue',
  signed: 'green',
  expired: 'red',
};

/** Spec admin 4: Send Reminder only on 'sent' with no reminder yet; Check Status whenever not signed. */
export const canSendReminder = (d: { status: string; reminderSentAt: string | null }) =>
  d.status === 'sent' && d.reminderSentAt === null;
export const canCheckStatus = (d: { status: string }) => d.status !== 'signed';

/** Spec admin 4: the Pending tab holds pending and sent, Signed holds signed; expired only under All. */
export const DOCUMENT_TABS = {
  all: (_status: string) => true,
  pending: (status: string) => status === 'pending' || status === 'sent',
  signed: (status: string) => status === 'signed',
} as const;

export const documentMessages = {
  signAll: 'Please sign all required documents to continue.',
  noDocuments: 'No documents found in this category',
  consentRequired: 'Please agree to use electronic records and signatures first.',
  agreeRequired: "Please tick 'I have read and agree' to sign.",
  nameRequired: 'Please type your full name to sign.',
  nameMismatch: 'Please type your full name as it appears on your account.',
  versionChanged:
    'This document has changed since you opened it. Please read the current version and sign again.',
  alreadySigned: 'This document is already signed.',
  expired: 'This document has expired. Please ask for it to be sent again.',
} as const;

/**
 * A name as a signature is compared with the account's legal name: case, spacing and accents do not count, so
 * 'josé  GARCÍA' signs for José García; another name does not.
 */
export function signatureNameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();
}

/** Whether a typed signature names the account's legal name (see signatureNameKey). */
export const signsAs = (typed: string, legalName: string) =>
  signatureNameKey(typed) === signatureNameKey(legalName);

/** The message for a typed name that is not the account's, naming the one expected. */
export const nameMismatchMessage = (legalName: string) =>
  `${documentMessages.nameMismatch} Type '${legalName}', or ask an administrator to correct your name.`;

/** A document as the lists show it (GET /api/documents, GET /api/trainers/{id}/documents). */
export const documentSummarySchema = z.object({
  id: z.number(),
  type: z.enum(DOCUMENT_TYPES),
  title: z.string(),
  description: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  trainerId: z.number(),
  trainerName: z.string(),
  templateVersion: z.number(),
  /** SHA-256 (hex) of the exact text to sign. */
  templateHash: z.string(),
  sentAt: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The signing page in the app ('View Document' for admins opens the document view). */
  url: z.string(),
  required: z.boolean(),
  /** Set once signed: the sealed PDF's SHA-256. */
  pdfHash: z.string().nullable(),
});
export type DocumentSummary = z.output<typeof documentSummarySchema>;

/** GET /api/documents/{id}: the full text to read and sign. Opening it as the signer records 'viewed'. */
export const documentDetailSchema = documentSummarySchema.extend({
  body: z.string(),
  signerName: z.string().nullable(),
  /** Whether the signed-in user must first consent to electronic records. */
  consentRequired: z.boolean(),
});
export type DocumentDetail = z.output<typeof documentDetailSchema>;

export const AUDIT_EVENT_TYPES = [
  'sent',
  'viewed',
  'consented',
  'signed',
  'reminder_sent',
  'expired',
  'downloaded',
  'verified',
  'resent',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** How the audit trail names each event, for admins and on the public verify page. */
export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  consented: 'Consented to electronic records',
  signed: 'Signed',
  reminder_sent: 'Reminder sent',
  expired: 'Expired',
  downloaded: 'Downloaded',
  verified: 'Verified',
  resent: 'Sent again',
};
export const auditEventLabel = (type: string) => AUDIT_EVENT_LABELS[type as AuditEventType] ?? type;

export const auditEventSchema = z.object({
  id: z.number(),
  documentId: z.number(),
  type: z.enum(AUDIT_EVENT_TYPES),
  at: z.string(),
  actor: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  documentHash: z.string(),
  prevHash: z.string(),
  entryHash: z.string(),
});
export type AuditEvent = z.output<typeof auditEventSchema>;

/** POST /api/documents/audit/verify (admin): the whole chain recomputed. */
export const chainCheckSchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  /** The first entry whose hash or link does not hold, and why. */
  brokenAt: z.object({ id: z.number(), reason: z.string() }).nullable(),
});
export type ChainCheck = z.output<typeof chainCheckSchema>;

/** The ESIGN consumer disclosure the signer agrees to before signing electronically. */
export const esignDisclosureSchema = z.object({
  version: z.number(),
  sha256: z.string(),
  text: z.string(),
});
export type EsignDisclosure = z.output<typeof esignDisclosureSchema>;

export const esignConsentStateSchema = z.object({
  disclosure: esignDisclosureSchema,
  /** The current, not withdrawn, consent of the signed-in user; null when none. */
  given: z.object({ at: z.string(), version: z.number() }).nullable(),
});
export type EsignConsentState = z.output<typeof esignConsentStateSchema>;

export const esignConsentSchema = z.strictObject({
  disclosureVersion: z.number().int().positive(),
  disclosureSha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** PNG data URL of a drawn signature, at most about 200 KB. */
export const signatureImageSchema = z
  .string()
  .max(280_000, { error: 'The drawn signature is too large' })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: 'The drawn signature is not a PNG image' });

/** POST /api/documents/{id}/sign */
export const signDocumentSchema = z.strictObject({
  templateHash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Unknown document version' }),
  agreed: z.literal(true, { error: documentMessages.agreeRequired }),
  fullName: z
    .string({ error: documentMessages.nameRequired })
    .trim()
    .min(2, { error: documentMessages.nameRequired })
    .max(100, { error: 'Your name must be at most 100 characters' }),
  signatureImage: signatureImageSchema.nullish(),
});
export type SignDocumentRequest = z.input<typeof signDocumentSchema>;

/** A template's versions (GET /api/document-templates, admin). */
export const documentTemplateViewSchema = z.object({
  type: z.enum(DOCUMENT_TYPES),
  title: z.string(),
  description: z.string(),
  version: z.number(),
  sha256: z.string(),
  body: z.string(),
  publishedAt: z.string(),
  versions: z.array(z.object({ version: z.number(), sha256: z.string(), publishedAt: z.string() })),
});
export type DocumentTemplateView = z.output<typeof documentTemplateViewSchema>;

/** POST /api/document-templates/{type}/preview and /versions (admin). */
export const templateDraftSchema = z.strictObject({
  title: z.string().trim().min(3).max(120),
  description: z.string().trim().min(3).max(300),
  body: z
    .string()
    .trim()
    .min(200, { error: 'The document text must be at least 200 characters' })
    .max(100_000),
});
export type TemplateDraft = z.input<typeof templateDraftSchema>;

/** GET /api/document-templates/{type}/campaign (admin): who re-signed the newest version. */
export const campaignViewSchema = z.object({
  type: z.enum(DOCUMENT_TYPES),
  version: z.number(),
  publishedAt: z.string(),
  counts: z.object({ total: z.number(), signed: z.number(), waiting: z.number(), expired: z.number() }),
  trainers: z.array(
    z.object({
      trainerId: z.number(),
      trainerName: z.string(),
      documentId: z.number(),
      status: z.enum(DOCUMENT_STATUSES),
      sentAt: z.string().nullable(),
      reminderSentAt: z.string().nullable(),
      signedAt: z.string().nullable(),
    }),
  ),
});
export type CampaignView = z.output<typeof campaignViewSchema>;

/** POST /api/verify (public): an uploaded PDF checked against our records and its seal. */
export const verifyResultSchema = z.object({
  valid: z.boolean(),
  /** 'issued by us, unaltered', or why not. */
  summary: z.string(),
  reasons: z.array(z.string()),
  sha256: z.string(),
  document: z
    .object({
      id: z.number(),
      title: z.string(),
      signerName: z.string(),
      signedAt: z.string(),
      events: z.array(z.object({ type: z.enum(AUDIT_EVENT_TYPES), at: z.string() })),
    })
    .nullable(),
});
export type VerifyResult = z.output<typeof verifyResultSchema>;

/** GET /api/trainers/{id}/standing: whether the trainer is in the public directory, and why not. */
export const trainerStandingSchema = z.object({
  listed: z.boolean(),
  reasons: z.array(z.string()),
});
export type TrainerStanding = z.output<typeof trainerStandingSchema>;

/** GET /api/verify/{id} (public): the facts of a signed document, what its certificate's QR code points at. */
export const verifyFactsSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Only with the check code printed on the document (document numbers are sequential). */
  signerName: z.string().nullable(),
  signedAt: z.string(),
  pdfSha256: z.string().nullable(),
  events: z.array(z.object({ type: z.enum(AUDIT_EVENT_TYPES), at: z.string() })),
});

/** POST /api/documents/refresh (admin): one document round, counted. */
export const documentRoundSchema = z.object({
  checked: z.number(),
  sent: z.number(),
  expired: z.number(),
  reminded: z.number(),
  failed: z.number(),
});
