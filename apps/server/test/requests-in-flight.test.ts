import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRequestsInFlight, type RequestsInFlight } from '../src/lib/requests-in-flight';
import { buildTestApp, type TestApp } from './helper';

/**
 * The counter graceful shutdown waits on (server.ts), on the real app over real sockets: requests refused by
 * the access rules before any later hook runs, requests whose client hangs up mid-body or mid-answer.
 */
let t: TestApp;
let counter: RequestsInFlight;
let port = 0;
let lowest = 0;
let releaseSlow: () => void = () => {};
let slowStarted: () => void = () => {};

beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    app.get('/api/test-slow', { config: { access: 'public' } }, async () => {
      slowStarted();
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
      });
      return { ok: true };
    });
  });
  counter = countRequestsInFlight(t.app.server);
  // Watch every change: the count must never dip below zero, even for a moment.
  t.app.server.on('request', (_req, res) =>
    res.on('close', () => (lowest = Math.min(lowest, counter.count))),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes on a new connection; resolves with what came back once the server closes or `ms` pass. */
function raw(text: string, { hangUpAfterMs }: { hangUpAfterMs?: number } = {}) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => {});
    socket.write(text);
    if (hangUpAfterMs !== undefined) setTimeout(() => socket.destroy(), hangUpAfterMs);
  });
}

const settle = () => counter.idle({ limitMs: 3000, quietMs: 0, pollMs: 10 });

describe('requests in flight, counted for graceful shutdown', () => {
  it('counts requests that the access rules refuse in their first hook', async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => fetch(`http://127.0.0.1:${port}/api/trainers`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(15).fill(401));
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    expect(await settle()).toBe(true);
    expect(counter.count).toBe(0);
    expect(lowest).toBe(0);
  });

  it('stays exact when clients hang up mid-body and mid-answer', async () => {
    // A body announced as 100 KB of which 10 bytes arrive before the client goes away.
    const cutBodies = Array.from({ length: 5 }, () =>
      raw(
        'POST /api/auth/magic-link HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"',
        { hangUpAfterMs: 100 },
      ),
    );
    // A request the handler is still working on when its client leaves.
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    const slow = raw('GET /api/test-slow HTTP/1.1\r\nHost: x\r\n\r\n', { hangUpAfterMs: 300 });
    await started;
    expect(counter.count).toBeGreaterThanOrEqual(1);
    // Not idle while it waits: shutdown gives up only at its limit.
    expect(await counter.idle({ limitMs: 150, quietMs: 0, pollMs: 10 })).toBe(false);
    await Promise.all([...cutBodies, slow]);
    expect(await settle()).toBe(true);
    expect(counter.count).toBe(0);
    releaseSlow();

    // And a request answered in full after all that is counted and released as usual.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();
    expect(await settle()).toBe(true);
    expect(counter.count).toBe(0);
    expect(lowest).toBe(0);
  });

  it('waits for the quiet time after the last answer', async () => {
    const started = Date.now();
    expect(await counter.idle({ limitMs: 5000, quietMs: 200, pollMs: 10 })).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
