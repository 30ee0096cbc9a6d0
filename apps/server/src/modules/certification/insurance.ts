import { randomUUID } from 'node:crypto';
import type { InsurancePolicyView, InsuranceView } from '@soulpunch/shared';
import type Sharp from 'sharp';
import type { Db } from '../../db/database';
import type { InsurancePolicyRow } from '../../db/schema-certification';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { lazyModule } from '../../lib/lazy-module';
import { sniffImageType } from '../profiles/picture';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { brandDay } from './dates';
import {
  findCurrentPolicy,
  insertPolicy,
  markPolicyAccepted,
  setPolicyCertificate,
} from './insurance-repository';
import {
  findRecord,
  findTrainerContact,
  insertHistory,
  insertTrainerChange,
  setRecordStatus,
} from './repository';

const sharp = lazyModule<typeof Sharp>('sharp');

export const INSURANCE_FILE_MESSAGES = {
  wrongType: 'Please upload the insurance certificate as a PDF, PNG or JPEG file.',
  unreadable: 'This file could not be read. Please try another PDF, PNG or JPEG file.',
  missing: 'Please choose the insurance certificate to upload.',
  tooLarge: 'The insurance certificate must be 5 MB or smaller.',
};

const badFile = (message: string) => new AppError(400, 'invalid_insurance_file', message);
const noPolicy = () =>
  new AppError(409, 'no_insurance_policy', 'There is no insurance policy on file: add the policy first.');

function policyView(row: InsurancePolicyRow, today: string): InsurancePolicyView {
  return {
    id: row.id,
    provider: row.provider,
    policyNumber: row.policyNumber,
    expiresOn: row.expiresOn,
    hasCertificate: row.certificateKey !== null,
    certificateType: row.certificateType,
    status: row.expiresOn < today ? 'expired' : row.acceptedAt ? 'accepted' : 'pending',
    submittedAt: row.submittedAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

/** Insurance is on file when the current policy was accepted by an admin and has not expired. */
export async function insuranceOnFile(db: Db, trainerId: number, today: string): Promise<boolean> {
  const policy = await findCurrentPolicy(db, trainerId);
  return !!policy?.acceptedAt && policy.expiresOn >= today;
}

export async function getInsuranceView(deps: AppDeps, trainerId: number): Promise<InsuranceView> {
  if (!(await findTrainerContact(deps.db, trainerId))) throw notFound(TRAINER_NOT_FOUND);
  const policy = await findCurrentPolicy(deps.db, trainerId);
  return {
    required: deps.config.certification.insuranceRequired,
    policy: policy ? policyView(policy, brandDay(deps.clock.now())) : null,
  };
}

/** A new policy (a renewed one too): it becomes the current one, waiting for its certificate and an admin. */
export async function submitPolicy(
  deps: AppDeps,
  trainerId: number,
  userId: number,
  input: { provider: string; policyNumber: string; expiresOn: string | null },
): Promise<InsuranceView> {
  if (!(await findTrainerContact(deps.db, trainerId))) throw notFound(TRAINER_NOT_FOUND);
  const expiresOn = input.expiresOn ?? '';
  if (expiresOn < brandDay(deps.clock.now())) {
    throw new AppError(400, 'insurance_expired', 'This policy has already expired: add the current one.', {
      expiresOn: 'This date has passed',
    });
  }
  await insertPolicy(deps.db, {
    trainerId,
    provider: input.provider,
    policyNumber: input.policyNumber,
    expiresOn,
    submittedBy: userId,
    submittedAt: deps.clock.now(),
  });
  return getInsuranceView(deps, trainerId);
}

const isPdf = (bytes: Buffer) =>
  bytes.subarray(0, 5).toString('latin1') === '%PDF-' &&
  bytes.subarray(-1024).toString('latin1').includes('%%EOF');

/**
 * The certificate, checked by its bytes like a profile picture: a PDF by its header and end marker, an image by
 * its signature and then decoded and re-encoded by sharp (metadata dropped, anything hidden in it left behind).
 */
async function checkedCertificate(bytes: Buffer): Promise<{ data: Buffer; type: 'pdf' | 'png' | 'jpeg' }> {
  if (isPdf(bytes)) return { data: bytes, type: 'pdf' };
  const image = sniffImageType(bytes);
  if (!image) throw badFile(INSURANCE_FILE_MESSAGES.wrongType);
  try {
    const pipeline = sharp()(bytes, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    const data = await (image === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 88 })).toBuffer();
    return { data, type: image };
  } catch {
    throw badFile(INSURANCE_FILE_MESSAGES.unreadable);
  }
}

export async function uploadCertificate(
  deps: AppDeps,
  trainerId: number,
  bytes: Buffer,
): Promise<InsuranceView> {
  const policy = await findCurrentPolicy(deps.db, trainerId);
  if (!policy) throw noPolicy();
  const { data, type } = await checkedCertificate(bytes);
  const key = `insurance/trainer-${trainerId}-${policy.id}-${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`;
  await deps.storage.put(key, data);
  await setPolicyCertificate(deps.db, policy.id, key, type);
  // The certificate it replaces is kept no longer: the policy row names one file.
  if (policy.certificateKey) await deps.storage.delete(policy.certificateKey);
  return getInsuranceView(deps, trainerId);
}

export async function downloadCertificate(deps: AppDeps, trainerId: number) {
  const policy = await findCurrentPolicy(deps.db, trainerId);
  if (!policy?.certificateKey || !policy.certificateType) throw notFound('No insurance certificate on file.');
  const data = await deps.storage.get(policy.certificateKey);
  if (!data) throw notFound('No insurance certificate on file.');
  const contentType =
    policy.certificateType === 'pdf' ? 'application/pdf' : `image/${policy.certificateType}`;
  return {
    data,
    contentType,
    filename: `insurance-certificate.${policy.certificateType === 'jpeg' ? 'jpg' : policy.certificateType}`,
  };
}

/**
 * An admin accepts the current policy (its certificate checked by a person): insurance is then on file, and a
 * listing paused for an expired policy resumes. Recorded in the record's history and the trainer's change log.
 */
export async function acceptPolicy(deps: AppDeps, trainerId: number, adminId: number, reason: string) {
  const now = deps.clock.now();
  const today = brandDay(now);
  await deps.db.transaction().execute(async (trx) => {
    const policy = await findCurrentPolicy(trx, trainerId);
    if (!policy) throw noPolicy();
    if (!policy.certificateKey) {
      throw new AppError(409, 'no_insurance_policy', 'The policy has no certificate uploaded yet.');
    }
    if (policy.acceptedAt) throw new AppError(409, 'already_accepted', 'This policy was accepted already.');
    if (policy.expiresOn < today) throw new AppError(409, 'insurance_expired', 'This policy has expired.');
    await markPolicyAccepted(trx, policy.id, adminId, now);
    await insertTrainerChange(trx, trainerId, adminId, {
      field: 'insurance',
      from: null,
      to: `Policy ${policy.policyNumber} (${policy.provider}, to ${policy.expiresOn}) accepted: ${reason}`,
    });
    const record = await findRecord(trx, trainerId);
    if (record?.insurancePausedAt) {
      await setRecordStatus(trx, trainerId, { insurancePausedAt: null }, now);
      await insertHistory(trx, {
        trainerId,
        action: 'insurance_restored',
        fromStatus: record.status,
        toStatus: record.status,
        expiresOn: record.expiresOn,
        reason,
        byUserId: adminId,
        at: now,
      });
    }
  });
  return getInsuranceView(deps, trainerId);
}
