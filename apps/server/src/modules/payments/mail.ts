import { formatUsd, numberWord, PLANS } from '@soulpunch/shared';
import type { EnrolmentRow, PaymentRow } from '../../db/schema-payments';
import { mailDay } from '../mail/dates';
import { noticeEmail } from '../mail/templates';
import type { StaffNotice } from '../notifications/service';

/** The flex plan's number of monthly payments, as the e-mails count them. */
const flexCount = PLANS.flex.instalments;

/** ' due Friday, December 4, 2026' (a due date as people write it), or nothing when the row has none. */
const dueText = (row: PaymentRow) => (row.dueOn ? ` due ${mailDay(row.dueOn)}` : '');

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export const receiptEmail = (e: EnrolmentRow, paidAt: Date) =>
  e.plan === null
    ? renewalReceiptEmail(e, paidAt)
    : noticeEmail({
        to: e.email,
        name: e.fullName,
        subject: 'Your Soul Punch payment receipt',
        paragraphs: [
          `Thank you: we received ${formatUsd(e.amountCents)} on ${day(paidAt)} for the Soul Punch Trainer Certification (${PLANS[e.plan].label}).`,
          e.plan === 'flex'
            ? `This was payment 1 of ${flexCount}. The next ${numberWord(flexCount - 1)} payments of ${formatUsd(e.amountCents)} are taken monthly, ${formatUsd(e.totalCents)} in all.`
            : 'You paid in full: nothing more is due.',
          `Receipt reference: ${e.publicId}.`,
        ],
      });

export const instalmentPaidEmail = (e: EnrolmentRow, row: PaymentRow) =>
  noticeEmail({
    to: e.email,
    name: e.fullName,
    subject: `Payment ${row.instalment} of ${flexCount} received`,
    paragraphs: [
      `We received ${formatUsd(row.amountCents)} for payment ${row.instalment} of ${flexCount}. Thank you.`,
    ],
  });

export const failedInstalmentEmail = (
  e: EnrolmentRow,
  row: PaymentRow,
  payNowUrl: string,
  graceDays: number,
) =>
  noticeEmail({
    to: e.email,
    name: e.fullName,
    subject: `Payment ${row.instalment} of ${flexCount} did not go through`,
    paragraphs: [
      `Your payment of ${formatUsd(row.amountCents)}${dueText(row)} could not be taken.`,
      `Please pay within ${graceDays} days to keep access to your trainer portal resources. Nothing is deleted: paying restores access at once.`,
    ],
    action: { label: 'Pay now', url: payNowUrl },
  });

/** The admin area's notice of a failed instalment (sent as each person chose: modules/notifications). */
export const pastDueNotice = (e: EnrolmentRow, row: PaymentRow, trainerUrl: string): StaffNotice => ({
  subject: `Instalment failed: ${e.fullName}`,
  paragraphs: [
    `Payment ${row.instalment} of ${flexCount} (${formatUsd(row.amountCents)}${dueText(row) && `,${dueText(row)}`}) from ${e.fullName} <${e.email}> failed. They were e-mailed a link to pay now.`,
  ],
  link: { label: 'Open the trainer', url: trainerUrl },
});

/** The admin area's notice of a new enrolment paid at the provider. */
export const newEnrolmentNotice = (e: EnrolmentRow, trainerUrl: string): StaffNotice => ({
  subject: `New enrolment: ${e.fullName}`,
  paragraphs: [
    `${e.fullName} <${e.email}>${e.city && e.state ? ` (${e.city}, ${e.state})` : ''} enrolled on the ${e.plan ? PLANS[e.plan].label : 'program'} and paid ${formatUsd(e.amountCents)}. Their documents to sign were sent.`,
  ],
  link: { label: 'Open the trainer', url: trainerUrl },
});

/** The admin area's notice of a dispute (chargeback): the certification is held until an admin reinstates it. */
export const disputeNotice = (
  e: EnrolmentRow,
  dispute: { amountCents: number; reason: string | null },
  url: string,
): StaffNotice => ({
  subject: `Dispute opened: ${e.fullName}`,
  paragraphs: [
    `${e.fullName} <${e.email}> disputed a payment of ${formatUsd(dispute.amountCents)} (${dispute.reason ?? 'no reason given'}). Their certification is suspended until an administrator reinstates it; answer the dispute at the payment provider.`,
  ],
  link: { label: 'Open the trainer', url },
});

/** The receipt of a renewal fee (the certification's own e-mail says it is renewed). */
export const renewalReceiptEmail = (e: EnrolmentRow, paidAt: Date) =>
  noticeEmail({
    to: e.email,
    name: e.fullName,
    subject: 'Your Soul Punch renewal fee receipt',
    paragraphs: [
      `Thank you: we received ${formatUsd(e.amountCents)} on ${day(paidAt)} for the renewal of your Soul Punch Trainer Certification${e.renewsExpiresOn ? `, which was valid through ${mailDay(e.renewsExpiresOn)}` : ''}.`,
      `Receipt reference: ${e.publicId}.`,
    ],
  });
