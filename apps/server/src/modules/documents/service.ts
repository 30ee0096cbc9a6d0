import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AuditEvent,
  canSendReminder,
  DOCUMENT_TYPES,
  type DocumentDetail,
  type DocumentSummary,
  type DocumentType,
  documentMessages,
  type EsignConsentState,
  nameMismatchMessage,
  numberWord,
  type SessionUser,
  type signDocumentSchema,
  signsAs,
  type VerifyResult,
} from '@soulpunch/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { TemplateRow } from '../../db/schema-documents';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { DAY_MS } from '../../lib/clock';
import { seesAdminArea } from '../auth/access';
import { mailDate } from '../mail/dates';
import type { MailMessage } from '../mail/mailer';
import { deliverMail, queueMail, sendQueuedMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { notifyStaff } from '../notifications/service';
import { appendAuditEvent, eventsOf, sha256 } from './audit';
import { renderSignedDocument } from './pdf';
import {
  completeOnboarding,
  findConsent,
  findCurrentConsent,
  findDocument,
  findDocumentByPdfHash,
  findLiveDocument,
  findSignedDocument,
  insertConsent,
  insertDocument,
  insertTemplateIfNew,
  type Joined,
  latestTemplateOf,
  listDocuments,
  listOpenDocuments,
  listSentDocumentsOf,
  markSigned,
  trainerContact,
  typesWithTemplateVersion,
  updateDocument,
  withdrawConsents,
} from './repository';
import { checkSeal, sealKeyFor, sealPdf } from './seal';
import { ESIGN_DISCLOSURE, FIRST_TEMPLATES } from './template-texts';

type SignInput = z.output<typeof signDocumentSchema>;
export interface RequestContext {
  user: SessionUser | null;
  ip: string;
  userAgent: string | null;
}

export const DISCLOSURE = { ...ESIGN_DISCLOSURE, sha256: sha256(ESIGN_DISCLOSURE.text) };

/**
 * Version 1 of each template, inserted once into an empty installation. Checked with one read first: each start
 * runs it, and three writes (each a commit) cost an embedded database's start 0.1-0.15 s.
 */
export async function ensureTemplates(db: Db): Promise<void> {
  const present = await typesWithTemplateVersion(db, 1);
  for (const type of DOCUMENT_TYPES) {
    if (present.has(type)) continue;
    const t = FIRST_TEMPLATES[type];
    await insertTemplateIfNew(db, {
      type,
      version: 1,
      title: t.title,
      description: t.description,
      body: t.body,
      sha256: sha256(t.body),
    });
  }
}

async function latestTemplate(db: Db, type: DocumentType): Promise<TemplateRow> {
  const find = () => latestTemplateOf(db, type);
  const found = await find();
  if (found) return found;
  // An emptied database (tests, a restore) gets the first versions back rather than failing to onboard.
  await ensureTemplates(db);
  return (await find()) as TemplateRow;
}

const signingUrl = (deps: AppDeps, id: number) => `${deps.config.appUrl}/trainer-portal/documents/${id}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toSummary(d: Joined): DocumentSummary {
  return {
    id: d.id,
    type: d.type,
    title: d.title,
    description: d.description,
    status: d.status,
    trainerId: d.trainerId,
    trainerName: d.trainerName,
    templateVersion: d.version,
    templateHash: d.sha256,
    sentAt: iso(d.sentAt),
    reminderSentAt: iso(d.reminderSentAt),
    signedAt: iso(d.signedAt),
    expiresAt: iso(d.expiresAt),
    url: `/trainer-portal/documents/${d.id}`,
    required: true,
    pdfHash: d.pdfSha256,
  };
}

async function loadDocument(db: Db, id: number): Promise<Joined> {
  const row = await findDocument(db, id);
  if (!row) throw notFound('Document not found.');
  return row;
}

export async function getDocumentSummary(db: Db, id: number): Promise<DocumentSummary> {
  return toSummary(await loadDocument(db, id));
}

/** The actor of an audit entry for what the person behind this request did. */
const byRequest = (ctx: RequestContext, fallback: string) => ({
  actorUserId: ctx.user?.id ?? null,
  actor: ctx.user?.email ?? fallback,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

const SYSTEM = { actorUserId: null, actor: 'system', ip: null, userAgent: null };

type Actor = { actorUserId: number | null; actor: string };
type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * Records what happened to documents (their rows and audit entries) and queues the one e-mail telling the trainer,
 * in one transaction; the e-mail is sent after commit, and retried by the mail round if the mail server refuses.
 */
async function recordAndMail(
  deps: AppDeps,
  docs: Joined[],
  change: (doc: Joined) => Parameters<typeof updateDocument>[2],
  audit: { type: 'sent' | 'reminder_sent'; at: Date; actor: Actor },
  message: MailMessage,
): Promise<void> {
  const mail = await deps.db.transaction().execute(async (trx) => {
    for (const doc of docs) {
      await updateDocument(trx, doc.id, change(doc));
      await appendAuditEvent(trx, {
        documentId: doc.id,
        type: audit.type,
        at: audit.at,
        ip: null,
        userAgent: null,
        documentHash: doc.sha256,
        ...audit.actor,
      });
    }
    return queueMail(trx, audit.at, message);
  });
  await deliverMail(deps, mail);
}

const HOW_TO_SIGN = "read it, tick 'I have read and agree' and type your name";

/**
 * E-mails the signing links: pending -> sent, with a fresh expiry period. Documents sent together (a new trainer's
 * three) go in one e-mail that lists them, so a trainer is not sent three e-mails in the same second.
 */
async function sendDocuments(deps: AppDeps, docs: Joined[], actor: Actor) {
  const [first] = docs;
  if (!first) return;
  const trainer = await trainerContact(deps.db, first.trainerId);
  const now = deps.clock.now();
  const days = deps.config.documentExpiryDays;
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const open = `open for ${days} days, until ${mailDate(expiresAt)}`;
  const message =
    docs.length === 1
      ? noticeEmail({
          to: trainer.email,
          name: trainer.name,
          subject: `Please sign: ${first.title}`,
          paragraphs: [
            `Your ${first.title} is ready to sign. It takes a few minutes: ${HOW_TO_SIGN}.`,
            `The link works after you sign in to the Trainer Portal. The document stays ${open}.`,
          ],
          action: { label: `Review and sign the ${first.title}`, url: signingUrl(deps, first.id) },
        })
      : noticeEmail({
          to: trainer.email,
          name: trainer.name,
          subject: 'Please sign your Soul Punch trainer documents',
          paragraphs: [
            `${capitalised(numberWord(docs.length))} documents are ready for you to sign. Each takes a few minutes: ${HOW_TO_SIGN}.`,
            `The links work after you sign in to the Trainer Portal. The documents stay ${open}.`,
          ],
          links: docs.map((d) => ({ label: `Review and sign the ${d.title}`, url: signingUrl(deps, d.id) })),
        });
  await recordAndMail(
    deps,
    docs,
    () => ({
      status: 'sent',
      sentAt: now,
      expiresAt,
      reminderSentAt: null,
      lastReminderAt: null,
      updatedAt: now,
    }),
    { type: 'sent', at: now, actor },
    message,
  );
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A trainer's three required documents, latest versions, created and sent in one e-mail. Idempotent: a type that
 * already has a signed or open document of its latest version gets none.
 */
export async function createRequiredDocuments(deps: AppDeps, trainerId: number): Promise<void> {
  const created: number[] = [];
  for (const type of DOCUMENT_TYPES) {
    const id = await insertLatestVersionIfNone(deps, trainerId, type);
    if (id !== null) created.push(id);
  }
  const docs = await Promise.all(created.map((id) => loadDocument(deps.db, id)));
  await sendDocuments(deps, docs, SYSTEM);
}

/** A new document of the type's latest version, unless one is already signed or open; its id, or null. */
async function insertLatestVersionIfNone(
  deps: AppDeps,
  trainerId: number,
  type: DocumentType,
): Promise<number | null> {
  const template = await latestTemplate(deps.db, type);
  if (await findLiveDocument(deps.db, trainerId, template.id)) return null;
  return insertDocument(deps.db, { trainerId, templateId: template.id, type, createdAt: deps.clock.now() });
}

/** One type's latest version for a trainer, created and sent unless already signed or open. Returns its id. */
export async function createDocumentOfLatestVersion(
  deps: AppDeps,
  trainerId: number,
  type: DocumentType,
): Promise<number | null> {
  const id = await insertLatestVersionIfNone(deps, trainerId, type);
  if (id !== null) await sendDocuments(deps, [await loadDocument(deps.db, id)], SYSTEM);
  return id;
}

/** The latest document of each type for a trainer (older versions and expired copies stay in the admin list). */
export async function listTrainerDocuments(db: Db, trainerId: number): Promise<DocumentSummary[]> {
  const rows = await listDocuments(db, trainerId);
  const latest = new Map<string, Joined>();
  for (const row of rows) if (!latest.has(row.type)) latest.set(row.type, row);
  return DOCUMENT_TYPES.flatMap((type) => {
    const row = latest.get(type);
    return row ? [toSummary(row)] : [];
  });
}

export async function listAllDocuments(db: Db): Promise<DocumentSummary[]> {
  return (await listDocuments(db)).map(toSummary);
}

const currentConsent = (db: Db, userId: number) => findCurrentConsent(db, userId, DISCLOSURE.sha256);

export async function getConsentState(db: Db, userId: number): Promise<EsignConsentState> {
  const given = await currentConsent(db, userId);
  return {
    disclosure: { version: DISCLOSURE.version, sha256: DISCLOSURE.sha256, text: DISCLOSURE.text },
    given: given ? { at: given.givenAt.toISOString(), version: given.disclosureVersion } : null,
  };
}

export async function giveConsent(
  deps: AppDeps,
  ctx: RequestContext & { user: SessionUser },
  input: { disclosureVersion: number; disclosureSha256: string },
): Promise<EsignConsentState> {
  if (input.disclosureVersion !== DISCLOSURE.version || input.disclosureSha256 !== DISCLOSURE.sha256) {
    throw new AppError(
      409,
      'disclosure_changed',
      'The disclosure has changed. Please read the current one and agree again.',
    );
  }
  if (!(await currentConsent(deps.db, ctx.user.id))) {
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      await insertConsent(trx, {
        userId: ctx.user.id,
        disclosureVersion: DISCLOSURE.version,
        disclosureSha256: DISCLOSURE.sha256,
        givenAt: now,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      // The consent is part of each open document's story.
      const open = await listSentDocumentsOf(trx, ctx.user.trainerId ?? -1);
      for (const d of open) {
        await appendAuditEvent(trx, {
          documentId: d.id,
          type: 'consented',
          at: now,
          actorUserId: ctx.user.id,
          actor: ctx.user.email,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          documentHash: d.sha256,
        });
      }
    });
  }
  return getConsentState(deps.db, ctx.user.id);
}

export async function withdrawConsent(deps: AppDeps, userId: number): Promise<EsignConsentState> {
  await withdrawConsents(deps.db, userId, deps.clock.now());
  return getConsentState(deps.db, userId);
}

function assertCanSee(ctx: RequestContext, doc: Joined) {
  if (!ctx.user) throw new AppError(401, 'unauthenticated', 'Please sign in to continue.');
  // Admins and staff see every document (this is a read); a trainer only their own.
  if (!seesAdminArea(ctx.user) && ctx.user.trainerId !== doc.trainerId) throw forbidden();
}

/** The text to read and sign; the signer opening it is recorded as 'viewed' (at most once a day). */
export async function getDocumentDetail(
  deps: AppDeps,
  id: number,
  ctx: RequestContext,
): Promise<DocumentDetail> {
  const doc = await loadDocument(deps.db, id);
  assertCanSee(ctx, doc);
  const isSigner = ctx.user?.trainerId === doc.trainerId;
  const now = deps.clock.now();
  if (
    isSigner &&
    doc.status === 'sent' &&
    (!doc.viewedAt || now.getTime() - doc.viewedAt.getTime() > DAY_MS)
  ) {
    await deps.db.transaction().execute(async (trx) => {
      await updateDocument(trx, id, { viewedAt: now });
      await appendAuditEvent(trx, {
        documentId: id,
        type: 'viewed',
        at: now,
        ...byRequest(ctx, 'unknown'),
        documentHash: doc.sha256,
      });
    });
  }
  const consent = ctx.user && isSigner ? await currentConsent(deps.db, ctx.user.id) : null;
  return {
    ...toSummary(doc),
    body: doc.body,
    signerName: doc.signerName,
    consentRequired: isSigner && !consent,
  };
}

/**
 * A signature: only the document's own trainer, with a current consent, the box ticked, their own name typed, on
 * the exact version shown, while the document is open. Records who, when, where from and what; then seals the PDF
 * and e-mails the signed copy.
 */
export async function signDocument(
  deps: AppDeps,
  id: number,
  ctx: RequestContext,
  input: SignInput,
): Promise<DocumentSummary> {
  const { doc, user } = await recordSignature(deps, id, ctx, input);
  const pdf = await issueSealedPdf(deps, id);
  // The signed copy goes through the mail queue: a refusing mail server does not fail the signature.
  await sendQueuedMail(deps, {
    ...noticeEmail({
      to: user.email,
      name: input.fullName,
      subject: `Signed: ${doc.title}`,
      paragraphs: [
        `Thank you for signing the ${doc.title}. Your signed copy, sealed by Soul Punch, is attached; you can also download it from your trainer portal.`,
      ],
    }),
    attachments: [
      {
        filename: `${doc.type}-${id}-signed.pdf`,
        contentType: 'application/pdf',
        content: pdf.toString('base64'),
        encoding: 'base64',
      },
    ],
  });
  return getDocumentSummary(deps.db, id);
}

/**
 * The signature itself, by the rules above: the document's row and its audit entry in one transaction, then
 * onboarding completes once all three are signed. The sealed PDF is made by issueSealedPdf (at once by
 * signDocument; on first download for the demo's signatures, which are recorded without one to start fast).
 */
export async function recordSignature(
  deps: AppDeps,
  id: number,
  ctx: RequestContext,
  input: SignInput,
): Promise<{ doc: Joined; user: SessionUser }> {
  const doc = await loadDocument(deps.db, id);
  const user = ctx.user;
  if (!user) throw new AppError(401, 'unauthenticated', 'Please sign in to continue.');
  if (user.trainerId !== doc.trainerId)
    throw forbidden('Only the trainer this document was sent to can sign it.');
  if (doc.status === 'signed') throw new AppError(409, 'already_signed', documentMessages.alreadySigned);
  const now = deps.clock.now();
  if (doc.status === 'expired' || (doc.expiresAt && doc.expiresAt <= now)) {
    throw new AppError(409, 'expired', documentMessages.expired);
  }
  if (input.templateHash !== doc.sha256)
    throw new AppError(409, 'version_changed', documentMessages.versionChanged);
  // The typed name is the signature: it must name the account's holder, or the sealed PDF names someone else.
  if (!signsAs(input.fullName, doc.trainerName)) {
    const message = nameMismatchMessage(doc.trainerName);
    throw badRequest('name_mismatch', message, { fullName: message });
  }
  const consent = await currentConsent(deps.db, user.id);
  if (!consent) throw new AppError(409, 'consent_required', documentMessages.consentRequired);

  await deps.db.transaction().execute(async (trx) => {
    const updated = await markSigned(trx, id, {
      signedAt: now,
      signerUserId: user.id,
      signerName: input.fullName,
      signerEmail: user.email,
      signatureImage: input.signatureImage ?? null,
      signerIp: ctx.ip,
      signerUserAgent: ctx.userAgent,
      consentId: consent.id,
      signedTemplateSha256: doc.sha256,
      updatedAt: now,
    });
    if (!updated) throw new AppError(409, 'already_signed', documentMessages.alreadySigned);
    await appendAuditEvent(trx, {
      documentId: id,
      type: 'signed',
      at: now,
      actorUserId: user.id,
      actor: user.email,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      documentHash: doc.sha256,
    });
  });
  await completeOnboardingIfSigned(deps.db, doc.trainerId);
  return { doc, user };
}

/** Renders, seals and stores the signed PDF, recording its hash. Done once per document. */
export async function issueSealedPdf(deps: AppDeps, id: number): Promise<Buffer> {
  const doc = await loadDocument(deps.db, id);
  if (doc.status !== 'signed' || !doc.signedAt || !doc.signerName)
    throw new AppError(409, 'not_signed', 'This document is not signed yet.');
  if (doc.pdfPath) {
    const stored = await deps.storage.get(doc.pdfPath);
    if (stored) return stored;
  }
  const consent = doc.consentId ? await findConsent(deps.db, doc.consentId) : undefined;
  const events = await eventsOf(deps.db, id);
  const rendered = await renderSignedDocument({
    documentId: id,
    title: doc.title,
    version: doc.version,
    templateSha256: doc.sha256,
    body: doc.body,
    signerName: doc.signerName,
    signerEmail: doc.signerEmail ?? '',
    signatureImage: doc.signatureImage,
    signedAt: doc.signedAt,
    sentAt: doc.sentAt,
    viewedAt: doc.viewedAt,
    ip: doc.signerIp ?? 'unknown',
    userAgent: doc.signerUserAgent ?? 'unknown',
    consent: {
      givenAt: consent?.givenAt ?? doc.signedAt,
      version: consent?.disclosureVersion ?? DISCLOSURE.version,
      sha256: consent?.disclosureSha256 ?? DISCLOSURE.sha256,
    },
    verifyUrl: verifyUrlOf(deps, id),
    events: events.map((e) => ({ type: e.type, at: e.at, actor: e.actor, ip: e.ip, entryHash: e.entryHash })),
  });
  const sealed = await sealPdf(rendered, sealKeyFor(deps.config), doc.signedAt);
  const key = `documents/${doc.trainerId}/${id}-${sha256(sealed).slice(0, 16)}.pdf`;
  await deps.storage.put(key, sealed);
  await updateDocument(deps.db, id, { pdfPath: key, pdfSha256: sha256(sealed) });
  return sealed;
}

export async function downloadSignedPdf(
  deps: AppDeps,
  id: number,
  ctx: RequestContext,
): Promise<{ pdf: Buffer; filename: string }> {
  const doc = await loadDocument(deps.db, id);
  assertCanSee(ctx, doc);
  const pdf = await issueSealedPdf(deps, id);
  await deps.db.transaction().execute((trx) =>
    appendAuditEvent(trx, {
      documentId: id,
      type: 'downloaded',
      at: deps.clock.now(),
      ...byRequest(ctx, 'unknown'),
      documentHash: doc.sha256,
    }),
  );
  return { pdf, filename: `${doc.type}-${id}-signed.pdf` };
}

/** All three required documents signed on their latest versions: onboarding moves past 'documents_pending'. */
export async function documentsComplete(db: Db, trainerId: number): Promise<boolean> {
  const docs = await listTrainerDocuments(db, trainerId);
  return DOCUMENT_TYPES.every((type) => docs.some((d) => d.type === type && d.status === 'signed'));
}

async function completeOnboardingIfSigned(db: Db, trainerId: number) {
  if (await documentsComplete(db, trainerId)) {
    await completeOnboarding(db, trainerId);
  }
}

/**
 * The reminder e-mail and an audit entry per document. A trainer's documents due together (sent together, so
 * reminded together) go in one e-mail that lists them.
 */
async function remind(deps: AppDeps, docs: Joined[], actor: Actor) {
  const [first] = docs;
  if (!first) return;
  const trainer = await trainerContact(deps.db, first.trainerId);
  const now = deps.clock.now();
  const closing = [...new Set(docs.flatMap((d) => (d.expiresAt ? [mailDate(d.expiresAt)] : [])))];
  const message =
    docs.length === 1
      ? noticeEmail({
          to: trainer.email,
          name: trainer.name,
          subject: `Reminder: please sign the ${first.title}`,
          paragraphs: [
            `Your ${first.title} is still waiting for your signature.`,
            closing[0] ? `It stays open until ${closing[0]}.` : '',
          ].filter(Boolean),
          action: { label: `Review and sign the ${first.title}`, url: signingUrl(deps, first.id) },
        })
      : noticeEmail({
          to: trainer.email,
          name: trainer.name,
          subject: 'Reminder: please sign your Soul Punch trainer documents',
          paragraphs: [
            `${capitalised(numberWord(docs.length))} documents are still waiting for your signature.`,
            closing.length === 1 ? `They stay open until ${closing[0]}.` : '',
          ].filter(Boolean),
          links: docs.map((d) => ({
            label:
              closing.length > 1 && d.expiresAt
                ? `Review and sign the ${d.title} (open until ${mailDate(d.expiresAt)})`
                : `Review and sign the ${d.title}`,
            url: signingUrl(deps, d.id),
          })),
        });
  await recordAndMail(
    deps,
    docs,
    (doc) => ({ reminderSentAt: doc.reminderSentAt ?? now, lastReminderAt: now, updatedAt: now }),
    { type: 'reminder_sent', at: now, actor },
    message,
  );
}

/**
 * The rules for one unsigned document at `now`: unsent -> send; past expiry -> expired. A reminder that is due (the
 * first after DOCUMENT_FIRST_REMINDER_DAYS, then every DOCUMENT_REMINDER_INTERVAL_DAYS) is only reported, so the
 * caller can send a trainer's due reminders together. Returns what it did or found.
 */
async function applyDocumentRules(
  deps: AppDeps,
  doc: Joined,
  now: Date,
): Promise<'sent' | 'expired' | 'reminder_due' | null> {
  if (doc.status === 'pending') {
    await sendDocuments(deps, [doc], SYSTEM);
    return 'sent';
  }
  if (doc.status !== 'sent' || !doc.sentAt) return null;
  if (doc.expiresAt && doc.expiresAt <= now) {
    const mail = await deps.db.transaction().execute(async (trx) => {
      await updateDocument(trx, doc.id, { status: 'expired', updatedAt: now });
      await appendAuditEvent(trx, {
        documentId: doc.id,
        type: 'expired',
        at: now,
        documentHash: doc.sha256,
        ...SYSTEM,
      });
      // The admin area is told with the change, each person as they chose.
      return notifyStaff(trx, now, 'document_expired', {
        subject: `Document expired: ${doc.title} for ${doc.trainerName}`,
        paragraphs: [
          `${doc.trainerName} did not sign the ${doc.title} within its signing period, so it expired. Resend it from the trainer's page to open a new one.`,
        ],
        link: { label: 'Open the trainer', url: `${deps.config.appUrl}/admin/trainers/${doc.trainerId}` },
      });
    });
    await deliverMail(deps, mail);
    return 'expired';
  }
  const due = doc.lastReminderAt
    ? doc.lastReminderAt.getTime() + deps.config.documentReminderIntervalDays * DAY_MS
    : doc.sentAt.getTime() + deps.config.documentFirstReminderDays * DAY_MS;
  return now.getTime() >= due ? 'reminder_due' : null;
}

