import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { buildTestApp, type TestApp, testConfig } from './helper';

/** The error the pg driver really gives when nothing listens where the database should be. */
async function refusedConnectionError(): Promise<Error> {
  const client = new pg.Client({ host: '127.0.0.1', port: 9, user: 'x', database: 'x' });
  return client.connect().then(
    () => {
      throw new Error('expected the connection to fail');
    },
    (error: Error) => error,
  );
}

const outageAnswer = {
  error: {
    code: 'database_unavailable',
    message: 'The database is not answering right now, so nothing was changed. Please try again in a moment.',
  },
};

describe('recognising an unavailable database', () => {
  it('tells connection failures and shutdowns apart from mistakes in a query', async () => {
    expect(isDatabaseUnavailable(await refusedConnectionError())).toBe(true);
    const sqlState = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    expect(
      isDatabaseUnavailable(sqlState('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(sqlState('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(sqlState('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(sqlState('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(sqlState('42601', 'syntax error'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('answers while the database is unavailable', () => {
  let t: TestApp;
  let refused: Error;
  beforeAll(async () => {
    refused = await refusedConnectionError();
    t = await buildTestApp({}, (app) => {
      app.get('/api/test-outage', { config: { access: 'public' } }, async () => {
        throw refused;
      });
    });
  });
  afterAll(() => t.close());

  it('is a 503 with the error envelope, Retry-After and nothing of the driver', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-outage' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(outageAnswer);
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect/);
  });
});

/**
 * A real outage on PostgreSQL: the app reaches the server through a TCP relay that this test can cut (every open
 * connection dropped, new ones refused) and restore, as when PostgreSQL restarts or fails over.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL going away and coming back', () => {
  // vitest still runs a skipped describe's body to collect it, and the PGlite run sets TEST_DATABASE_URL to ''.
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://unused';
  const name = `sp_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const target = new URL(adminUrl);
  const sockets = new Set<net.Socket>();
  let relay: net.Server;
  let relayPort = 0;
  let app: FastifyInstance;

  const openRelay = () =>
    new Promise<void>((resolve) => {
      relay = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      relay.listen(relayPort, '127.0.0.1', () => {
        relayPort = (relay.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cutRelay = () =>
    new Promise<void>((resolve) => {
      relay.close(() => resolve());
      for (const s of sockets) s.destroy();
    });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    await openRelay();
    const url = new URL(adminUrl);
    url.host = `127.0.0.1:${relayPort}`;
    url.pathname = `/${name}`;
    app = await buildApp(testConfig(), {
      database: { kind: 'postgres', url: url.toString() },
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cutRelay().catch(() => {});
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('answers 503 with a clear message, health included, and recovers without a restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await cutRelay();
    for (const url of ['/api/health', '/api/public-trainers', '/api/classes']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
      expect(res.json()).toEqual(outageAnswer);
    }

    await openRelay();
    // The pool drops its dead connections and opens new ones on the next request.
    let health = 0;
    for (let attempt = 0; attempt < 50 && health !== 200; attempt++) {
      health = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
      if (health !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/public-trainers' })).statusCode).toBe(200);
  });
});
