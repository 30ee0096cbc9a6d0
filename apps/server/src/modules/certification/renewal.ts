import {
  addYears,
  type CertificationView,
  type RenewalAnswer,
  type RenewalRequirement,
} from '@soulpunch/shared';
import type { CertificationRecordRow } from '../../db/schema-certification';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { brandDay } from './dates';
import { insuranceOnFile } from './insurance';
import { findRecord } from './repository';
import { renewCertification, trainingSessionCompleted } from './service';

const LABELS: Record<RenewalRequirement, string> = {
  refresher: 'A refresher training session attended since renewal came due',
  insurance: 'Current liability insurance on file, accepted by Soul Punch',
};

/** The day renewal comes due (the first reminder): a refresher counts from then. */
function renewalDueFrom(deps: AppDeps, expiresOn: string): Date {
  const days = Math.max(0, ...deps.config.certification.reminderDays);
  return new Date(Date.parse(`${expiresOn}T00:00:00Z`) - days * 86_400_000);
}

async function requirementMet(
  deps: AppDeps,
  trainerId: number,
  record: CertificationRecordRow,
  key: RenewalRequirement,
): Promise<boolean> {
  const today = brandDay(deps.clock.now());
  if (key === 'refresher') {
    return trainingSessionCompleted(deps.db, trainerId, renewalDueFrom(deps, record.expiresOn ?? today));
  }
  return insuranceOnFile(deps.db, trainerId, today);
}

/** What renewing requires now (RENEWAL_REQUIRES), each with whether it is met, and what a renewal would give. */
export async function renewalRequirements(
  deps: AppDeps,
  trainerId: number,
  record: CertificationRecordRow | undefined,
): Promise<CertificationView['renewal']> {
  const issued =
    record?.expiresOn &&
    (record.status === 'renewal_due' || record.status === 'lapsed' || record.status === 'certified');
  if (!record?.expiresOn || !issued) {
    return { requirements: [], nextExpiresOn: null, canRenew: false };
  }
  const requirements = [];
  for (const key of deps.config.certification.renewalRequires) {
    requirements.push({ key, label: LABELS[key], met: await requirementMet(deps, trainerId, record, key) });
  }
  return {
    requirements,
    nextExpiresOn: addYears(record.expiresOn, deps.config.certification.validityYears),
    // The trainer renews once renewal is due (the first reminder) or lapsed, with every requirement met.
    canRenew: record.status !== 'certified' && requirements.every((r) => r.met),
  };
}

/** The trainer renews from the portal: due (or lapsed) and every requirement met, else a clear refusal. */
export async function renewFromPortal(
  deps: AppDeps,
  trainerId: number,
  userId: number,
): Promise<RenewalAnswer> {
  const record = await findRecord(deps.db, trainerId);
  const renewal = await renewalRequirements(deps, trainerId, record);
  if (!record || record.status === 'certified' || !renewal.nextExpiresOn) {
    throw new AppError(
      409,
      'not_certified',
      record?.status === 'certified'
        ? 'Renewal opens when your certification comes due for renewal.'
        : 'This certification cannot be renewed.',
    );
  }
  const missing = renewal.requirements.filter((r) => !r.met);
  if (missing.length) {
    throw new AppError(
      409,
      'renewal_requirements_unmet',
      `Before renewing: ${missing.map((r) => r.label.toLowerCase()).join('; ')}.`,
    );
  }
  const certification = await renewCertification(
    deps,
    trainerId,
    { userId, admin: false },
    'Renewed by the trainer from the portal',
  );
  return { renewed: true, certification };
}
