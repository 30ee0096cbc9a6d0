import { randomBytes } from 'node:crypto';
import {
  addYears,
  type CertificationActionKind,
  type CertificationStatus,
  type CertificationView,
  daysUntil,
  LISTED_CERTIFICATION_STATUSES,
  statusByDate,
} from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { deliverMail } from '../mail/queue';
import { getOnboardingChecklist } from '../portal/service';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { brandDay } from './dates';
import {
  type Actor,
  applyRecordChange,
  byDate,
  conflict,
  notIssued,
  type RecordAction,
  renewedState,
  revoked,
} from './record-change';
import { findLastReminder, findRecord, findTrainerContact, listHistory } from './repository';
import { renewalRequirements, trainingSessionCompleted } from './requirements';

// The certificate's expiry in SQL, for the public directory's repository.
export { certifiedThrough } from './repository';

/** 16 random hex digits in four groups (64 bits): a number nobody can guess or count through. */
export const newCertificateNumber = () => {
  const hex = randomBytes(8).toString('hex').toUpperCase();
  return `SP-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}-${hex.slice(12)}`;
};

export const isListedStatus = (status: CertificationStatus) =>
  (LISTED_CERTIFICATION_STATUSES as readonly string[]).includes(status);

export { trainingSessionCompleted };

/** Issuance needs the program paid, the documents signed and a training session completed (server-checked). */
export async function issuanceFacts(db: Db, trainerId: number) {
  const checklist = await getOnboardingChecklist(db, trainerId);
  const done = (key: string) => checklist.steps.some((s) => s.key === key && s.completed);
  return {
    paid: done('payment_completed'),
    signed: done('documents_signed'),
    trainingCompleted: await trainingSessionCompleted(db, trainerId),
  };
}

/** The record as the trainer and the admin see it: status, dates, renewal and issuance needs, history. */
export async function getCertificationView(deps: AppDeps, trainerId: number): Promise<CertificationView> {
  const trainer = await findTrainerContact(deps.db, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const record = await findRecord(deps.db, trainerId);
  const today = brandDay(deps.clock.now());
  const status = record?.status ?? 'in_training';
  const expiresOn = record?.expiresOn ?? null;
  const history = await listHistory(deps.db, trainerId);
  return {
    status,
    certificateNumber: record?.certificateNumber ?? null,
    issuedOn: record?.issuedOn ?? null,
    expiresOn,
    daysLeft: expiresOn ? daysUntil(expiresOn, today) : null,
    insurancePaused: record?.insurancePausedAt != null,
    lastReminder:
      record?.issuedOn && expiresOn ? await findLastReminder(deps.db, trainerId, expiresOn) : null,
    renewal: await renewalRequirements(deps.db, deps, trainerId, record),
    issuance: await issuanceFacts(deps.db, trainerId),
    history: history.map((h) => ({
      action: h.action,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      expiresOn: h.expiresOn,
      reason: h.reason,
      by: h.byName ?? null,
      at: h.at.toISOString(),
    })),
  };
}

/** One change of the record in a transaction of its own; its e-mail is sent once it committed. */
async function changeRecord(
  deps: AppDeps,
  trainerId: number,
  actor: Actor | null,
  reason: string,
  action: RecordAction,
  decide: Parameters<typeof applyRecordChange>[6],
): Promise<CertificationView> {
  const ids = await deps.db
    .transaction()
    .execute((trx) => applyRecordChange(trx, deps, trainerId, actor, reason, action, decide));
  await deliverMail(deps, ids);
  return getCertificationView(deps, trainerId);
}

/**
 * Issues the certificate: paid, signed and a training session completed, checked here whoever asks. Valid for
 * the configured years from today; a new random number. A trainer certified or revoked before cannot be issued.
 */
export async function issueCertification(deps: AppDeps, trainerId: number, actor: Actor, reason: string) {
  const facts = await issuanceFacts(deps.db, trainerId);
  if (!facts.paid) {
    throw new AppError(409, 'certification_not_paid', 'The certification program is not paid yet.');
  }
  if (!facts.signed) {
    throw new AppError(409, 'certification_not_signed', 'The required documents are not all signed yet.');
  }
  if (!facts.trainingCompleted) {
    throw new AppError(
      409,
      'training_not_completed',
      'The trainer has not completed a training session yet.',
    );
  }
  const { validityYears, reminderDays } = deps.config.certification;
  return changeRecord(deps, trainerId, actor, reason, 'issued', async (record, today) => {
    if (record?.status === 'revoked') throw revoked();
    if (record && record.status !== 'in_training') {
      throw conflict(
        'already_certified',
        'This trainer has been issued a certificate already: renew it instead.',
      );
    }
    const expiresOn = addYears(today, validityYears);
    return {
      certificateNumber: newCertificateNumber(),
      status: statusByDate(expiresOn, today, reminderDays),
      issuedOn: today,
      expiresOn,
    };
  });
}

/**
 * Renews: the expiry moves the configured years from the old expiry, never from today, so renewing early loses
 * nothing and renewing late gains nothing. An admin may renew any current or lapsed certificate (e.g. a fee
 * waived); the trainer's own renewal checks the requirements first (renewal.ts).
 */
export async function renewCertification(
  deps: AppDeps,
  trainerId: number,
  actor: Actor | null,
  reason: string,
) {
  return changeRecord(deps, trainerId, actor, reason, 'renewed', async (record, today) =>
    renewedState(deps.config, record, today),
  );
}

/** Suspend, reinstate or revoke, each with its reason. */
export async function changeCertificationStatus(
  deps: AppDeps,
  trainerId: number,
  kind: Exclude<CertificationActionKind, 'issue' | 'renew'>,
  actor: Actor,
  reason: string,
) {
  const action = ({ suspend: 'suspended', reinstate: 'reinstated', revoke: 'revoked' } as const)[kind];
  return changeRecord(deps, trainerId, actor, reason, action, async (record, today) => {
    if (!record?.expiresOn || record.status === 'in_training') throw notIssued();
    if (record.status === 'revoked') throw revoked();
    if (kind === 'suspend') {
      if (record.status === 'suspended') {
        throw conflict('not_certified', 'This certification is suspended already.');
      }
      return { ...record, status: 'suspended' as const };
    }
    if (kind === 'reinstate') {
      if (record.status !== 'suspended') {
        throw new AppError(409, 'not_suspended', 'This certification is not suspended.');
      }
      return { ...record, status: byDate(deps.config, record.expiresOn, today) };
    }
    return { ...record, status: 'revoked' as const };
  });
}

/** The admin's five actions by name, for the route. */
export function runCertificationAction(
  deps: AppDeps,
  trainerId: number,
  kind: CertificationActionKind,
  adminId: number,
  reason: string,
) {
  const actor = { userId: adminId, admin: true };
  if (kind === 'issue') return issueCertification(deps, trainerId, actor, reason);
  if (kind === 'renew') return renewCertification(deps, trainerId, actor, reason);
  return changeCertificationStatus(deps, trainerId, kind, actor, reason);
}

export type { Actor };
