import {
  type CredentialStatusAnswer,
  certificateVerifyPath,
  type IssuerProfile,
  normaliseCertificateNumber,
  type PublicCertificate,
  type PublicCertificateStatus,
  publicCertificateStatus,
  SUPPORT_EMAIL,
} from '@soulpunch/shared';
import type { AppConfig } from '../../config';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { jwkSetUrl } from './credential-keys';
import { brandDay } from './dates';
import { findByCertificateNumber, findRecord, findTrainerContact } from './repository';

/**
 * Proof of certification anyone can check (issue 26 part 4, decision record 0015): the public look-up behind the
 * verify page, the digital credential's status, and which certificates may be downloaded.
 */

export const BRAND = 'Soul Punch';
export const ACHIEVEMENT_NAME = 'Soul Punch Certified Self-Defense Trainer';

const noSuchCertificate = () =>
  new AppError(404, 'certificate_not_found', 'No certificate with this number.');

export const verifyUrlOf = (appUrl: string, certificateNumber: string) =>
  `${appUrl}${certificateVerifyPath(certificateNumber)}`;

export const credentialStatusUrl = (appUrl: string, certificateNumber: string) =>
  `${appUrl}/api/credentials/status/${encodeURIComponent(certificateNumber)}`;

export const issuerId = (appUrl: string) => `${appUrl}/api/credentials/issuer`;

/**
 * An issued certificate by its number as typed, with its public status today. Malformed and unknown numbers get
 * the same answer after the same query: nothing tells one from the other.
 */
async function findCertificate(deps: AppDeps, typed: string) {
  const number = normaliseCertificateNumber(typed);
  const found = await findByCertificateNumber(deps.db, number ?? typed.slice(0, 64));
  if (!number || !found?.certificateNumber || !found.issuedOn || !found.expiresOn) throw noSuchCertificate();
  const status = publicCertificateStatus(found.status, found.expiresOn, brandDay(deps.clock.now()));
  if (!status) throw noSuchCertificate();
  return {
    certificateNumber: found.certificateNumber,
    name: found.name,
    status,
    issuedOn: found.issuedOn,
    expiresOn: found.expiresOn,
  };
}

/** What the verify page shows: name, standing in the public's words and the dates, nothing more. */
export async function lookUpCertificate(deps: AppDeps, typed: string): Promise<PublicCertificate> {
  return findCertificate(deps, typed);
}

const CREDENTIAL_STATUS: Record<PublicCertificateStatus, CredentialStatusAnswer['status']> = {
  valid: 'active',
  expired: 'expired',
  suspended: 'suspended',
  revoked: 'revoked',
};

/** The credential's status as its verifier fetches it (the address in its `credentialStatus`). */
export async function credentialStatusOf(deps: AppDeps, typed: string): Promise<CredentialStatusAnswer> {
  const found = await findCertificate(deps, typed);
  return {
    id: credentialStatusUrl(deps.config.appUrl, found.certificateNumber),
    certificateNumber: found.certificateNumber,
    status: CREDENTIAL_STATUS[found.status],
    checkedAt: deps.clock.now().toISOString(),
  };
}

export interface ValidCertificate {
  certificateNumber: string;
  name: string;
  issuedOn: string;
  expiresOn: string;
}

/**
 * The trainer's certificate, when it is valid today: the PDF and the credential prove a standing, so neither is
 * made for a certificate in training, revoked, suspended or expired (each refusal says why).
 */
export async function validCertificateOf(deps: AppDeps, trainerId: number): Promise<ValidCertificate> {
  const trainer = await findTrainerContact(deps.db, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const record = await findRecord(deps.db, trainerId);
  if (
    !record?.certificateNumber ||
    !record.issuedOn ||
    !record.expiresOn ||
    record.status === 'in_training'
  ) {
    throw new AppError(409, 'not_certified', 'No certificate has been issued yet.');
  }
  const status = publicCertificateStatus(record.status, record.expiresOn, brandDay(deps.clock.now()));
  if (status === 'revoked') {
    throw new AppError(
      409,
      'certificate_revoked',
      'This certificate was revoked: there is nothing to download.',
    );
  }
  if (status !== 'valid') {
    throw new AppError(
      409,
      'certificate_not_valid',
      status === 'suspended'
        ? 'This certificate is suspended: it can be downloaded again once it is reinstated.'
        : 'This certificate has expired: it can be downloaded again once it is renewed.',
    );
  }
  return {
    certificateNumber: record.certificateNumber,
    name: trainer.name,
    issuedOn: record.issuedOn,
    expiresOn: record.expiresOn,
  };
}

/** The issuer every credential names: an Open Badges 3.0 Profile, with where its keys are published. */
export function issuerProfile(config: Pick<AppConfig, 'appUrl'>): IssuerProfile {
  return {
    '@context': [
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ],
    id: issuerId(config.appUrl),
    type: ['Profile'],
    name: BRAND,
    url: config.appUrl,
    email: SUPPORT_EMAIL,
    description: 'Soul Punch trains and certifies self-defense trainers across the US.',
    jwks: jwkSetUrl(config.appUrl),
  };
}
