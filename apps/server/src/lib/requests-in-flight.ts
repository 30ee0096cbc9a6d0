import type { Server } from 'node:http';

export interface RequestsInFlight {
  /** Requests read and not yet answered in full (nor cut off by their client). Never below zero. */
  readonly count: number;
  /** Epoch ms of the last request that ended. */
  readonly lastActive: number;
  /**
   * Resolves once the server is idle, no request in flight for `quietMs`, or after `limitMs` whatever the count
   * (to false then).
   */
  idle(options: { limitMs: number; quietMs: number; pollMs?: number }): Promise<boolean>;
}

/**
 * Counts at the HTTP server itself: one 'request' event, then exactly one 'close' of its response (answered, or
 * its connection cut). Fastify's hooks do not pair up like that: an onRequest hook that answers skips the ones
 * after it while every onResponse still runs (the count went to -14), and an aborted request runs
 * onRequestAbort instead of onResponse.
 */
export function countRequestsInFlight(server: Server, now: () => number = Date.now): RequestsInFlight {
  let count = 0;
  let lastActive = now();
  // A response closes once: one listener for all of them, not a closure (and once's wrapper) per request.
  const ended = () => {
    count -= 1;
    lastActive = now();
  };
  // Before Fastify's own listener: a request answered at once is counted before its answer can end.
  server.prependListener('request', (_request, response) => {
    count += 1;
    response.on('close', ended);
  });
  return {
    get count() {
      return count;
    },
    get lastActive() {
      return lastActive;
    },
    async idle({ limitMs, quietMs, pollMs = 50 }) {
      const started = now();
      lastActive = Math.max(lastActive, started);
      while (count > 0 || now() - lastActive < quietMs) {
        if (now() - started >= limitMs) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      return true;
    },
  };
}