/**
 * The reminders-and-expiry round. Each document is its own unit of work, and each trainer's due reminders one (one
 * e-mail): one that fails (a database error, a template gone) is logged and left as it was, to be tried again next
 * round, and the others go on.
 */
export async function runDocumentSchedule(deps: AppDeps, now: Date, log?: Log) {
  const open = await listOpenDocuments(deps.db);
  const counts = { checked: open.length, sent: 0, expired: 0, reminded: 0, failed: 0 };
  const dueByTrainer = new Map<number, Joined[]>();
  for (const doc of open) {
    try {
      const done = await applyDocumentRules(deps, doc, now);
      if (done === 'reminder_due')
        dueByTrainer.set(doc.trainerId, [...(dueByTrainer.get(doc.trainerId) ?? []), doc]);
      else if (done) counts[done] += 1;
    } catch (err) {
      counts.failed += 1;
      log?.error({ err, documentId: doc.id }, 'document round: this document failed, retried next round');
    }
  }
  for (const [trainerId, docs] of dueByTrainer) {
    try {
      await remind(deps, docs, SYSTEM);
      counts.reminded += docs.length;
    } catch (err) {
      counts.failed += docs.length;
      log?.error({ err, trainerId }, "document round: this trainer's reminders failed, retried next round");
    }
  }
  return counts;
}

