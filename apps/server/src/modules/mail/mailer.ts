import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { Db } from '../../db/database';
import type { MailAttachment } from '../../db/schema';
import { lazyModule } from '../../lib/lazy-module';

/** Only with SMTP_URL; loaded then, not at every start. */
const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attachments: a calendar invite (.ics) as text, a signed PDF as base64. */
  attachments?: MailAttachment[];
}

/** Where e-mail goes: a real SMTP server, or the embedded outbox when none is configured. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer().createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP every message is logged (link included, on purpose: this is how a developer signs in) and kept
 * in the outbox table for the development mailbox page and for tests.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
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
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'e-mail kept in outbox',
      );
    },
    async close() {},
  };
}

export async function listOutbox(db: Db, limit = 50) {
  return db.selectFrom('outboxMessages').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
