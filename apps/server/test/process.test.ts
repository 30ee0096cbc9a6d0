import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/pglite-lock';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-proc-'));
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

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(tsx, [serverEntry], {
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
    const dataDir = tempDir();
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
