import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_USAGE, runAdminCommand } from '../src/cli/admin-command';
import { openDatabase } from '../src/db/database';
import type { AppDeps } from '../src/deps';
import { systemClock } from '../src/lib/clock';
import { currentSigningKey } from '../src/modules/certification/credential-keys';
import { appDeps, buildTestApp, createUser, resetDatabase, seededDataDir, type TestApp } from './helper';

let t: TestApp;
let deps: AppDeps;
beforeAll(async () => {
  t = await buildTestApp();
  deps = appDeps(t.app, systemClock);
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetDatabase(t.app);
  await createUser(t.app, 'boss@example.com', ['admin'], 'Bea Boss');
  await createUser(t.app, 'maria@example.com', ['trainer'], 'Maria Garcia');
});

const adminMailsTo = async (email: string) =>
  (
    await t.app.db
      .selectFrom('outboxMessages')
      .select(['subject', 'textBody'])
      .where('toAddress', '=', email)
      .orderBy('id')
      .execute()
  ).filter((m) => /administrator/.test(m.subject));

const administrators = async () => (await runAdminCommand(deps, ['list'])).map((line) => line.split('\t')[0]);

describe('npm run admin', () => {
  it('add e-mails the person once, as the admin screen does; a repeat changes nothing and sends nothing', async () => {
    expect(await runAdminCommand(deps, ['add', ' Maria@Example.com '])).toEqual([
      'maria@example.com is now an administrator (e-mailed).',
    ]);
    expect(await runAdminCommand(deps, ['add', 'maria@example.com'])).toEqual([
      'maria@example.com is already an administrator.',
    ]);
    expect(await administrators()).toEqual(['boss@example.com', 'maria@example.com']);
    const mails = await adminMailsTo('maria@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['You are now a Soul Punch administrator']);
    expect(mails[0]?.textBody).toContain(
      "You were given the administrator role on the Soul Punch trainer platform from its server's command line.",
    );
    expect(mails[0]?.textBody).toContain('Sign in to Soul Punch: http://localhost:3000/trainer-portal/login');
    expect(mails[0]?.textBody).not.toContain('token=');
    // Sent, not left for the mail round: the queue holds it as delivered.
    const queued = await t.app.db
      .selectFrom('mailQueue')
      .select(['sentAt'])
      .where('toAddress', '=', 'maria@example.com')
      .execute();
    expect(queued).toEqual([{ sentAt: expect.any(Date) }]);
  });

  it('add gives a new address an account, the role and the e-mail', async () => {
    await runAdminCommand(deps, ['add', 'new.admin@example.com']);
    expect(await administrators()).toEqual(['boss@example.com', 'new.admin@example.com']);
    expect((await adminMailsTo('new.admin@example.com')).map((m) => m.subject)).toEqual([
      'You are now a Soul Punch administrator',
    ]);
  });

  it('remove takes the role and e-mails the person; a trainer keeps their portal', async () => {
    await runAdminCommand(deps, ['add', 'maria@example.com']);
    expect(await runAdminCommand(deps, ['remove', 'maria@example.com'])).toEqual([
      'maria@example.com is no longer an administrator (e-mailed).',
    ]);
    expect(await administrators()).toEqual(['boss@example.com']);
    const mails = await adminMailsTo('maria@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'You are now a Soul Punch administrator',
      'Your Soul Punch administrator role was removed',
    ]);
    expect(mails[1]?.textBody).toContain(
      "Your administrator role on the Soul Punch trainer platform was removed from its server's command line.",
    );
    expect(mails[1]?.textBody).toContain('your Trainer Portal is not affected');
  });

  it('rotate-credential-key retires the key that signs credentials; the next credential makes a new one', async () => {
    await t.app.db.deleteFrom('credentialSigningKeys').execute();
    expect(await runAdminCommand(deps, ['rotate-credential-key'])).toEqual([
      'No credential key to retire: the first credential makes one.',
    ]);
    const first = await currentSigningKey(deps);
    const [line] = await runAdminCommand(deps, ['rotate-credential-key']);
    expect(first.kid.endsWith(`/${line?.split(' ')[2]}`)).toBe(true);
    expect((await currentSigningKey(deps)).kid).not.toBe(first.kid);
  });

  it('refuses the last administrator, someone who is not one, a bad address and a bad command, changing nothing', async () => {
    await expect(runAdminCommand(deps, ['remove', 'boss@example.com'])).rejects.toThrow(
      'The last administrator cannot be removed. Add another administrator first.',
    );
    await expect(runAdminCommand(deps, ['remove', 'maria@example.com'])).rejects.toThrow(
      'maria@example.com is not an administrator',
    );
    await expect(runAdminCommand(deps, ['add', 'not an address'])).rejects.toThrow(
      'Not a valid e-mail address: not an address',
    );
    for (const args of [[], ['add'], ['promote', 'maria@example.com']]) {
      await expect(runAdminCommand(deps, args)).rejects.toThrow(ADMIN_USAGE);
    }
    expect(await administrators()).toEqual(['boss@example.com']);
    expect(await adminMailsTo('boss@example.com')).toEqual([]);
    expect(await adminMailsTo('maria@example.com')).toEqual([]);
  });
});

/**
 * `npm run admin -- <args>` as a terminal runs it, on its own embedded database (migrated already, as on a server
 * that has run), in a folder of its own so no .env of the machine's own reaches it. Asynchronous: an SMTP server in this process must answer meanwhile.
 */
function runCommand(dataDir: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
  const entry = path.resolve(import.meta.dirname, '../src/cli/admin.ts');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    INIT_CWD: dataDir,
  };
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  const child = spawn(tsx, [entry, ...args], { env: { ...env, ...extraEnv }, cwd: dataDir });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}

async function outboxOf(dataDir: string) {
  const { db, close } = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await db.selectFrom('outboxMessages').select(['toAddress', 'subject']).execute();
  } finally {
    await close();
  }
}

describe('the admin command as run from a terminal', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = seededDataDir('sp-admin-cli-');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the e-mail in the outbox without SMTP_URL, and says so', async () => {
    const run = await runCommand(dataDir, ['add', 'nina@example.com']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "e-mail kept in outbox: nina@example.com, 'You are now a Soul Punch administrator'",
    );
    expect(run.stdout).toContain('nina@example.com is now an administrator (e-mailed).');
    expect(await outboxOf(dataDir)).toEqual([
      { toAddress: 'nina@example.com', subject: 'You are now a Soul Punch administrator' },
    ]);
  }, 60_000); // a process of its own: tsx, then the embedded database

  it('sends it through the SMTP server named by SMTP_URL', async () => {
    const received: Array<{ to: string[]; raw: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const run = await runCommand(dataDir, ['add', 'nina@example.com'], {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('nina@example.com is now an administrator (e-mailed).');
      expect(received.map((m) => m.to)).toEqual([['nina@example.com']]);
      expect(received[0]?.raw).toContain('Subject: You are now a Soul Punch administrator');
      expect(await outboxOf(dataDir)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  }, 60_000);
});
