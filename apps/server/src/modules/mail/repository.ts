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

/** The newest messages of the outbox first. */
export async function latestOutboxMessages(db: Db, limit: number) {
  return db.selectFrom('outboxMessages').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
