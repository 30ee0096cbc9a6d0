import {
  type CampaignView,
  DOCUMENT_TYPES,
  type DocumentTemplateView,
  type DocumentType,
  type SessionUser,
  type templateDraftSchema,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { sha256 } from './audit';
import { renderPreview } from './pdf';
import {
  insertTemplate,
  latestTemplateOf,
  listCampaignDocuments,
  listSignersOf,
  listTemplateRows,
} from './repository';
import { createDocumentOfLatestVersion } from './service';

type Draft = z.output<typeof templateDraftSchema>;

export function parseDocumentType(value: string): DocumentType {
  const type = DOCUMENT_TYPES.find((t) => t === value);
  if (!type) throw notFound('No document template of this type.');
  return type;
}

export async function listTemplates(db: Db): Promise<DocumentTemplateView[]> {
  const rows = await listTemplateRows(db);
  return DOCUMENT_TYPES.flatMap((type) => {
    const versions = rows.filter((r) => r.type === type);
    const latest = versions[0];
    if (!latest) return [];
    return [
      {
        type,
        title: latest.title,
        description: latest.description,
        version: latest.version,
        sha256: latest.sha256,
        body: latest.body,
        publishedAt: latest.publishedAt.toISOString(),
        versions: versions.map((v) => ({
          version: v.version,
          sha256: v.sha256,
          publishedAt: v.publishedAt.toISOString(),
        })),
      },
    ];
  });
}

export async function previewTemplate(draft: Draft): Promise<Buffer> {
  return renderPreview(draft.title, draft.body);
}

/**
 * Publishes version n+1 (fixed from now on, identified by its SHA-256) and starts the re-sign campaign: every trainer
 * who signed an older version of this type gets a document of the new one, sent with the usual reminders and expiry.
 */
export async function publishTemplateVersion(
  deps: AppDeps,
  type: DocumentType,
  draft: Draft,
  admin: SessionUser,
): Promise<DocumentTemplateView> {
  const latest = await latestTemplateOf(deps.db, type);
  const hash = sha256(draft.body);
  if (latest?.sha256 === hash) {
    throw new AppError(409, 'unchanged', 'This text is the same as the current version.', {
      body: 'Change the text to publish a new version.',
    });
  }
  try {
    await insertTemplate(deps.db, {
      type,
      version: (latest?.version ?? 0) + 1,
      title: draft.title,
      description: draft.description,
      body: draft.body,
      sha256: hash,
      publishedAt: deps.clock.now(),
      publishedBy: admin.id,
    });
  } catch {
    // The unique (type, version) refused a concurrent publication: one admin wins, the other retries.
    throw new AppError(409, 'version_conflict', 'Another version was just published. Reload and try again.');
  }
  const signers = await listSignersOf(deps.db, type);
  for (const trainerId of signers) await createDocumentOfLatestVersion(deps, trainerId, type);
  const view = (await listTemplates(deps.db)).find((t) => t.type === type);
  if (!view) throw notFound('No document template of this type.');
  return view;
}

export async function getCampaign(db: Db, type: DocumentType): Promise<CampaignView> {
  const template = await latestTemplateOf(db, type);
  if (!template) throw notFound('No document template of this type.');
  const docs = await listCampaignDocuments(db, template.id);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    type,
    version: template.version,
    publishedAt: template.publishedAt.toISOString(),
    counts: {
      total: docs.length,
      signed: docs.filter((d) => d.status === 'signed').length,
      waiting: docs.filter((d) => d.status === 'pending' || d.status === 'sent').length,
      expired: docs.filter((d) => d.status === 'expired').length,
    },
    trainers: docs.map((d) => ({
      trainerId: d.trainerId,
      trainerName: d.name,
      documentId: d.id,
      status: d.status,
      sentAt: iso(d.sentAt),
      reminderSentAt: iso(d.reminderSentAt),
      signedAt: iso(d.signedAt),
    })),
  };
}
