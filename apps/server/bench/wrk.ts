// The load generator of the benchmarks: Debian's `wrk`. It does not decode the bodies it receives, so it is not
// the limit; autocannon decodes every body and became it (issue 12's last figure).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoadResult {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  errors: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function milliseconds(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) throw new Error(`wrk: cannot read the latency "${value}"`);
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

/** Requests per second, the 50th and 99th latency percentiles, and every failed answer of `wrk --latency`. */
export function parseWrkOutput(out: string): LoadResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
  const p50 = /^\s+50%\s+(\S+)/m.exec(out)?.[1];
  const p99 = /^\s+99%\s+(\S+)/m.exec(out)?.[1];
  if (!rps || !p50 || !p99) throw new Error(`wrk: unexpected output:\n${out}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps: Number(rps), p50: milliseconds(p50), p99: milliseconds(p99), errors: socketErrors + non2xx };
}

/** Installs `wrk` from Debian when it is missing, as `.ci/run` installs Chromium (machines start bare). */
export function ensureWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // `wrk --version` exits 1 after printing its version; only a missing binary throws ENOENT.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    console.log('  installing wrk (apt-get install -y wrk)');
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
}

/** One load of `seconds` on `url` with `connections` open connections, asking for `acceptEncoding`. */
export async function wrkLoad(
  url: string,
  connections: number,
  seconds: number,
  acceptEncoding: string,
): Promise<LoadResult> {
  // One thread: its event loop keeps 50 connections busy while the app and plain http keep the other core.
  const { stdout } = await run('wrk', [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    '-H',
    `Accept-Encoding: ${acceptEncoding}`,
    url,
  ]);
  return parseWrkOutput(stdout);
}