export async function checkDocumentStatus(deps: AppDeps, id: number): Promise<DocumentSummary> {
  const doc = await loadDocument(deps.db, id);
  if (doc.status !== 'signed' && (await applyDocumentRules(deps, doc, deps.clock.now())) === 'reminder_due') {
    await remind(deps, [doc], SYSTEM);
  }
  return getDocumentSummary(deps.db, id);
}

export async function sendDocumentReminder(
  deps: AppDeps,
  id: number,
  admin: SessionUser,
): Promise<DocumentSummary> {
  const doc = await loadDocument(deps.db, id);
  if (!canSendReminder({ status: doc.status, reminderSentAt: iso(doc.reminderSentAt) })) {
    throw new AppError(
      409,
      'reminder_not_available',
      'A reminder can be sent only once, to a document that was sent and is not signed.',
    );
  }
  await remind(deps, [doc], { actorUserId: admin.id, actor: admin.email });
  return getDocumentSummary(deps.db, id);
}

/** Resending an expired (or unsent) document opens a new signing period. */
export async function resendDocument(
  deps: AppDeps,
  id: number,
  admin: SessionUser,
): Promise<DocumentSummary> {
  const doc = await loadDocument(deps.db, id);
  if (doc.status === 'signed') throw new AppError(409, 'already_signed', documentMessages.alreadySigned);
  await sendDocuments(deps, [doc], { actorUserId: admin.id, actor: admin.email });
  return getDocumentSummary(deps.db, id);
}

