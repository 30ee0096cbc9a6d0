import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/pglite-lock';
import { seededDataDir } from './helper';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-proc-'));
  dirs.push(dir);
  return dir;
};
/** A data directory whose database is migrated already: these tests are about the process, not the first start. */
const migratedDataDir = () => {
  const dir = seededDataDir('sp-proc-');
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('embedded database lock', () => {
  it('fails at once with a clear message while another live process holds the directory', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already in use by process/);
  });

  it('takes over a lock left by a process that no longer runs, and releases it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'pglite.lock'), '999999999');
    const unlock = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    unlock();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});

/**
 * The server from its sources, one process: node with tsx's loader. (tsx's own command is a second process that
 * passes a signal on only if the server acknowledges it within 30 ms, and otherwise kills it: exit 143 when the
 * machine is busy.)
 */
function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, LOG_LEVEL: 'info', DEMO_DATA: 'off', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('server process', () => {
  it('stops start-up with a message naming every bad variable', async () => {
    const { child, output } = startServer({ PORT: 'abc', SMTP_URL: 'ftp://x', DATA_DIR: tempDir() });
    expect(await exitOf(child)).toBe(1);
    expect(output()).toContain('PORT');
    expect(output()).toContain('SMTP_URL');
  });

  it('serves, refuses a second process on the same data, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = migratedDataDir();
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const first = startServer({ PORT: port, DATA_DIR: dataDir });
    const firstExit = exitOf(first.child);
    let healthy = false;
    for (let i = 0; i < 480 && !healthy; i++) {
      await new Promise((r) => setTimeout(r, 250));
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
    }
    expect(healthy, first.output()).toBe(true);

    const second = startServer({ PORT: String(Number(port) + 1), DATA_DIR: dataDir });
    expect(await exitOf(second.child)).toBe(1);
    expect(second.output()).toContain('already in use by process');

    first.child.kill('SIGTERM');
    expect(await firstExit).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});

// Issue 22, findings 4 and 5: production kept mail in the outbox (links logged) without SMTP_URL, and paid with
// the offline test provider without PAYMENT_PROVIDER. Checked on what `npm start` runs: the built server.
describe('production start-up of the built server', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const builtServer = path.resolve(import.meta.dirname, '../dist/server.js');

  beforeAll(() => {
    const build = spawnSync('npm', ['run', 'build', '-w', '@soulpunch/server'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  }, 120_000);

  /**
   * The built server with only these variables (no .env, nothing inherited from the test run), in a folder of its
   * own; on a migrated database when it is meant to start (`serves`), where a refused start never reaches one.
   */
  function startBuilt(env: Record<string, string>, serves = false) {
    const dir = serves ? migratedDataDir() : tempDir();
    let output = '';
    const child = spawn(process.execPath, [builtServer], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        INIT_CWD: dir,
        DATA_DIR: dir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-secret-of-32-characters!',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => {
      output += c;
    });
    child.stderr?.on('data', (c) => {
      output += c;
    });
    return { child, dir, output: () => output };
  }

  it('refuses without SMTP_URL or PAYMENT_PROVIDER, and TRUST_PROXY=true, naming each', async () => {
    const bare = startBuilt({ TRUST_PROXY: 'true' });
    expect(await exitOf(bare.child)).toBe(1);
    expect(bare.output()).toContain('SMTP_URL: required when NODE_ENV is production');
    expect(bare.output()).toContain('PAYMENT_PROVIDER: required when NODE_ENV is production');
    expect(bare.output()).toContain('TRUST_PROXY: true would let any client choose its own address');

    const noSmtp = startBuilt({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(await exitOf(noSmtp.child)).toBe(1);
    expect(noSmtp.output()).toContain('SMTP_URL: required');
    expect(noSmtp.output()).not.toContain('PAYMENT_PROVIDER');

    const noProvider = startBuilt({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(await exitOf(noProvider.child)).toBe(1);
    expect(noProvider.output()).toContain('PAYMENT_PROVIDER: required');
    expect(noProvider.output()).not.toContain('SMTP_URL');
  }, 60_000);

  it('starts once they are given, with a hop count for the proxy and no mailbox', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const web = tempDir();
    writeFileSync(
      path.join(web, 'index.html'),
      '<html><head><title>Soul Punch</title></head><body></body></html>',
    );
    const server = startBuilt(
      {
        PORT: port,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PAYMENT_PROVIDER: 'test',
        TRUST_PROXY: '1',
        WEB_DIST_DIR: web,
      },
      true,
    );
    const exited = exitOf(server.child);
    let healthy = false;
    for (let i = 0; i < 480 && !healthy && server.child.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
    }
    expect(healthy, server.output()).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`)).status).toBe(404);
    server.child.kill('SIGTERM');
    // Draining: health tells the proxy to send no more while the process finishes what it was sent.
    for (let i = 0; i < 100 && !server.output().includes('shutting down'); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: { code: string } }).error.code).toBe('shutting_down');
    expect(await exited).toBe(0);
    expect(server.output()).toContain('"msg":"shut down"');
  }, 180_000);

  it('exits at once, with 1, on a second signal while draining (close-with-grace)', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const web = tempDir();
    writeFileSync(path.join(web, 'index.html'), '<html><head><title>Soul Punch</title></head></html>');
    const server = startBuilt(
      {
        PORT: port,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PAYMENT_PROVIDER: 'test',
        WEB_DIST_DIR: web,
      },
      true,
    );
    const exited = exitOf(server.child);
    let healthy = false;
    for (let i = 0; i < 480 && !healthy && server.child.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
    }
    expect(healthy, server.output()).toBe(true);
    server.child.kill('SIGTERM');
    // The drain waits for 300 ms without a request at least: the second signal arrives during it.
    await new Promise((r) => setTimeout(r, 100));
    server.child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(server.output()).toContain('second SIGINT, exiting');
    expect(server.output()).not.toContain('"msg":"shut down"');
  }, 180_000);
});
