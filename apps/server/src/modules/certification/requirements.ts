import {
  addYears,
  type CertificationSettings,
  type CertificationView,
  orderedRequirements,
  RENEWAL_FEE,
  RENEWAL_REQUIREMENT_LABELS,
  RENEWAL_REQUIREMENTS,
  type RenewalRequirement,
} from '@soulpunch/shared';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { CertificationRecordRow } from '../../db/schema-certification';
import type { AppDeps } from '../../deps';
import { brandDay } from './dates';
import { insuranceOnFile } from './insurance';
import { findLastTraining, findSettings, saveSettings } from './repository';

/**
 * Whether the trainer has completed a training session (since `since`, for a refresher). The one place issuance
 * and renewal ask it: attendance marked at a Train the Trainer session on the admin Calendar, the weekly live
 * training marked on the checklist, or (for issuance, trainers trained before the Calendar) the profile's
 * training date.
 */
export async function trainingSessionCompleted(db: Db, trainerId: number, since?: Date): Promise<boolean> {
  const trainedAt = await findLastTraining(db, trainerId);
  return trainedAt !== undefined && (!since || trainedAt.getTime() >= since.getTime());
}

const parseKeys = (stored: string): RenewalRequirement[] =>
  orderedRequirements(
    stored
      .split(',')
      .map((s) => s.trim())
      .filter((s): s is RenewalRequirement => (RENEWAL_REQUIREMENTS as readonly string[]).includes(s)),
  );

/** What renewal requires now: the administrators' choice once saved, else RENEWAL_REQUIRES. */
export async function renewalRequiresNow(db: Db, config: AppConfig): Promise<RenewalRequirement[]> {
  const saved = await findSettings(db);
  return saved ? parseKeys(saved.renewalRequires) : orderedRequirements(config.certification.renewalRequires);
}

export async function getCertificationSettings(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<CertificationSettings> {
  const saved = await findSettings(deps.db);
  return {
    renewalRequires: await renewalRequiresNow(deps.db, deps.config),
    defaultRenewalRequires: orderedRequirements(deps.config.certification.renewalRequires),
    updatedBy: saved ? (saved.updatedByName ?? 'A former administrator') : null,
    updatedAt: saved?.updatedAt.toISOString() ?? null,
  };
}

/** An administrator chooses what the trainers' renewal requires from now on (renewals done stay done). */
export async function setRenewalRequirements(
  deps: AppDeps,
  adminId: number,
  keys: RenewalRequirement[],
): Promise<CertificationSettings> {
  await saveSettings(deps.db, orderedRequirements(keys).join(','), adminId, deps.clock.now());
  return getCertificationSettings(deps);
}

/** The day renewal comes due (the first reminder): a refresher counts from then. */
function renewalDueFrom(config: AppConfig, expiresOn: string): Date {
  const days = Math.max(0, ...config.certification.reminderDays);
  return new Date(Date.parse(`${expiresOn}T00:00:00Z`) - days * 86_400_000);
}

/** Whether one requirement is met for this record's current expiry (`today` in the brand's zone). */
async function requirementMet(
  db: Db,
  config: AppConfig,
  trainerId: number,
  record: CertificationRecordRow & { expiresOn: string },
  key: RenewalRequirement,
  today: string,
): Promise<boolean> {
  if (key === 'refresher') {
    return trainingSessionCompleted(db, trainerId, renewalDueFrom(config, record.expiresOn));
  }
  if (key === 'insurance') return insuranceOnFile(db, trainerId, today);
  // The fee counts for the expiry it was paid to renew, until it has renewed it.
  return record.renewalFeePaidFor === record.expiresOn;
}

/**
 * What renewing requires now, each with whether it is met, what a renewal would give, and whether the trainer
 * may renew or pay the fee. Reads through `db`, which may be the webhook's transaction.
 */
export async function renewalRequirements(
  db: Db,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  trainerId: number,
  record: CertificationRecordRow | undefined,
): Promise<CertificationView['renewal']> {
  const none = { requirements: [], nextExpiresOn: null, canRenew: false, feeCents: null, canPayFee: false };
  if (!record?.expiresOn || !['renewal_due', 'lapsed', 'certified'].includes(record.status)) return none;
  const current = { ...record, expiresOn: record.expiresOn };
  const today = brandDay(deps.clock.now());
  const requirements = [];
  for (const key of await renewalRequiresNow(db, deps.config)) {
    const met = await requirementMet(db, deps.config, trainerId, current, key, today);
    requirements.push({ key, label: RENEWAL_REQUIREMENT_LABELS[key], met });
  }
  // The trainer renews once renewal is due (the first reminder) or lapsed.
  const open = record.status !== 'certified';
  const fee = requirements.find((r) => r.key === 'fee');
  return {
    requirements,
    nextExpiresOn: addYears(record.expiresOn, deps.config.certification.validityYears),
    canRenew: open && requirements.every((r) => r.met),
    feeCents: fee ? RENEWAL_FEE.amountCents : null,
    // The fee is the last step: paying it renews at once, so its checkout waits for the rest.
    canPayFee: open && fee?.met === false && requirements.every((r) => r.key === 'fee' || r.met),
  };
}
