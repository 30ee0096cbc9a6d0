import { randomBytes } from 'node:crypto';
import {
  addYears,
  CERTIFICATION_STATUS_LABELS,
  type CertificationActionKind,
  type CertificationStatus,
  type CertificationView,
  daysUntil,
  LISTED_CERTIFICATION_STATUSES,
  statusByDate,
} from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { CertificationRecordRow } from '../../db/schema-certification';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { createStarterKitShipment } from '../inventory/service';
import { deliverMail, queueMail } from '../mail/queue';
import { getOnboardingChecklist } from '../portal/service';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { brandDay } from './dates';
import { issuedEmail, renewedEmail, statusChangedEmail } from './mail';
import { renewalRequirements } from './renewal';
import {
  findLastReminder,
  findLastTraining,
  findRecord,
  findTrainerContact,
  insertHistory,
  insertTrainerChange,
  listHistory,
  lockRecord,
  lockTrainer,
  saveRecord,
} from './repository';

// The certificate's expiry in SQL, for the public directory's repository.
export { certifiedThrough } from './repository';

/** 16 random hex digits in four groups (64 bits): a number nobody can guess or count through. */
export const newCertificateNumber = () => {
  const hex = randomBytes(8).toString('hex').toUpperCase();
  return `SP-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}-${hex.slice(12)}`;
};

export const isListedStatus = (status: CertificationStatus) =>
  (LISTED_CERTIFICATION_STATUSES as readonly string[]).includes(status);

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

const conflict = (code: 'already_certified' | 'not_certified' | 'certificate_revoked', message: string) =>
  new AppError(409, code, message);

const notIssued = () => conflict('not_certified', 'This trainer has no certificate issued yet.');
const revoked = () =>
  conflict('certificate_revoked', 'This certificate was revoked: it can no longer be changed.');

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
    renewal: await renewalRequirements(deps, trainerId, record),
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

interface Actor {
  userId: number;
  /** An admin's action goes into the trainer's own change log too; the trainer's renewal does not. */
  admin: boolean;
}

/**
 * One change of the record, in one transaction with its history entry, the trainer's change log (an admin's), the
 * e-mail that tells the trainer and, on issue, the starter kit's shipment (decision record 0017). `decide` reads the locked record and returns the new state, or throws.
 */
async function changeRecord(
  deps: AppDeps,
  trainerId: number,
  actor: Actor | null,
  reason: string,
  action: 'issued' | 'renewed' | 'suspended' | 'reinstated' | 'revoked',
  decide: (
    record: CertificationRecordRow | undefined,
    today: string,
  ) => Promise<Pick<CertificationRecordRow, 'certificateNumber' | 'status' | 'issuedOn' | 'expiresOn'>>,
): Promise<CertificationView> {
  const now = deps.clock.now();
  const ids = await deps.db.transaction().execute(async (trx) => {
    const trainer = await lockTrainer(trx, trainerId);
    if (!trainer) throw notFound(TRAINER_NOT_FOUND);
    const record = await lockRecord(trx, trainerId);
    const next = await decide(record, brandDay(now));
    await saveRecord(trx, { trainerId, ...next }, now);
    // A newly certified trainer's starter kit waits to be packed from the moment the certificate exists.
    if (action === 'issued') await createStarterKitShipment(trx, trainerId, now);
    const fromStatus = record?.status ?? 'in_training';
    await insertHistory(trx, {
      trainerId,
      action,
      fromStatus,
      toStatus: next.status,
      expiresOn: next.expiresOn,
      reason,
      byUserId: actor?.userId ?? null,
      at: now,
    });
    if (actor?.admin) {
      await insertTrainerChange(trx, trainerId, actor.userId, {
        field: 'certificate',
        from: CERTIFICATION_STATUS_LABELS[fromStatus],
        to: `${CERTIFICATION_STATUS_LABELS[next.status]} (${action}, valid through ${next.expiresOn}): ${reason}`,
      });
    }
    return queueMail(trx, now, mailFor(deps.config.appUrl, trainer, action, next, reason));
  });
  await deliverMail(deps, ids);
  return getCertificationView(deps, trainerId);
}

function mailFor(
  appUrl: string,
  trainer: { name: string; email: string },
  action: 'issued' | 'renewed' | 'suspended' | 'reinstated' | 'revoked',
  next: Pick<CertificationRecordRow, 'certificateNumber' | 'expiresOn'>,
  reason: string,
) {
  if (action === 'issued')
    return issuedEmail(appUrl, trainer, next.certificateNumber ?? '', next.expiresOn ?? '');
  if (action === 'renewed') return renewedEmail(appUrl, trainer, next.expiresOn ?? '');
  return statusChangedEmail(appUrl, trainer, action, reason);
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

/** The status the record's dates give (certified, renewal due or lapsed). */
const byDate = (deps: AppDeps, expiresOn: string, today: string) =>
  statusByDate(expiresOn, today, deps.config.certification.reminderDays);

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
  return changeRecord(deps, trainerId, actor, reason, 'renewed', async (record) =>
    renewedState(deps, record, brandDay(deps.clock.now())),
  );
}

export async function renewedState(deps: AppDeps, record: CertificationRecordRow | undefined, today: string) {
  if (!record?.expiresOn || !record.issuedOn || record.status === 'in_training') throw notIssued();
  if (record.status === 'revoked') throw revoked();
  if (record.status === 'suspended') {
    throw conflict('not_certified', 'This certification is suspended: reinstate it before renewing.');
  }
  const expiresOn = addYears(record.expiresOn, deps.config.certification.validityYears);
  return { ...record, status: byDate(deps, expiresOn, today), expiresOn };
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
      return { ...record, status: byDate(deps, record.expiresOn, today) };
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