export async function listAuditEvents(db: Db, id: number): Promise<AuditEvent[]> {
  await loadDocument(db, id);
  return (await eventsOf(db, id)).map((e) => ({
    id: e.id,
    documentId: e.documentId,
    type: e.type,
    at: e.at.toISOString(),
    actor: e.actor,
    ip: e.ip,
    userAgent: e.userAgent,
    documentHash: e.documentHash,
    prevHash: e.prevHash,
    entryHash: e.entryHash,
  }));
}

/** An uploaded PDF: ours and unaltered only if its hash is one we issued AND its seal holds. */
export async function verifyUploadedPdf(
  deps: AppDeps,
  file: Buffer,
  ctx: RequestContext,
): Promise<VerifyResult> {
  const hash = sha256(file);
  const seal = checkSeal(file, sealKeyFor(deps.config).certificatePem);
  const doc = await findDocumentByPdfHash(deps.db, hash);
  const reasons: string[] = [];
  if (!seal.ok) reasons.push(seal.reason);
  if (!doc)
    reasons.push(
      'This exact file was not issued by Soul Punch: it is not in our records, or it was changed.',
    );
  if (!doc || !seal.ok || !doc.signedAt) {
    return {
      valid: false,
      summary: 'Not verified: this file is not an unaltered document issued by Soul Punch.',
      reasons,
      sha256: hash,
      document: null,
    };
  }
  await deps.db.transaction().execute((trx) =>
    appendAuditEvent(trx, {
      documentId: doc.id,
      type: 'verified',
      at: deps.clock.now(),
      ...byRequest(ctx, 'public verification'),
      documentHash: doc.sha256,
    }),
  );
  const events = await eventsOf(deps.db, doc.id);
  return {
    valid: true,
    summary: 'Issued by Soul Punch and unaltered.',
    reasons: [seal.reason],
    sha256: hash,
    document: {
      id: doc.id,
      title: doc.title,
      signerName: doc.signerName ?? '',
      signedAt: doc.signedAt.toISOString(),
      events: events.map((e) => ({ type: e.type, at: e.at.toISOString() })),
    },
  };
}

