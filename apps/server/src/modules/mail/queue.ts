import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import type { ScheduledJob } from '../../lib/scheduler';
import type { MailMessage } from './mailer';
import {
  claimMail,
  countWaitingMail,
  deleteSentMailBefore,
  insertQueuedMail,
  listDueMail,
  markMailFailed,
  markMailSent,
} from './queue-repository';

/** Tries per mail: with the backoff below, about four days of a refusing mail server before it gives up. */
export const MAIL_MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_RETRY_MS = 12 * 60 * 60 * 1000;
/** How long a mail being sent is held by the instance sending it. */
const SEND_LEASE_MS = 10 * 60 * 1000;
const ROUND_SIZE = 200;
/** Sent mail stays this long in the queue (to see what went out and when), then goes. */
const KEEP_SENT_MS = 30 * 24 * 60 * 60 * 1000;

/** 1 min, 2, 4, ... up to 12 h after the n-th failed try. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
/** What sending queued mail needs: the database, the mailer and the clock. */
type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock'>;

/**
 * Queues e-mail in the caller's transaction (or on its own): the mail exists exactly when the change it tells of
 * committed. Send it after commit with `deliverMail`; whatever is not sent then goes with the next mail round.
 */
export function queueMail(db: Db, now: Date, ...messages: MailMessage[]): Promise<number[]> {
  return insertQueuedMail(db, messages, now);
}

/** Sends one claimed mail; a refusal is recorded with the time of the next try, never thrown. */
async function sendOne(deps: MailDeps, id: number, now: Date, log?: Log): Promise<boolean> {
  const mail = await claimMail(deps.db, id, now, new Date(now.getTime() + SEND_LEASE_MS), MAIL_MAX_ATTEMPTS);
  if (!mail) return false; // sent meanwhile, or another instance has it
  try {
    await deps.mailer.send({
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      attachments: mail.attachments.length ? mail.attachments : undefined,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const last = mail.attempts >= MAIL_MAX_ATTEMPTS;
    await markMailFailed(deps.db, id, message, new Date(now.getTime() + retryDelayMs(mail.attempts)));
    // Only who and what: the body may carry a sign-in link.
    log?.[last ? 'error' : 'warn'](
      { mailId: id, to: mail.toAddress, subject: mail.subject, attempts: mail.attempts, err: error },
      last ? 'e-mail not sent: no tries left' : 'e-mail not sent: will retry',
    );
    return false;
  }
  await markMailSent(deps.db, id, deps.clock.now());
  return true;
}

/** After commit: tries the queued mail now. Never throws for a mail server's refusal: the mail round retries it. */
export async function deliverMail(deps: MailDeps, ids: number[], log?: Log): Promise<void> {
  const now = deps.clock.now();
  for (const id of ids) {
    // The change it tells of has committed: whatever happens here, the mail round has the mail.
    await sendOne(deps, id, now, log).catch((err) =>
      log?.warn({ err, mailId: id }, 'e-mail left to the mail round'),
    );
  }
}

/** Queues and sends at once, outside any transaction: for mail that is not tied to a database change. */
export async function sendQueuedMail(deps: MailDeps, ...messages: MailMessage[]): Promise<void> {
  await deliverMail(deps, await queueMail(deps.db, deps.clock.now(), ...messages));
}

/** One mail round: every queued mail due at `now`, each on its own (one refusal does not stop the others). */
export async function deliverQueuedMail(deps: AppDeps, now: Date, log?: Log) {
  const due = await listDueMail(deps.db, now, MAIL_MAX_ATTEMPTS, ROUND_SIZE);
  let sent = 0;
  for (const id of due) if (await sendOne(deps, id, now, log)) sent += 1;
  await deleteSentMailBefore(deps.db, new Date(now.getTime() - KEEP_SENT_MS));
  return { due: due.length, sent, failed: due.length - sent };
}

export function mailJobs(deps: AppDeps, log?: Log): ScheduledJob[] {
  return [
    {
      name: 'mail:deliver-queue',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => deliverQueuedMail(deps, now, log),
    },
  ];
}

/** How many queued e-mails are still waiting to go out (the integrations card). */
export const countMailWaiting = (db: Db) => countWaitingMail(db, MAIL_MAX_ATTEMPTS);
