import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The directory follows the paperwork: a trainer is shown to the public (directory, classes, feeds, sitemap) only
 * while every required document is signed and current, resources are not paused for an unpaid instalment, and
 * certification is not suspended after a refund or dispute.
 * An unsigned document is covered by a signed one of the same type and the same or a newer version; a re-sign
 * request for a newer version is also covered by the older signature while it is open, not once it has expired.
 * For queries that select from `trainers`.
 */
export const trainerInGoodStanding = sql<boolean>`(
  trainers.access_paused_at is null
  and trainers.certification_suspended_at is null
  and not exists (
    select 1 from documents d
    join document_templates dt on dt.id = d.template_id
    where d.trainer_id = trainers.id and d.status <> 'signed'
      and not exists (
        select 1 from documents s
        join document_templates st on st.id = s.template_id
        where s.trainer_id = d.trainer_id and s.type = d.type and s.status = 'signed'
          and (st.version >= dt.version or d.status in ('pending', 'sent'))
      )
  )
)`;

/** What the standing rule reads of one trainer: the pause and suspension marks, and every document with its version. */
export async function findStandingFacts(db: Db, trainerId: number) {
  const trainer = await db
    .selectFrom('trainers')
    .select(['accessPausedAt', 'certificationSuspendedAt'])
    .where('id', '=', trainerId)
    .executeTakeFirst();
  if (!trainer) return undefined;
  const docs = await db
    .selectFrom('documents')
    .innerJoin('documentTemplates', 'documentTemplates.id', 'documents.templateId')
    .select(['documents.type', 'documents.status', 'documentTemplates.version', 'documentTemplates.title'])
    .where('documents.trainerId', '=', trainerId)
    .execute();
  return { trainer, docs };
}
