import { addYears, CERTIFICATION_STATUS_LABELS, statusByDate } from '@soulpunch/shared';
import type { AppConfig } from '../../config';
import type { CertificationRecordRow } from '../../db/schema-certification';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { createStarterKitShipment } from '../inventory/service';
import { queueMail } from '../mail/queue';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { brandDay } from './dates';
import { issuedEmail, renewedEmail, statusChangedEmail } from './mail';
import { insertHistory, insertTrainerChange, lockRecord, lockTrainer, saveRecord } from './repository';

export interface Actor {
  userId: number;
  /** An admin's action goes into the trainer's own change log too; the trainer's renewal does not. */
  admin: boolean;
}

export type RecordAction = 'issued' | 'renewed' | 'suspended' | 'reinstated' | 'revoked';
type RecordState = Pick<CertificationRecordRow, 'certificateNumber' | 'status' | 'issuedOn' | 'expiresOn'>;

export const conflict = (
  code: 'already_certified' | 'not_certified' | 'certificate_revoked',
  message: string,
) => new AppError(409, code, message);
export const notIssued = () => conflict('not_certified', 'This trainer has no certificate issued yet.');
export const revoked = () =>
  conflict('certificate_revoked', 'This certificate was revoked: it can no longer be changed.');

/**
 * One change of the record inside the caller's transaction, with its history entry, the trainer's change log (an
 * admin's), on issue the starter kit's shipment, and the e-mail that tells the trainer (queued: the caller delivers the returned ids after commit).
 * `decide` reads the locked record and returns the new state, or throws.
 */
export async function applyRecordChange(
  trx: Trx,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  trainerId: number,
  actor: Actor | null,
  reason: string,
  action: RecordAction,
  decide: (record: CertificationRecordRow | undefined, today: string) => Promise<RecordState>,
): Promise<number[]> {
  const now = deps.clock.now();
  const trainer = await lockTrainer(trx, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const record = await lockRecord(trx, trainerId);
  const next = await decide(record, brandDay(now));
  await saveRecord(trx, { trainerId, ...next }, now);
  // A newly certified trainer's starter kit waits to be packed from the moment the certificate exists (0017).
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
}

function mailFor(
  appUrl: string,
  trainer: { name: string; email: string },
  action: RecordAction,
  next: Pick<CertificationRecordRow, 'certificateNumber' | 'expiresOn'>,
  reason: string,
) {
  if (action === 'issued')
    return issuedEmail(appUrl, trainer, next.certificateNumber ?? '', next.expiresOn ?? '');
  if (action === 'renewed') return renewedEmail(appUrl, trainer, next.expiresOn ?? '');
  return statusChangedEmail(appUrl, trainer, action, reason);
}

/** The status the record's dates give (certified, renewal due or lapsed). */
export const byDate = (config: AppConfig, expiresOn: string, today: string) =>
  statusByDate(expiresOn, today, config.certification.reminderDays);

/**
 * A renewal: the expiry moves the configured years from the old expiry, never from today, so renewing early loses
 * nothing and renewing late gains nothing. Refused for a record never issued, suspended or revoked.
 */
export function renewedState(config: AppConfig, record: CertificationRecordRow | undefined, today: string) {
  if (!record?.expiresOn || !record.issuedOn || record.status === 'in_training') throw notIssued();
  if (record.status === 'revoked') throw revoked();
  if (record.status === 'suspended') {
    throw conflict('not_certified', 'This certification is suspended: reinstate it before renewing.');
  }
  const expiresOn = addYears(record.expiresOn, config.certification.validityYears);
  return { ...record, status: byDate(config, expiresOn, today), expiresOn };
}
