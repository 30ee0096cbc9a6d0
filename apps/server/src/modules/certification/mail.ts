import { SUPPORT_EMAIL } from '@soulpunch/shared';
import { mailDay } from '../mail/dates';
import type { MailMessage } from '../mail/mailer';
import { noticeEmail } from '../mail/templates';

/** Where the trainer sees the record and renews: the portal's dashboard. */
const PORTAL_PATH = '/trainer-portal';

interface Recipient {
  name: string;
  email: string;
}

const action = (appUrl: string, label: string) => ({ label, url: `${appUrl}${PORTAL_PATH}` });

export function issuedEmail(appUrl: string, to: Recipient, number: string, expiresOn: string): MailMessage {
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: 'You are a Soul Punch Certified Trainer',
    paragraphs: [
      `Congratulations: your Soul Punch certification has been issued. Your certificate number is ${number}.`,
      `It is valid through ${mailDay(expiresOn)}. We will remind you well before it is due for renewal.`,
    ],
    action: action(appUrl, 'Open your dashboard'),
  });
}

export function renewedEmail(appUrl: string, to: Recipient, expiresOn: string): MailMessage {
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: 'Your Soul Punch certification is renewed',
    paragraphs: [`Your certification is renewed and now valid through ${mailDay(expiresOn)}.`],
    action: action(appUrl, 'Open your dashboard'),
  });
}

/** A reminder before expiry (`daysLeft` of the threshold reached) or on lapse. */
export function renewalReminderEmail(
  appUrl: string,
  to: Recipient,
  expiresOn: string,
  kind: string,
): MailMessage {
  const lapsed = kind === 'lapsed';
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: lapsed
      ? 'Your Soul Punch certification has lapsed'
      : `Your Soul Punch certification expires in ${kind} days`,
    paragraphs: lapsed
      ? [
          `Your certification expired on ${mailDay(expiresOn)}. Until you renew, your public listing and classes are hidden from the directory.`,
          `Renew from your dashboard, or write to ${SUPPORT_EMAIL} if you need help.`,
        ]
      : [
          `Your certification is valid through ${mailDay(expiresOn)}. Renew before then to stay listed as a Soul Punch Certified Trainer.`,
          'Your dashboard shows what renewal requires and lets you renew.',
        ],
    action: action(appUrl, 'Renew your certification'),
  });
}

export function statusChangedEmail(
  appUrl: string,
  to: Recipient,
  change: 'suspended' | 'reinstated' | 'revoked',
  reason: string,
): MailMessage {
  const paragraphs = {
    suspended: `Your Soul Punch certification has been suspended. While it is suspended your public listing and classes are hidden. Reason: ${reason}`,
    reinstated: `Your Soul Punch certification has been reinstated. Reason: ${reason}`,
    revoked: `Your Soul Punch certification has been revoked. Reason: ${reason}`,
  };
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: `Your Soul Punch certification has been ${change}`,
    paragraphs: [paragraphs[change], `Questions? Write to ${SUPPORT_EMAIL}.`],
    action: action(appUrl, 'Open your dashboard'),
  });
}

export function insuranceReminderEmail(
  appUrl: string,
  to: Recipient,
  expiresOn: string,
  kind: string,
  required: boolean,
): MailMessage {
  const expired = kind === 'lapsed';
  return noticeEmail({
    to: to.email,
    name: to.name,
    subject: expired
      ? 'Your liability insurance on file has expired'
      : `Your liability insurance expires in ${kind} days`,
    paragraphs: [
      expired
        ? `The insurance policy on file expired on ${mailDay(expiresOn)}.`
        : `The insurance policy on file expires on ${mailDay(expiresOn)}.`,
      required
        ? 'Soul Punch requires current insurance: an expired policy pauses your public listing until a new one is on file and accepted. Upload the new policy from your dashboard.'
        : 'Upload the renewed policy from your dashboard when you have it.',
    ],
    action: action(appUrl, 'Upload your policy'),
  });
}
