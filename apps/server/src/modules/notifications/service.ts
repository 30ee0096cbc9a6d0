import {
  DIGEST_TIME_LABEL,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  resolveDelivery,
  type SessionUser,
  STAFF_NOTIFICATION_KINDS,
  type StaffDelivery,
  type StaffNotificationKind,
  seesAdminArea,
  TRAINER_NOTIFICATION_KINDS,
  type TrainerDelivery,
  type TrainerNotificationKind,
} from '@soulpunch/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/app-error';
import { DAY_MS } from '../../lib/clock';
import type { ScheduledJob } from '../../lib/scheduler';
import type { MailMessage } from '../mail/mailer';
import { deliverMail, queueMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { digestCutoff, digestEmail } from './digest';
import {
  claimDigestItems,
  deleteSentItemsBefore,
  deleteWaitingItemsOf,
  findAdminAreaPerson,
  findPreference,
  findTrainerAccount,
  insertDigestItems,
  listAdminAreaRecipients,
  listPeopleWithWaitingItems,
  loadPreferences,
  savePreferenceRows,
} from './repository';

/** What the admin area is told: a subject, a few sentences and where to look. */
export interface StaffNotice {
  subject: string;
  paragraphs: string[];
  link?: { label: string; url: string };
}

/**
 * The one way the admin area is told of an event: each administrator and staff member as they chose, an e-mail
 * queued now, a line kept for tomorrow's digest, or nothing. In the caller's transaction, so the notice exists
 * exactly when the event does; returns the queued mail to send after commit (`deliverMail`).
 */
export async function notifyStaff(
  trx: Trx,
  now: Date,
  kind: StaffNotificationKind,
  notice: StaffNotice,
): Promise<number[]> {
  const people = await listAdminAreaRecipients(trx, kind);
  const immediate: MailMessage[] = [];
  const digest: Array<{ userId: number; kind: string; subject: string; text: string; link: string | null }> =
    [];
  for (const person of people) {
    const delivery = resolveDelivery(person.delivery ? { [kind]: person.delivery } : {}, kind);
    if (delivery === 'immediately') {
      immediate.push(
        noticeEmail({
          to: person.email,
          name: person.name,
          subject: notice.subject,
          paragraphs: notice.paragraphs,
          action: notice.link,
        }),
      );
    } else if (delivery === 'daily_digest') {
      digest.push({
        userId: person.id,
        kind,
        subject: notice.subject,
        text: notice.paragraphs.join(' '),
        link: notice.link?.url ?? null,
      });
    }
  }
  await insertDigestItems(trx, digest, now);
  return queueMail(trx, now, ...immediate);
}

/**
 * The trainer's account when they want notices of `kind` (immediately, the only way trainers get them), else
 * undefined: the classes and calendar e-mails to trainers ask this first.
 */
export async function trainerToNotify(db: Db, trainerId: number, kind: TrainerNotificationKind) {
  const account = await findTrainerAccount(db, trainerId);
  if (!account) return undefined;
  const stored = await findPreference(db, account.userId, kind);
  return resolveDelivery(stored ? { [kind]: stored } : {}, kind) === 'immediately' ? account : undefined;
}

const isTrainer = (user: SessionUser) => user.trainerId !== null;

/** The caller's own choices: the admin area's kinds for administrators and staff, the classes' for trainers. */
export async function getNotificationPreferences(
  db: Db,
  user: SessionUser,
): Promise<NotificationPreferences> {
  const stored = await loadPreferences(db, user.id);
  return {
    staff: seesAdminArea(user)
      ? (Object.fromEntries(STAFF_NOTIFICATION_KINDS.map((k) => [k, resolveDelivery(stored, k)])) as Record<
          StaffNotificationKind,
          StaffDelivery
        >)
      : null,
    trainer: isTrainer(user)
      ? (Object.fromEntries(TRAINER_NOTIFICATION_KINDS.map((k) => [k, resolveDelivery(stored, k)])) as Record<
          TrainerNotificationKind,
          TrainerDelivery
        >)
      : null,
    digestTime: DIGEST_TIME_LABEL,
  };
}

/**
 * Saves the caller's choices (only the kinds given change). Staff choose theirs too: their own e-mail is not a
 * change to the admin area. A part the caller has no role for is refused.
 */
export async function saveNotificationPreferences(
  deps: AppDeps,
  user: SessionUser,
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  if (update.staff && !seesAdminArea(user)) {
    throw forbidden('Only administrators and staff choose the admin notices.');
  }
  if (update.trainer && !isTrainer(user)) throw forbidden('Only trainers choose the class notices.');
  const choices = [...Object.entries(update.staff ?? {}), ...Object.entries(update.trainer ?? {})].map(
    ([kind, delivery]) => ({ kind, delivery: delivery as StaffDelivery }),
  );
  await deps.db.transaction().execute((trx) => savePreferenceRows(trx, user.id, choices, deps.clock.now()));
  return getNotificationPreferences(deps.db, user);
}

/** A digest's notices are kept this long after it went out (the e-mail holds them), then removed. */
const KEEP_SENT_DIGEST_MS = 30 * DAY_MS;

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/**
 * The daily digest round: once the day's digest time has passed, each person with notices from before it gets one
 * e-mail holding them all. Their items are marked in the transaction that queues that e-mail, so a repeated round
 * sends nothing twice, and a refused e-mail stays in the mail queue, which retries it. Someone who left the admin
 * area meanwhile gets nothing, and their waiting notices go.
 */
export async function sendDailyDigests(deps: AppDeps, now: Date, log?: Log) {
  const cutoff = digestCutoff(now);
  const settingsUrl = `${deps.config.appUrl}/admin/settings`;
  const mail: number[] = [];
  let people = 0;
  let items = 0;
  for (const userId of await listPeopleWithWaitingItems(deps.db, cutoff)) {
    const ids = await deps.db.transaction().execute(async (trx) => {
      const person = await findAdminAreaPerson(trx, userId);
      if (!person) {
        await deleteWaitingItemsOf(trx, userId);
        return [];
      }
      const claimed = await claimDigestItems(trx, userId, cutoff, now);
      if (!claimed.length) return [];
      people += 1;
      items += claimed.length;
      return queueMail(trx, now, digestEmail(person, claimed, settingsUrl));
    });
    mail.push(...ids);
  }
  await deliverMail(deps, mail, log);
  await deleteSentItemsBefore(deps.db, new Date(now.getTime() - KEEP_SENT_DIGEST_MS));
  return { people, items };
}

export function notificationJobs(deps: AppDeps, log?: Log): ScheduledJob[] {
  return [
    {
      name: 'notifications:daily-digest',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => sendDailyDigests(deps, now, log),
    },
  ];
}
