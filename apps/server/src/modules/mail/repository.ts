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
