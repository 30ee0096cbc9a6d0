import type { CertificationView, RenewalAnswer } from '@soulpunch/shared';
import type { CertificationRecordRow } from '../../db/schema-certification';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import type { PaymentProvider } from '../payments/providers';
import { openRenewalCheckout } from '../payments/renewal-fee';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import { findRecord, findTrainerContact } from './repository';
import { renewalRequirements } from './requirements';
import { renewCertification } from './service';

/** Why renewal is not open to the trainer yet (not due, or never issued), as a clear refusal. */
function notOpen(record: CertificationRecordRow | undefined) {
  return new AppError(
    409,
    'not_certified',
    record?.status === 'certified'
      ? 'Renewal opens when your certification comes due for renewal.'
      : 'This certification cannot be renewed.',
  );
}

const unmet = (requirements: CertificationView['renewal']['requirements']) =>
  new AppError(
    409,
    'renewal_requirements_unmet',
    `Before renewing: ${requirements.map((r) => r.label.toLowerCase()).join('; ')}.`,
  );

/** The trainer renews from the portal: due (or lapsed) and every requirement met, else a clear refusal. */
export async function renewFromPortal(
  deps: AppDeps,
  trainerId: number,
  userId: number,
): Promise<RenewalAnswer> {
  const record = await findRecord(deps.db, trainerId);
  const renewal = await renewalRequirements(deps.db, deps, trainerId, record);
  if (!record || record.status === 'certified' || !renewal.nextExpiresOn) throw notOpen(record);
  const missing = renewal.requirements.filter((r) => !r.met);
  if (missing.length) throw unmet(missing);
  const certification = await renewCertification(
    deps,
    trainerId,
    { userId, admin: false },
    'Renewed by the trainer from the portal',
  );
  return { renewed: true, certification };
}

/**
 * The trainer pays the renewal fee: open once renewal is due (or lapsed) and the rest of what it requires is met,
 * since the payment completes the renewal. Refused when no fee is required or it is paid already.
 */
export async function openRenewalFeeCheckout(
  deps: AppDeps,
  provider: PaymentProvider,
  trainerId: number,
): Promise<{ checkoutUrl: string }> {
  const trainer = await findTrainerContact(deps.db, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const record = await findRecord(deps.db, trainerId);
  const renewal = await renewalRequirements(deps.db, deps, trainerId, record);
  if (!record?.expiresOn || record.status === 'certified' || !renewal.nextExpiresOn) throw notOpen(record);
  const fee = renewal.requirements.find((r) => r.key === 'fee');
  if (!fee) throw new AppError(409, 'nothing_owed', 'Renewal needs no fee: renew with Renew Certification.');
  if (fee.met) throw new AppError(409, 'renewal_fee_paid', 'Your renewal fee is paid already.');
  const missing = renewal.requirements.filter((r) => r.key !== 'fee' && !r.met);
  if (missing.length) throw unmet(missing);
  return openRenewalCheckout(deps, provider, trainer, record.expiresOn);
}
