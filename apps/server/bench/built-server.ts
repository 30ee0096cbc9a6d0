// The built server as production runs it (the image: its Node with `npm start`'s flags on dist/server.js, and the
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

/** How the server is run: which node, with which environment (the allocator's), and a line that says so. */
export interface ServerRuntime {
  node: string;
  env: Record<string, string>;
  about: string;
}

/**
 * The server's runtime, as the image runs it: the image's Node (scripts/image-node.mjs) unless the bench is told
 * `BENCH_NODE=machine` (this machine's, as `npm start` runs it), and the image's memory allocator (jemalloc:
 * scripts/image-allocator.mjs) unless it is told `BENCH_ALLOCATOR=glibc`.
 */
export function serverRuntime(): Promise<ServerRuntime> {
  // Found (and installed) once per bench: every start of the server uses it.
  chosenRuntime ??= findRuntime();
  return chosenRuntime;
}

let chosenRuntime: Promise<ServerRuntime> | undefined;

async function findRuntime(): Promise<ServerRuntime> {
  const script = (name: string) => pathToFileURL(path.join(repoRoot, 'scripts', name)).href;
  const { imageNode } = (await import(script('image-node.mjs'))) as {
    imageNode: (options: { install: boolean }) => string;
  };
  const machine = process.env.BENCH_NODE === 'machine';
  const node = machine ? process.execPath : imageNode({ install: true });
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const nodeAbout = `Node ${version}, ${machine ? "this machine's" : "the image's"}`;
  if (process.env.BENCH_ALLOCATOR === 'glibc')
    return { node, env: {}, about: `${nodeAbout}, glibc as npm start runs` };
  const { imageAllocatorEnv } = (await import(script('image-allocator.mjs'))) as {
    imageAllocatorEnv: (options: { install: boolean }) => { LD_PRELOAD: string; MALLOC_CONF: string };
  };
  const env = imageAllocatorEnv({ install: true });
  return { node, env, about: `${nodeAbout}, jemalloc with MALLOC_CONF=${env.MALLOC_CONF} as the image runs` };
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
  const runtime = await serverRuntime();
  const child: ChildProcess = spawn(runtime.node, [...SERVER_NODE_FLAGS, 'dist/server.js'], {
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
      ...runtime.env,
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
