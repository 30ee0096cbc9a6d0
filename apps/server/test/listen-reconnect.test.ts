import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Listening, listenOnPostgres } from '../src/db/database';
import { createUser, testConfig } from './helper';

/**
 * The change-notification connection after an outage (issue 22, finding 12): PostgreSQL is reached through a
 * TCP relay this test cuts (open connections dropped, new ones refused) for longer than one retry, then restores.
 * Before, a LISTEN connection that failed its one retry 2 s after the cut was never opened again.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('listening again after PostgreSQL goes away', () => {
  // vitest still runs a skipped describe's body to collect it, and the PGlite run sets TEST_DATABASE_URL to ''.
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://unused';
  const name = `sp_listen_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const target = new URL(adminUrl);
  const sockets = new Set<net.Socket>();
  let relay: net.Server | undefined;
  let relayPort = 0;
  const direct = new URL(adminUrl);
  direct.pathname = `/${name}`;
  const viaRelay = () => {
    const url = new URL(adminUrl);
    url.host = `127.0.0.1:${relayPort}`;
    url.pathname = `/${name}`;
    return url.toString();
  };

  const openRelay = () =>
    new Promise<void>((resolve) => {
      const server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      relay = server;
      server.listen(relayPort, '127.0.0.1', () => {
        relayPort = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cutRelay = () =>
    new Promise<void>((resolve) => {
      if (!relay) return resolve();
      relay.close(() => resolve());
      relay = undefined;
      for (const s of sockets) s.destroy();
    });
  /** Another process's write: straight to PostgreSQL, not through this app or the relay. */
  const fromElsewhere = async (text: string) => {
    const c = new pg.Client({ connectionString: direct.toString() });
    await c.connect();
    await c.query(text);
    await c.end();
  };
  const waitFor = async (what: () => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (!what() && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return what();
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    await openRelay();
  });
  afterAll(async () => {
    await cutRelay();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('reconnects with backoff after each outage, tells of it once, and reports what it may have missed once', async () => {
    let notified = 0;
    let missed = 0;
    const warnings: string[] = [];
    const infos: string[] = [];
    let listening: Listening | undefined;
    try {
      listening = await listenOnPostgres(viaRelay())('sp_test_channel', {
        onNotify: () => notified++,
        onMissed: () => missed++,
        log: { warn: (_d, message) => warnings.push(message), info: (_d, message) => infos.push(message) },
      });
      await fromElsewhere(`notify sp_test_channel`);
      expect(await waitFor(() => notified === 1, 5000)).toBe(true);
      expect(await listening.sync()).toBe(true);

      for (const outage of [1, 2]) {
        await cutRelay();
        expect(await waitFor(() => warnings.length === outage, 5000)).toBe(true);
        // Unknown while no one listens: the caller drops its copies rather than trust them.
        expect(await listening.sync()).toBe(false);
        // Longer than several retries (the first comes within 250 ms, then they double up to 3 s).
        await new Promise((r) => setTimeout(r, 3500));
        await openRelay();
        expect(await waitFor(() => missed === outage, 5000)).toBe(true);
        expect(warnings).toHaveLength(outage);
        expect(infos).toEqual(Array(outage).fill('change notifications restored'));

        const before = notified;
        await fromElsewhere(`notify sp_test_channel`);
        expect(await waitFor(() => notified === before + 1, 5000)).toBe(true);
      }
      // A sync waits for the notifications committed before it.
      const before = notified;
      await fromElsewhere(`notify sp_test_channel`);
      expect(await listening.sync()).toBe(true);
      expect(notified).toBe(before + 1);
      expect(missed).toBe(2);
    } finally {
      await listening?.stop();
    }
  });

  it('notices a connection that stops answering without being closed (a network partition)', async () => {
    let notified = 0;
    let missed = 0;
    let listening: Listening | undefined;
    try {
      listening = await listenOnPostgres(viaRelay(), { probeEveryMs: 300, answerWithinMs: 500 })(
        'sp_test_channel',
        { onNotify: () => notified++, onMissed: () => missed++ },
      );
      // Every byte on the open connections is held from now on; new connections pass.
      for (const s of sockets) {
        s.unpipe();
        s.pause();
      }
      expect(await waitFor(() => missed === 1, 5000)).toBe(true);
      await fromElsewhere(`notify sp_test_channel`);
      expect(await waitFor(() => notified === 1, 5000)).toBe(true);
    } finally {
      await Promise.race([listening?.stop(), new Promise((r) => setTimeout(r, 1000))]);
    }
  });

  it('a change made elsewhere after a 4 s outage shows in the public list within 5 s of recovery, cached or not', async () => {
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp(testConfig(), { database: { kind: 'postgres', url: viaRelay() }, logger: false });
      await app.ready();
      const { trainerId } = await createUser(app, 'amy@example.com', ['trainer'], 'Amy Brown');
      const names = async () => {
        const res = await (app as FastifyInstance).inject({ method: 'GET', url: '/api/public-trainers' });
        return res.statusCode === 200
          ? res.json().map((x: { firstName: string }) => x.firstName)
          : res.statusCode;
      };
      await expect.poll(names).toEqual(['Amy']);

      await cutRelay();
      await new Promise((r) => setTimeout(r, 4000));
      await openRelay();
      const back = Date.now();
      // Read again once the database answers (the answer is cached anew), then another process changes it.
      await expect.poll(names, { timeout: 5000, interval: 50 }).toEqual(['Amy']);
      await fromElsewhere(`update trainers set certification_suspended_at = now() where id = ${trainerId}`);
      await expect.poll(names, { timeout: 5000, interval: 100 }).toEqual([]);
      expect(Date.now() - back).toBeLessThan(5000);
    } finally {
      await app?.close();
    }
  });
});
