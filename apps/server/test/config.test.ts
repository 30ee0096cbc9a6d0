import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
});
