import { randomBytes } from 'node:crypto';
import {
  CURRENCY,
  formatUsd,
  PLANS,
  type PlanKey,
  PORTAL_ENROLMENT_PATH,
  planTotalCents,
} from '@soulpunch/shared';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { deliverMail, queueMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { TRAINER_NOT_FOUND } from '../trainers/service';
import type { PaymentProvider } from './providers';
import {
  findOpenPortalEnrolment,
  findPaidEnrolmentOfTrainer,
  insertEnrolment,
  recordTrainerChange,
  trainerPaymentState,
  updateEnrolment,
} from './repository';
import { enrolmentExpired, openProviderCheckout } from './service';

const alreadyPaid = () => new AppError(409, 'already_paid', 'This trainer has already paid.');

async function unpaidTrainer(deps: AppDeps, trainerId: number) {
  const trainer = await trainerPaymentState(deps.db, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  if (await findPaidEnrolmentOfTrainer(deps.db, trainerId)) throw alreadyPaid();
  return trainer;
}

const enrolmentLinkEmail = (to: { email: string; name: string }, url: string) =>
  noticeEmail({
    to: to.email,
    name: to.name,
    subject: 'Complete your Soul Punch Trainer Certification enrolment',
    paragraphs: [
      'Our team has added you as a Soul Punch trainer. To complete your enrolment, choose how to pay for the certification program and pay on our payment provider’s secure page.',
      `${PLANS.full.label}: ${formatUsd(PLANS.full.amountCents)} once. ${PLANS.flex.label}: ${formatUsd(PLANS.flex.amountCents)} a month for ${PLANS.flex.instalments} months (${formatUsd(planTotalCents('flex'))} in all).`,
      'The link asks you to sign in first if you are not signed in.',
    ],
    action: { label: 'Choose your plan and pay', url },
  });

/**
 * An admin starts the enrolment of a trainer they added: the trainer is e-mailed the link to the portal page where
 * they choose a plan and pay. Recorded in the trainer's history; nothing is charged until the trainer pays.
 */
export async function emailEnrolmentLink(deps: AppDeps, trainerId: number, adminId: number) {
  const trainer = await unpaidTrainer(deps, trainerId);
  const url = `${deps.config.appUrl}${PORTAL_ENROLMENT_PATH}`;
  const ids = await deps.db.transaction().execute(async (trx) => {
    await recordTrainerChange(trx, trainerId, adminId, {
      field: 'payments',
      from: null,
      to: `Enrolment link e-mailed to ${trainer.email}`,
    });
    return queueMail(trx, deps.clock.now(), enrolmentLinkEmail(trainer, url));
  });
  await deliverMail(deps, ids);
  return { sentTo: trainer.email };
}

/**
 * The trainer (signed in: the session shows the address is theirs) chooses a plan and agrees to the terms; the
 * provider's checkout opens for an enrolment tied to their trainer record. The same unpaid enrolment is reused
 * (its plan may change) until it expires like any other; the webhook marks it paid.
 */
export async function openPortalCheckout(
  deps: AppDeps,
  provider: PaymentProvider,
  trainerId: number,
  plan: PlanKey,
): Promise<{ checkoutUrl: string }> {
  const trainer = await unpaidTrainer(deps, trainerId);
  const now = deps.clock.now();
  const values = {
    plan,
    amountCents: PLANS[plan].amountCents,
    totalCents: planTotalCents(plan),
    termsAgreedAt: now,
    updatedAt: new Date(),
  };
  const open = await findOpenPortalEnrolment(deps.db, trainerId);
  const enrolment =
    open && !enrolmentExpired(deps, open)
      ? await updateEnrolment(deps.db, open.id, values)
      : await insertEnrolment(deps.db, {
          ...values,
          publicId: `enr_${randomBytes(12).toString('base64url')}`,
          // No browser cookie holds it: the trainer's session does.
          cookieHash: `portal_${randomBytes(24).toString('base64url')}`,
          fullName: trainer.name,
          email: trainer.email,
          currency: CURRENCY,
          provider: provider.name,
          trainerId,
          emailVerifiedAt: now,
          confirmedAt: now,
          origin: 'portal',
          createdAt: now,
        });
  const { checkoutUrl } = await openProviderCheckout(deps, provider, enrolment.id);
  return { checkoutUrl };
}
