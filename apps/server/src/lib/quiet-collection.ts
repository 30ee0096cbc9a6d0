import { type EventLoopUtilization, performance } from 'node:perf_hooks';

// The server runs without V8's memory reducer (decision record 0031): its collections left the answers slower
// for the rest of the process's life. Without it the heap keeps the garbage of a busy spell (the rebuilds of the
// public answers) once the server goes quiet. This collects it then, with a plain full collection (decision
// record 0032), which leaves the answers as fast as before.

/** How often the server looks whether it is quiet. */
export const QUIET_CHECK_MS = 5_000;
/** Quiet: the event loop was busy for less than this share of the last check's interval. */
export const QUIET_UTILIZATION = 0.05;
/** Collected once the heap holds this much more than the last collection left (a few answers' rebuilds). */
export const GARBAGE_WORTH_COLLECTING = 16 * 1024 * 1024;

/** What one check sees. */
export interface QuietReading {
  /** Share of the interval the event loop was busy, 0 to 1. */
  utilization: number;
  /** Bytes of V8's heap in use now. */
  heapUsed: number;
  /** Bytes in use after the last collection this made (0 before the first). */
  heapUsedAfterCollection: number;
}

/** The rule: collect when the server is quiet and the heap has grown enough since the last collection. */
export function isTimeToCollect({ utilization, heapUsed, heapUsedAfterCollection }: QuietReading): boolean {
  return utilization < QUIET_UTILIZATION && heapUsed - heapUsedAfterCollection >= GARBAGE_WORTH_COLLECTING;
}

export interface QuietCollectionProbe {
  /** The event loop's busy share since the previous call (or since the start). */
  utilization(): number;
  heapUsed(): number;
  /** A full collection (node's `gc` with `--expose-gc`). */
  collect(): void;
}

/** The process's own event loop and heap; null without `--expose-gc` (tests, `npm run dev`). */
export function processProbe(): QuietCollectionProbe | null {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return null;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return {
    utilization() {
      const now = performance.eventLoopUtilization();
      const share = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return share;
    },
    heapUsed: () => process.memoryUsage().heapUsed,
    collect: () => gc(),
  };
}

/**
 * Checks every `checkMs` whether to collect (isTimeToCollect) and collects then. The timer keeps no process
 * alive. Returns the function that stops it.
 */
export function collectGarbageWhenQuiet(
  probe: QuietCollectionProbe,
  options: { checkMs?: number; onCollected?: (freedBytes: number) => void } = {},
): () => void {
  let heapUsedAfterCollection = 0;
  probe.utilization(); // the first interval starts now
  const timer = setInterval(() => {
    const reading = { utilization: probe.utilization(), heapUsed: probe.heapUsed(), heapUsedAfterCollection };
    if (!isTimeToCollect(reading)) return;
    probe.collect();
    heapUsedAfterCollection = probe.heapUsed();
    options.onCollected?.(reading.heapUsed - heapUsedAfterCollection);
  }, options.checkMs ?? QUIET_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
