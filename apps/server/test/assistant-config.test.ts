import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/sp-assistant-config' } as const;
const overrides = { sessionSecret: 'test-secret-that-is-long-enough-0123456789' };

describe('assistant configuration', () => {
  it('answers offline when no model is configured', () => {
    expect(loadConfig({ ...base }, overrides).assistantModel).toBeUndefined();
  });

  it('reads the model settings, with a 15 s timeout by default', () => {
    const config = loadConfig(
      {
        ...base,
        ASSISTANT_BASE_URL: 'http://127.0.0.1:8080/v1',
        ASSISTANT_API_KEY: 'k',
        ASSISTANT_MODEL: 'm',
      },
      overrides,
    );
    expect(config.assistantModel).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 15_000,
    });
  });

  it('stops start-up on a base URL without a model, or a bad timeout or URL', () => {
    expect(() =>
      loadConfig({ ...base, ASSISTANT_BASE_URL: 'https://api.example.com/v1' }, overrides),
    ).toThrow(/ASSISTANT_MODEL/);
    expect(() => loadConfig({ ...base, ASSISTANT_TIMEOUT_MS: '5' }, overrides)).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, ASSISTANT_BASE_URL: 'ftp://x', ASSISTANT_MODEL: 'm' }, overrides),
    ).toThrow(/ASSISTANT_BASE_URL/);
  });
});
