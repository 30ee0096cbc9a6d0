// Cold start of the built server (`npm start` without the build): from starting node on dist/server.js, with
// an existing embedded database, to the first 200 on /api/health; and the memory the process then holds.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { rssMb, SERVER_NODE_FLAGS, serverRuntime } from './built-server';
import { percentile } from './shared';

const root = path.resolve(import.meta.dirname, '..');

export interface StartFigures {
  medianMs: number;
  minMs: number;
  rssMb: number;
  /** CPU time of the server's process (all its threads) to the first 200: less swayed by other work than the time. */
  cpuMs: number;
  /** The machine's load average (1 minute) at the first and the last start. */
  load: [number, number];
  runs: number;
}

/** User and system time of a process so far (Linux counts it in ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(dataDir: string, port: number): Promise<{ ms: number; rss: number; cpu: number }> {
  const runtime = await serverRuntime();
  const started = performance.now();
  const child: ChildProcess = spawn(runtime.node, [...SERVER_NODE_FLAGS, 'dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...runtime.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('the server stopped during start-up');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = performance.now() - started;
    const cpu = cpuMs(child.pid as number);
    // Settled: what the process holds once start-up's garbage is gone.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { ms, rss: rssMb(child.pid as number), cpu };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchColdStart(runs: number): Promise<StartFigures> {
  console.log('\nCold start of the built server (dist/server.js) with an existing embedded database');
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-start-'));
  const port = Number(process.env.BENCH_PORT) || 3900 + Math.floor(Math.random() * 90);
  try {
    await startOnce(dataDir, port); // creates the database and loads the demo data
    const times: number[] = [];
    const memory: number[] = [];
    const cpu: number[] = [];
    const firstLoad = loadavg()[0] ?? 0;
    for (let i = 0; i < runs; i++) {
      const start = await startOnce(dataDir, port);
      times.push(start.ms);
      memory.push(start.rss);
      cpu.push(start.cpu);
    }
    for (const list of [times, memory, cpu]) list.sort((a, b) => a - b);
    const figures: StartFigures = {
      medianMs: percentile(times, 0.5),
      minMs: times[0] ?? 0,
      rssMb: percentile(memory, 0.5),
      cpuMs: percentile(cpu, 0.5),
      load: [firstLoad, loadavg()[0] ?? 0],
      runs,
    };
    console.log(
      `  first 200 on /api/health: median ${figures.medianMs.toFixed(0)} ms, best ${figures.minMs.toFixed(0)} ms, ` +
        `CPU ${figures.cpuMs.toFixed(0)} ms; memory (RSS) ${figures.rssMb.toFixed(0)} MB  (${runs} starts, load ` +
        `average ${figures.load.map((l) => l.toFixed(1)).join(' then ')} on ${availableParallelism()} cores)`,
    );
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
