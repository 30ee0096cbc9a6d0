import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, type TestApp } from './helper';

let smtp: SMTPServer;
const received: Array<{ to: string[]; raw: string }> = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('SMTP delivery', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('delivers the magic link to the SMTP server named by SMTP_URL', async () => {
    const { port } = smtp.server.address() as AddressInfo;
    t = await buildTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Soul Punch <hello@soulpunch.example>',
    });
    expect(t.app.mailer.kind).toBe('smtp');
    await createUser(t.app, 'trainer@example.com', ['trainer']);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'trainer@example.com' },
    });
    expect(res.statusCode).toBe(202);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['trainer@example.com']);
    const raw = (received[0]?.raw ?? '').replace(/=\r?\n/g, '');
    expect(raw).toContain('From: Soul Punch <hello@soulpunch.example>');
    expect(raw).toMatch(/http:\/\/localhost:3000\/auth\/confirm\?token(=3D|=)[A-Za-z0-9_-]{20,}/);
    expect(raw).toContain('text/html');
    expect(raw).toContain('text/plain');
    // Nothing is kept in the outbox when real mail is configured.
    expect(await t.app.db.selectFrom('outboxMessages').selectAll().execute()).toHaveLength(0);
  });
});
