import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { applyRecordChange, renewedState } from './record-change';
import { lockRecord, lockTrainer, setRenewalFeePaidFor } from './repository';
import { renewalRequirements } from './requirements';

/** A renewal fee as the payments module reports it: whose, and the expiry it was paid to renew. */
export interface RenewalFee {
  trainerId: number;
  renewsExpiresOn: string;
}

/**
 * The payment webhook's part, inside the event's transaction (so a replayed event changes nothing more): a renewal
 * fee paid for `renewsExpiresOn`. It counts while the record still has that expiry; if every other requirement is
 * met now, the renewal completes here (2 years from the old expiry, the trainer's history and e-mail). A fee for an
 * expiry already renewed (an admin renewed meanwhile, or a second payment) renews nothing again. Returns the ids of
 * the e-mails queued, for the caller to deliver after commit.
 */
export async function applyRenewalFeePaid(
  trx: Trx,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  fee: RenewalFee,
): Promise<number[]> {
  const trainer = await lockTrainer(trx, fee.trainerId);
  const record = await lockRecord(trx, fee.trainerId);
  if (!trainer || record?.expiresOn !== fee.renewsExpiresOn) return [];
  await setRenewalFeePaidFor(trx, fee.trainerId, fee.renewsExpiresOn, true, deps.clock.now());
  const paid = { ...record, renewalFeePaidFor: fee.renewsExpiresOn };
  // Met at the checkout; what came unmet since (insurance expired) waits, with the fee counted, for Renew.
  if (!(await renewalRequirements(trx, deps, fee.trainerId, paid)).canRenew) return [];
  const actor = trainer.userId ? { userId: trainer.userId, admin: false } : null;
  return applyRecordChange(
    trx,
    deps,
    fee.trainerId,
    actor,
    'Renewed from the portal: renewal fee paid',
    'renewed',
    async (locked, today) => renewedState(deps.config, locked, today),
  );
}

/**
 * A renewal fee refunded or disputed: it no longer counts toward a renewal it has not completed yet. A renewal it
 * completed stands (decision record 0014): an admin who wants it undone suspends or revokes with a reason.
 */
export async function withdrawRenewalFee(trx: Trx, at: Date, fee: RenewalFee): Promise<void> {
  await setRenewalFeePaidFor(trx, fee.trainerId, fee.renewsExpiresOn, false, at);
}