/** What the QR code on a certificate opens: the recorded facts to compare a file against. */
/**
 * The check code printed with a signed document's verify address (its QR code). Document numbers run in order, so
 * the number alone must not name the signer: only someone holding the document has the code. Derived from the
 * installation's secret (which the seal key's passphrase already depends on), so it needs no storage.
 */
export function verificationCode(deps: Pick<AppDeps, 'config'>, id: number): string {
  return createHmac('sha256', deps.config.sessionSecret)
    .update(`document-verify:${id}`)
    .digest('base64url')
    .slice(0, 22);
}

export function verifyUrlOf(deps: Pick<AppDeps, 'config'>, id: number): string {
  return `${deps.config.appUrl}/verify-document?id=${id}&code=${verificationCode(deps, id)}`;
}

function holdsTheCode(deps: Pick<AppDeps, 'config'>, id: number, code: string | undefined): boolean {
  if (!code) return false;
  const expected = Buffer.from(verificationCode(deps, id));
  const given = Buffer.from(code);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the verify address shows: the record, and the signer's name only with the document's own check code. */
export async function publicDocumentFacts(deps: Pick<AppDeps, 'db' | 'config'>, id: number, code?: string) {
  const doc = await findSignedDocument(deps.db, id);
  if (!doc?.signedAt) throw notFound('No signed document has this number.');
  const events = await eventsOf(deps.db, id);
  return {
    id: doc.id,
    title: doc.title,
    signerName: holdsTheCode(deps, id, code) ? (doc.signerName ?? '') : null,
    signedAt: doc.signedAt.toISOString(),
    pdfSha256: doc.pdfSha256,
    events: events.map((e) => ({ type: e.type, at: e.at.toISOString() })),
  };
}
