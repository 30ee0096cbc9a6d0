import { randomBytes } from 'node:crypto';
import { CURRENCY, RENEWAL_FEE } from '@soulpunch/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider } from './providers';
import { findRenewalEnrolment, insertEnrolment, updateEnrolment } from './repository';
import { enrolmentExpired, openProviderCheckout } from './service';

/**
 * The renewal fee's checkout (the certification module has checked that renewal is open and the fee is the one
 * thing left): an enrolment of its own, tied to the trainer and the expiry it renews, reused while unpaid (as the
 * portal's enrolment is), then the provider's checkout. The webhook records the payment and renews.
 */
export async function openRenewalCheckout(
  deps: AppDeps,
  provider: PaymentProvider,
  trainer: { id: number; name: string; email: string },
  renewsExpiresOn: string,
): Promise<{ checkoutUrl: string }> {
  if (await findRenewalEnrolment(deps.db, trainer.id, renewsExpiresOn, 'paid')) {
    throw new AppError(409, 'renewal_fee_paid', 'Your renewal fee is paid already.');
  }
  const now = deps.clock.now();
  const amount = { amountCents: RENEWAL_FEE.amountCents, totalCents: RENEWAL_FEE.amountCents };
  const open = await findRenewalEnrolment(deps.db, trainer.id, renewsExpiresOn, 'checkout');
  const enrolment =
    open && !enrolmentExpired(deps, open)
      ? await updateEnrolment(deps.db, open.id, { ...amount, termsAgreedAt: now, updatedAt: new Date() })
      : await insertEnrolment(deps.db, {
          ...amount,
          purpose: 'renewal',
          plan: null,
          renewsExpiresOn,
          publicId: `enr_${randomBytes(12).toString('base64url')}`,
          // No browser cookie holds it: the trainer's session does.
          cookieHash: `renewal_${randomBytes(24).toString('base64url')}`,
          fullName: trainer.name,
          email: trainer.email,
          currency: CURRENCY,
          provider: provider.name,
          trainerId: trainer.id,
          termsAgreedAt: now,
          emailVerifiedAt: now,
          confirmedAt: now,
          origin: 'portal',
          createdAt: now,
          updatedAt: new Date(),
        });
  const { checkoutUrl } = await openProviderCheckout(deps, provider, enrolment.id);
  return { checkoutUrl };
}
