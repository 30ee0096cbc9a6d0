import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { MailAttachment } from '../../db/schema';
import { lazyModule } from '../../lib/lazy-module';
import { loadBrand } from '../branding/service';
import { brandEmail } from './brand';
import {
  findMailHealth,
  insertOutboxMessage,
  latestOutboxMessages,
  recordMailFailure,
  recordMailSent,
} from './repository';

/** Only with SMTP_URL; loaded then, not at every start. */
const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attachments: a calendar invite (.ics) as text, a signed PDF as base64. */
  attachments?: MailAttachment[];
  /** Where replies go (the brand's support address); the outbox does not keep it. */
  replyTo?: string;
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
 * Without SMTP every message is kept in the outbox table for the development mailbox page and for tests, and
 * logged. In development the log carries the text, sign-in link included, on purpose: that is how a developer signs
 * in from the terminal. Anywhere else only who and what: a mail's links are keys (a sign-in link signs in as its
 * recipient, an admin included; a cancel link cancels a registration), and logs travel further than the database.
 */
export function createOutboxMailer(db: Db, log: MailLog, env: AppConfig['env']): Mailer {
  const logText = env === 'development';
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutboxMessage(db, message);
      const mail = { to: message.to, subject: message.subject, ...(logText ? { text: message.text } : {}) };
      log.info({ mail }, 'e-mail kept in outbox');
    },
    async close() {},
  };
}

/** Where a mailer writes what it kept: the server's logger, or the command line's. */
export type MailLog = Pick<FastifyBaseLogger, 'info'>;

/**
 * Every message in the brand of the moment (mail/brand.ts), and what the mail server last did recorded for the
 * integrations card (a failure to record it never fails a send).
 */
export function brandedMailer(inner: Mailer, db: Db, appUrl: string): Mailer {
  return {
    kind: inner.kind,
    async send(message) {
      const branded = brandEmail(message, await loadBrand(db), appUrl);
      try {
        await inner.send(branded);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await recordMailFailure(db, new Date(), reason, message.subject).catch(() => undefined);
        throw error;
      }
      await recordMailSent(db, new Date()).catch(() => undefined);
    },
    close: () => inner.close(),
  };
}

/** The mailer configuration chooses, for the server and the command line alike: SMTP when SMTP_URL is set. */
export function createMailer(config: AppConfig, db: Db, log: MailLog): Mailer {
  const inner = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(db, log, config.env);
  return brandedMailer(inner, db, config.appUrl);
}

export async function listOutbox(db: Db, limit = 50, to?: string) {
  return latestOutboxMessages(db, limit, to);
}

/** What the mailer last did: its last success and its last refusal (the integrations card). */
export const mailHealth = (db: Db) => findMailHealth(db);
