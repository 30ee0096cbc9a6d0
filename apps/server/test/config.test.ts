import { describe, expect, it } from 'vitest';
import { ConfigError, isPrivateAddress, loadConfig, parseTrustProxy } from '../src/config';

describe('configuration', () => {
  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', APP_URL: 'not a url', SMTP_URL: 'http://mail.example', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'APP_URL', 'SMTP_URL', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('rejects an invalid admin e-mail and a short session secret', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'ok@example.com, nope', SESSION_SECRET: 'short' })).toThrow(
      /ADMIN_EMAILS[\s\S]*SESSION_SECRET|SESSION_SECRET[\s\S]*ADMIN_EMAILS/,
    );
  });

  it('keeps files on disk by default and in an S3-compatible bucket when S3_BUCKET is set', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, { dataDir: '/tmp/sp-config' }).storage).toEqual({
      kind: 'disk',
      dir: '/tmp/sp-config/uploads',
    });
    const config = loadConfig({
      ...secret,
      S3_BUCKET: 'soulpunch-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      JOBS_EVERY_SECONDS: '60',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'soulpunch-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(config.jobsEveryMs).toBe(60_000);
    expect(() => loadConfig({ ...secret, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required/,
    );
    expect(() => loadConfig({ ...secret, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ ...secret, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('takes the sign-in link limits from the environment, within bounds', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    const defaults = loadConfig(secret, { dataDir: '/tmp/sp-config' });
    expect([defaults.signInLinksPerIp, defaults.signInLinksPerEmail]).toEqual([20, 5]);
    const raised = loadConfig({ ...secret, SIGN_IN_LINKS_PER_IP: '200', SIGN_IN_LINKS_PER_EMAIL: '10' });
    expect([raised.signInLinksPerIp, raised.signInLinksPerEmail]).toEqual([200, 10]);
    expect(() => loadConfig({ ...secret, SIGN_IN_LINKS_PER_EMAIL: '0' })).toThrow(/SIGN_IN_LINKS_PER_EMAIL/);
    expect(() => loadConfig({ ...secret, SIGN_IN_LINKS_PER_IP: 'many' })).toThrow(/SIGN_IN_LINKS_PER_IP/);
  });

  it('takes what renewal requires from RENEWAL_REQUIRES, the fee among them, and refuses anything else', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).certification.renewalRequires).toEqual(['refresher']);
    expect(
      loadConfig({ ...secret, RENEWAL_REQUIRES: 'fee, insurance' }).certification.renewalRequires,
    ).toEqual(['fee', 'insurance']);
    expect(loadConfig({ ...secret, RENEWAL_REQUIRES: 'none' }).certification.renewalRequires).toEqual([]);
    expect(() => loadConfig({ ...secret, RENEWAL_REQUIRES: 'fee,deposit' })).toThrow(/RENEWAL_REQUIRES/);
  });

  it('takes map tiles only as an https template with their attribution', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, { dataDir: '/tmp/sp-config' }).mapTiles).toBeNull();
    const url = 'https://{s}.tile.example.com/{z}/{x}/{y}.png';
    expect(
      loadConfig({ ...secret, MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: ' © Example ' }).mapTiles,
    ).toEqual({
      url,
      attribution: '© Example',
    });
    expect(() => loadConfig({ ...secret, MAP_TILE_URL: url })).toThrow(/MAP_TILE_ATTRIBUTION: required/);
    expect(() =>
      loadConfig({
        ...secret,
        MAP_TILE_URL: 'http://tiles.example.com/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: 'x',
      }),
    ).toThrow(/MAP_TILE_URL: must be an https/);
    expect(() =>
      loadConfig({ ...secret, MAP_TILE_URL: 'https://tiles.example.com/map.png', MAP_TILE_ATTRIBUTION: 'x' }),
    ).toThrow(/MAP_TILE_URL: must be a tile address template/);
  });

  it('has working defaults and derives APP_URL from the port', () => {
    const config = loadConfig(
      { PORT: '4010', SESSION_SECRET: 'x'.repeat(32) },
      { dataDir: '/tmp/sp-config' },
    );
    expect(config.port).toBe(4010);
    expect(config.appUrl).toBe('http://localhost:4010');
    expect(config.adminEmails).toEqual([]);
    expect(config.loadDemoData).toBe(true);
  });

  it('normalises admin e-mails and never loads demo data into PostgreSQL or production', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com ,second@example.com',
      DATABASE_URL: 'postgres://localhost/app',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'second@example.com']);
    expect(config.loadDemoData).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('takes a demo trainer count outside production only, 40 by default', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, { dataDir: '/tmp/sp-config' }).demoTrainers).toBe(40);
    expect(
      loadConfig({ ...secret, DEMO_TRAINERS: '100000' }, { dataDir: '/tmp/sp-config' }).demoTrainers,
    ).toBe(100_000);
    expect(() => loadConfig({ ...secret, DEMO_TRAINERS: '100001' }, { dataDir: '/tmp/sp-config' })).toThrow(
      /DEMO_TRAINERS/,
    );
    expect(() => loadConfig({ ...secret, DEMO_TRAINERS: 'many' }, { dataDir: '/tmp/sp-config' })).toThrow(
      /DEMO_TRAINERS/,
    );
    expect(() =>
      loadConfig({
        ...secret,
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com',
        PAYMENT_PROVIDER: 'test',
        DEMO_TRAINERS: '500',
      }),
    ).toThrow(/DEMO_TRAINERS: not allowed when NODE_ENV is production/);
  });

  it('refuses to start production without SMTP_URL and an explicit PAYMENT_PROVIDER, naming each at once', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'SESSION_SECRET: required when NODE_ENV is production',
      'SMTP_URL: required when NODE_ENV is production (without it no e-mail is sent)',
      'PAYMENT_PROVIDER: required when NODE_ENV is production (stripe for real payments, or test on purpose)',
    ]);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/sp-config' };
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'test' })).toThrow(
      /^(?![\s\S]*PAYMENT)[\s\S]*SMTP_URL/,
    );
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /^(?![\s\S]*SMTP_URL)[\s\S]*PAYMENT_PROVIDER: required/,
    );
    // Empty counts as unset, as for every variable.
    expect(() => loadConfig({ ...production, SMTP_URL: '', PAYMENT_PROVIDER: '' })).toThrow(
      /SMTP_URL[\s\S]*PAYMENT_PROVIDER/,
    );
    // The test provider is allowed when chosen on purpose (a staging copy), never by default.
    const chosen = loadConfig({
      ...production,
      SMTP_URL: 'smtp://mail.example:587',
      PAYMENT_PROVIDER: 'test',
    });
    expect([chosen.smtpUrl, chosen.paymentProvider]).toEqual(['smtp://mail.example:587', 'test']);
    // A bad value elsewhere does not hide what production is missing.
    expect(() => loadConfig({ ...production, PORT: 'abc' })).toThrow(
      /PORT[\s\S]*SMTP_URL[\s\S]*PAYMENT_PROVIDER/,
    );
    // Stripe's own requirements are listed with the others in the same message.
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*SESSION_SECRET[\s\S]*SMTP_URL/,
    );
  });

  it('keeps the outbox and the test provider as defaults in development and test', () => {
    for (const NODE_ENV of ['development', 'test', '']) {
      const config = loadConfig({ NODE_ENV, SESSION_SECRET: 'x'.repeat(32) }, { dataDir: '/tmp/sp-config' });
      expect(config.smtpUrl).toBeUndefined();
      expect(config.paymentProvider).toBe('test');
    }
  });

  it('trusts no proxy by default, and a proxy only by hop count or by address', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret, { dataDir: '/tmp/sp-config' }).trustProxy).toBe(false);
    for (const off of ['false', 'FALSE', '0', ' ']) expect(parseTrustProxy(off)).toEqual({ trust: false });
    expect(loadConfig({ ...secret, TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16 ,loopback,::1' }).trustProxy).toEqual(
      ['10.0.0.5', '10.1.0.0/16', 'loopback', '::1'],
    );
    expect(parseTrustProxy('192.168.0.0/255.255.0.0')).toEqual({ trust: ['192.168.0.0/255.255.0.0'] });
    const hops = loadConfig({ ...secret, TRUST_PROXY: '2' }).trustProxy;
    if (typeof hops !== 'function') throw new Error('a hop count gives a trust function');
    // The peer on the socket must be a private or loopback proxy; then the count decides.
    expect(hops('10.0.0.5', 0)).toBe(true);
    expect(hops('::ffff:192.168.1.20', 0)).toBe(true);
    expect(hops('203.0.113.9', 0)).toBe(false);
    expect(hops('203.0.113.9', 1)).toBe(true);
    expect(hops('10.0.0.6', 2)).toBe(false);
  });

  it('refuses TRUST_PROXY=true and anything that is neither a hop count nor addresses', () => {
    const secret = { SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...secret, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would let any client choose its own address[\s\S]*hop count[\s\S]*addresses/,
    );
    for (const bad of [
      'yes',
      '10.0.0.300',
      '0.0.0.0/0',
      '::/0',
      '10.0.0.0/33',
      '10.0.0.0/8/1',
      'proxy.example',
      '11',
    ]) {
      expect(() => loadConfig({ ...secret, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(parseTrustProxy('10.0.0.1, nope')).toEqual({
      problem: expect.stringContaining('"nope"'),
    });
  });

  it('tells private and loopback peers from the internet', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.2.3.4',
      '172.31.0.1',
      '192.168.0.9',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      '203.0.113.9',
      '172.32.0.1',
      '8.8.8.8',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      'nonsense',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
