import { DOCUMENT_TYPES, type TrainerStanding } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { findStandingFacts } from './repository';

// The standing rule in SQL, for other modules' repositories that list trainers to the public.
export { trainerInGoodStanding } from './repository';

/** Whether the trainer is in the public directory, and in words why not (the same rule as trainerInGoodStanding). */
export async function getTrainerStanding(db: Db, trainerId: number): Promise<TrainerStanding> {
  const facts = await findStandingFacts(db, trainerId);
  if (!facts) throw notFound('Trainer not found');
  const { trainer, docs } = facts;
  const reasons: string[] = [];
  for (const type of DOCUMENT_TYPES) {
    const ofType = docs.filter((d) => d.type === type);
    const signed = ofType.filter((d) => d.status === 'signed');
    const uncovered = ofType.find(
      (d) =>
        d.status !== 'signed' &&
        !signed.some((s) => s.version >= d.version || d.status === 'pending' || d.status === 'sent'),
    );
    if (!uncovered) continue;
    reasons.push(
      signed.length
        ? `Your ${uncovered.title} version ${uncovered.version} was not signed in time: please ask for it to be sent again.`
        : `Your ${uncovered.title} is not signed yet.`,
    );
  }
  if (trainer.accessPausedAt) reasons.push('Your portal access is paused: an instalment is unpaid.');
  if (trainer.certificationSuspendedAt)
    reasons.push('Your certification is on hold while a payment issue is reviewed.');
  return { listed: reasons.length === 0, reasons };
}
