import type { Db } from '../../db/database';
import type { MailMessage } from './mailer';

/** Queued mail, in the caller's transaction when given one: it commits (or not) with the change it tells of. */
export async function insertQueuedMail(db: Db, messages: MailMessage[], now: Date): Promise<number[]> {
  if (!messages.length) return [];
  const rows = await db
    .insertInto('mailQueue')
    .values(
      messages.map((m) => ({
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        attachments: JSON.stringify(m.attachments ?? []),
        nextAttemptAt: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of the mail due at `now`, oldest first. */
export async function listDueMail(db: Db, now: Date, maxAttempts: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mailQueue')
    .select('id')
    .where('sentAt', 'is', null)
    .where('nextAttemptAt', '<=', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes one due mail for sending, in one statement: the attempt is counted and the mail is leased until
 * `leaseUntil`, so a second instance (or a second round) skips it, and a crash mid-send retries it after the lease.
 */
export async function claimMail(db: Db, id: number, now: Date, leaseUntil: Date, maxAttempts: number) {
  return db
    .updateTable('mailQueue')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: leaseUntil }))
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .where('nextAttemptAt', '<=', now)
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

export async function markMailSent(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('mailQueue').set({ sentAt: at, lastError: null }).where('id', '=', id).execute();
}

export async function markMailFailed(db: Db, id: number, error: string, retryAt: Date): Promise<void> {
  await db
    .updateTable('mailQueue')
    .set({ lastError: error.slice(0, 2000), nextAttemptAt: retryAt })
    .where('id', '=', id)
    .execute();
}

/** Sent mail older than `before` leaves the queue (the mail server or the outbox has it). */
export async function deleteSentMailBefore(db: Db, before: Date): Promise<number> {
  const gone = await db
    .deleteFrom('mailQueue')
    .where('sentAt', 'is not', null)
    .where('sentAt', '<', before)
    .returning('id')
    .execute();
  return gone.length;
}

/** Mail not sent yet that will still be tried. */
export async function countWaitingMail(db: Db, maxAttempts: number): Promise<number> {
  const row = await db
    .selectFrom('mailQueue')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sentAt', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
