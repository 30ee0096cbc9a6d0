import { type CertificationStatus, DOCUMENT_TYPES, type TrainerStanding } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { findStandingFacts } from './repository';

// The standing rule in SQL, for other modules' repositories that list trainers to the public.
export { trainerInGoodStanding } from './repository';

/** Why a certification status keeps the trainer out (none for the listed ones). */
const CERTIFICATION_REASONS: Record<CertificationStatus, string | null> = {
  in_training: 'Your certificate has not been issued yet.',
  certified: null,
  renewal_due: null,
  lapsed: 'Your certification has lapsed: renew it to be listed again.',
  suspended: 'Your certification is suspended.',
  revoked: 'Your certification has been revoked.',
};

/**
 * Whether the trainer is in the public directory, and in words why not. Both come from the one rule in SQL
 * (trainerInGoodStanding and the documents it finds uncovered): no second copy of the rule here.
 */
export async function getTrainerStanding(db: Db, trainerId: number): Promise<TrainerStanding> {
  const facts = await findStandingFacts(db, trainerId);
  if (!facts) throw notFound('Trainer not found');
  const { trainer, uncovered } = facts;
  const reasons: string[] = [];
  for (const type of DOCUMENT_TYPES) {
    const doc = uncovered.find((d) => d.type === type);
    if (!doc) continue;
    reasons.push(
      doc.hasSigned
        ? `Your ${doc.title} version ${doc.version} was not signed in time: please ask for it to be sent again.`
        : `Your ${doc.title} is not signed yet.`,
    );
  }
  const certification = CERTIFICATION_REASONS[trainer.certificationStatus ?? 'in_training'];
  if (certification) reasons.push(certification);
  if (trainer.insurancePausedAt) {
    reasons.push('Your listing is paused: a current insurance policy must be on file and accepted.');
  }
  if (trainer.accessPausedAt) reasons.push('Your portal access is paused: an instalment is unpaid.');
  if (trainer.certificationSuspendedAt)
    reasons.push('Your certification is on hold while a payment issue is reviewed.');
  return { listed: trainer.listed, reasons };
}
