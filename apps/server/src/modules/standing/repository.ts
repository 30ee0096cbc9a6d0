import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The document half of the rule, written once: a document `d` (its template joined as `dt`) that keeps its trainer
 * out. The directory's filter and the trainer's reasons (findStandingFacts) both read it, so they cannot disagree.
 */
function documentUncovered() {
  return sql<boolean>`(d.status <> 'signed'
      and not exists (
        select 1 from documents s
        join document_templates st on st.id = s.template_id
        where s.trainer_id = d.trainer_id and s.type = d.type and s.status = 'signed'
          and (st.version >= dt.version or d.status in ('pending', 'sent'))
      ))`;
}

/**
 * The directory follows the paperwork: a trainer is shown to the public (directory, classes, feeds, sitemap) only
 * while certified (the record issued, certified or renewal due, not lapsed, suspended or revoked, its listing not
 * paused for expired insurance), every required document is signed and current, resources are not paused for an
 * unpaid instalment, and certification is not held after a refund or dispute.
 * An unsigned document is covered by a signed one of the same type and the same or a newer version; a re-sign
 * request for a newer version is also covered by the older signature while it is open, not once it has expired.
 * For queries that select from `trainers`.
 */
export const trainerInGoodStanding = sql<boolean>`(
  exists (
    select 1 from certification_records c
    where c.trainer_id = trainers.id and c.status in ('certified', 'renewal_due') and c.insurance_paused_at is null
  )
  and trainers.access_paused_at is null
  and trainers.certification_suspended_at is null
  and not exists (
    select 1 from documents d
    join document_templates dt on dt.id = d.template_id
    where d.trainer_id = trainers.id and ${documentUncovered()}
  )
)`;

/**
 * One trainer's standing by the rule above: whether it is listed, the pause and suspension marks, and the documents
 * that keep it out (with whether a signature of that type exists), for the reasons shown to the trainer.
 */
export async function findStandingFacts(db: Db, trainerId: number) {
  const trainer = await db
    .selectFrom('trainers')
    .leftJoin('certificationRecords as c', 'c.trainerId', 'trainers.id')
    .select([
      'trainers.accessPausedAt',
      'trainers.certificationSuspendedAt',
      'c.status as certificationStatus',
      'c.insurancePausedAt',
      trainerInGoodStanding.as('listed'),
    ])
    .where('trainers.id', '=', trainerId)
    .executeTakeFirst();
  if (!trainer) return undefined;
  const uncovered = await db
    .selectFrom('documents as d')
    .innerJoin('documentTemplates as dt', 'dt.id', 'd.templateId')
    .select([
      'd.type',
      'dt.version',
      'dt.title',
      sql<boolean>`exists (
        select 1 from documents s where s.trainer_id = d.trainer_id and s.type = d.type and s.status = 'signed'
      )`.as('hasSigned'),
    ])
    .where('d.trainerId', '=', trainerId)
    .where(documentUncovered())
    .orderBy('d.id')
    .execute();
  return { trainer, uncovered };
}
