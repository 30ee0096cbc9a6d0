import type { Db } from '../../db/database';
import type { MailMessage } from './mailer';

/** Keeps a message in the outbox table (the development mailbox and the tests read it there). */
export async function insertOutboxMessage(db: Db, message: MailMessage): Promise<void> {
  await db
    .insertInto('outboxMessages')
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      attachments: JSON.stringify(message.attachments ?? []),
    })
    .execute();
}

/** The newest messages of the outbox first; only those to `to` when it is given. */
export async function latestOutboxMessages(db: Db, limit: number, to?: string) {
  let query = db.selectFrom('outboxMessages').selectAll();
  if (to !== undefined) query = query.where('toAddress', '=', to);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** The mailer's last success, for the integrations card. */
export async function recordMailSent(db: Db, at: Date): Promise<void> {
  await db
    .insertInto('mailHealth')
    .values({ id: 1, lastSentAt: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ lastSentAt: at }))
    .execute();
}

/** The mailer's last refusal (the reason and the subject, never the recipient or the body). */
export async function recordMailFailure(db: Db, at: Date, error: string, subject: string): Promise<void> {
  const values = {
    lastFailedAt: at,
    lastError: error.slice(0, 500),
    lastFailedSubject: subject.slice(0, 200),
  };
  await db
    .insertInto('mailHealth')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

export async function findMailHealth(db: Db) {
  return db.selectFrom('mailHealth').selectAll().where('id', '=', 1).executeTakeFirst();
}
