import { systemClock } from '../lib/clock';
import { createFileStorage } from '../lib/file-storage';
import { createMailer, type MailLog } from '../modules/mail/mailer';
import { runAdminCommand } from './admin-command';
import { openConfiguredDatabase, runCli } from './open';

/** Without SMTP_URL the e-mail is kept in the outbox (the /dev/mailbox page lists it): say so on the terminal. */
const terminalLog = {
  info: (entry: { mail?: { to: string; subject: string } }, message?: string) => {
    if (entry.mail) console.log(`${message}: ${entry.mail.to}, '${entry.mail.subject}'`);
  },
} as MailLog;

runCli(async () => {
  const { db, close, config } = await openConfiguredDatabase();
  const mailer = createMailer(config, db, terminalLog);
  try {
    const deps = { db, config, mailer, storage: createFileStorage(config.storage), clock: systemClock };
    for (const line of await runAdminCommand(deps, process.argv.slice(2))) console.log(line);
  } finally {
    await mailer.close();
    await close();
  }
});
