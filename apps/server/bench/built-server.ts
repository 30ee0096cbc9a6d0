// The built server as production runs it (the image: node with `npm start`'s flags on dist/server.js, and the
// image's memory allocator), in a process of its own, for the
// loads and the memory figures: in the bench's process the app shared its heap with the generated data and the
// bench's own work, which swayed both.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');

/** Builds the app (`npm run build`) when its build is missing or older than the sources (scripts/build-stamp.mjs). */
export async function ensureBuilt() {
  const stamp = pathToFileURL(path.join(repoRoot, 'scripts/build-stamp.mjs')).href;
  const { staleBuildReason } = (await import(stamp)) as { staleBuildReason: (root: string) => string | null };
  const stale = staleBuildReason(repoRoot);
  if (!stale) return;
  console.log(`  building the app (${stale})`);
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

/** Resident memory of a process, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/**
 * The node flags of the server's `npm start` (apps/server/package.json, as the image's CMD): the bench runs the
 * server as production does.
 */
export const SERVER_NODE_FLAGS: string[] = (
  JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')).scripts.start as string
)
  .split(' ')
  .filter((word) => word.startsWith('--'));

/**
 * The memory allocator, as the image runs the server (jemalloc: scripts/image-allocator.mjs) unless the bench is
 * told `BENCH_ALLOCATOR=glibc`, as `npm start` runs it.
 */
export function serverAllocator(): Promise<{ env: Record<string, string>; about: string }> {
  // Found (and installed) once per bench: every start of the server uses it.
  chosenAllocator ??= findAllocator();
  return chosenAllocator;
}

let chosenAllocator: Promise<{ env: Record<string, string>; about: string }> | undefined;

async function findAllocator(): Promise<{ env: Record<string, string>; about: string }> {
  if (process.env.BENCH_ALLOCATOR === 'glibc') return { env: {}, about: 'glibc, as npm start runs' };
  const allocator = pathToFileURL(path.join(repoRoot, 'scripts/image-allocator.mjs')).href;
  const { imageAllocatorEnv } = (await import(allocator)) as {
    imageAllocatorEnv: (options: { install: boolean }) => { LD_PRELOAD: string; MALLOC_CONF: string };
  };
  const env = imageAllocatorEnv({ install: true });
  return { env, about: `jemalloc with MALLOC_CONF=${env.MALLOC_CONF}, as the image runs` };
}

export interface BuiltServer {
  address: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts dist/server.js in production mode with `env` (the database: DATA_DIR or DATABASE_URL) and waits for
 * its first 200 on /api/health. Mail and payments are configured (production requires them) but never used.
 */
export async function startBuiltServer(env: Record<string, string>, port: number): Promise<BuiltServer> {
  const allocator = await serverAllocator();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server.js'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-secret-that-is-long-enough-000000',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PAYMENT_PROVIDER: 'test',
      ...allocator.env,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const address = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the built server stopped during start-up (${child.exitCode})`);
    try {
      if ((await fetch(`${address}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { address, pid: child.pid as number, stop };
}
