import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppConfig, parseTrustProxy } from '../src/config';
import { buildTestApp, createUser, type TestApp } from './helper';

// Issue 22, finding 8: with TRUST_PROXY=true any client chose request.ip through X-Forwarded-For (the dev mailbox
// opened remotely, per-address limits stopped holding, the signer's address in an audit trail could be forged).

const trustOf = (value: string): AppConfig['trustProxy'] => {
  const parsed = parseTrustProxy(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.trust;
};

/** The address every rule keyed by client (rate limits, audit trails) sees, as the app computes it. */
function addIpProbe(app: FastifyInstance) {
  app.get('/api/test-probe/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip }));
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ipSeen = async (remoteAddress: string, forwardedFor?: string) => {
  const res = await t?.app.inject({
    method: 'GET',
    url: '/api/test-probe/ip',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  expect(res?.statusCode, res?.body).toBe(200);
  return res?.json().ip as string;
};

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    t = await buildTestApp({ trustProxy: trustOf('') }, addIpProbe);
    expect(await ipSeen('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(await ipSeen('127.0.0.1', '198.51.100.1')).toBe('127.0.0.1');
  });

  it('with a hop count, reads X-Forwarded-For only from a private or loopback peer', async () => {
    t = await buildTestApp({ trustProxy: trustOf('1') }, addIpProbe);
    // A client on the internet that reaches the server directly cannot choose its address.
    expect(await ipSeen('203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
    expect(await ipSeen('203.0.113.9', '198.51.100.1, 10.0.0.2')).toBe('203.0.113.9');
    // The proxy in front (on a private network) tells the client's address; one hop only.
    expect(await ipSeen('10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await ipSeen('10.0.0.2', '127.0.0.1, 198.51.100.1')).toBe('198.51.100.1');
  });

  it('with addresses, reads X-Forwarded-For only from those proxies', async () => {
    t = await buildTestApp({ trustProxy: trustOf('10.0.0.2, 10.9.0.0/16') }, addIpProbe);
    expect(await ipSeen('10.0.0.2', '198.51.100.1')).toBe('198.51.100.1');
    expect(await ipSeen('10.9.4.4', '198.51.100.2')).toBe('198.51.100.2');
    expect(await ipSeen('10.0.0.3', '198.51.100.1')).toBe('10.0.0.3');
    expect(await ipSeen('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('keys the sign-in link limit by the real address, whatever X-Forwarded-For says', async () => {
    t = await buildTestApp({ trustProxy: trustOf('1'), signInLinksPerIp: 3 });
    const app = t.app;
    const ask = (remoteAddress: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/magic-link',
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `nobody${i}@example.com` },
      });
    // A direct client that invents a new address each time is still one address: the fourth is refused.
    const direct = [];
    for (let i = 1; i <= 4; i++) direct.push((await ask('203.0.113.9', i)).statusCode);
    expect(direct).toEqual([404, 404, 404, 429]);
    // Behind the trusted proxy each client has a limit of its own.
    const proxied = [];
    for (let i = 1; i <= 4; i++) proxied.push((await ask('10.0.0.2', i)).statusCode);
    expect(proxied).toEqual([404, 404, 404, 404]);
  });
});

describe('development mailbox', () => {
  const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t?.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress, headers });

  it('opens to this machine only, decided on the socket, never on X-Forwarded-For', async () => {
    // A proxy at 203.0.113.9 is trusted: request.ip becomes whatever it forwards, loopback included.
    t = await buildTestApp({ trustProxy: trustOf('203.0.113.9') });
    await createUser(t.app, 'kim@example.com', ['trainer']);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'kim@example.com' },
    });

    const local = await mailbox('127.0.0.1');
    expect(local?.statusCode).toBe(200);
    expect(local?.json().messages[0].text).toContain('/auth/confirm?token=');

    for (const [peer, headers] of [
      ['203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }],
      ['203.0.113.9', {}],
      ['10.0.0.2', { 'x-forwarded-for': '::1' }],
      // A tunnel or proxy on this machine forwards someone else's request.
      ['127.0.0.1', { 'x-forwarded-for': '198.51.100.1' }],
      ['::1', { forwarded: 'for=198.51.100.1' }],
    ] as const) {
      const res = await mailbox(peer, headers);
      expect(res?.statusCode, `${peer} ${JSON.stringify(headers)}`).toBe(404);
      expect(res?.body).not.toContain('token');
    }
  });
  it("lists only one address's messages when asked with ?to=, and refuses an unknown parameter", async () => {
    t = await buildTestApp();
    for (const email of ['kim@example.com', 'lee@example.com']) {
      await createUser(t.app, email, ['trainer']);
      await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
    }
    const all = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(
      all
        .json()
        .messages.map((m: { to: string }) => m.to)
        .sort(),
    ).toEqual(['kim@example.com', 'lee@example.com']);
    const kim = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox?to=Kim@Example.com',
      remoteAddress: '127.0.0.1',
    });
    expect(kim.json().messages.map((m: { to: string }) => m.to)).toEqual(['kim@example.com']);
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox?from=x',
      remoteAddress: '127.0.0.1',
    });
    expect(odd.statusCode).toBe(400);
  });
});
