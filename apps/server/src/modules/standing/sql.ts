import { sql } from 'kysely';

/**
 * The directory follows the paperwork: a trainer is shown to the public (directory, classes, feeds, sitemap) only
 * while no required document waits unsigned (a type with an open or expired document and no signed one), resources
 * are not paused for an unpaid instalment, and certification is not suspended after a refund or dispute.
 * For queries that select from `trainers`.
 */
export const trainerInGoodStanding = sql<boolean>`(
  trainers.access_paused_at is null
  and trainers.certification_suspended_at is null
  and not exists (
    select 1 from documents d
    where d.trainer_id = trainers.id and d.status <> 'signed'
      and not exists (select 1 from documents s where s.trainer_id = d.trainer_id and s.type = d.type and s.status = 'signed')
  )
)`;
