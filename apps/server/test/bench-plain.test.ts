import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainServer, record } from '../bench/public-pages';
import { buildTestApp, type TestApp } from './helper';
import { comparable, type RawAnswer } from './raw-http';

/**
 * The bench's reference (bench/public-pages.ts): a plain Node http server is the ceiling the app's public answers
 * are measured against, so it must send what the app sends, byte for byte but the Date and request id, and keep
 * its connections alive the same way.
 */
let t: TestApp;
let address = '';

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

/** Two requests on one kept-alive connection, as wrk sends them; the second answer. */
async function onKeptConnection(url: string): Promise<RawAnswer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<RawAnswer>((resolve, reject) => {
      get(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });
  try {
    await once();
    return await once();
  } finally {
    agent.destroy();
  }
}

describe("the bench's plain http reference", () => {
  it('sends the header lines (names, case, order) and bytes the app sends, and keeps alive as long', async () => {
    const targets = ['/api/public-trainers/states', '/api/classes'];
    const recorded = new Map();
    for (const url of targets) recorded.set(url, await record(address, url));
    const plain = await plainServer(recorded);
    try {
      for (const url of targets) {
        const app = await onKeptConnection(`${address}${url}`);
        const reference = await onKeptConnection(`http://127.0.0.1:${plain.port}${url}`);
        expect(app.status, url).toBe(200);
        expect(comparable(reference), url).toEqual(comparable(app));
        expect(app.rawHeaders).toContain('Keep-Alive');
      }
    } finally {
      await plain.close();
    }
  });
});
