import { describe, expect, it } from 'vitest';
import { type Built, chooseEncoding, createPublicCache } from './public-cache';

/** A build that counts its calls and can be held until the test lets it finish. */
function counted(body: unknown = ['Amy'], extra: Partial<Built> = {}) {
  let calls = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    get calls() {
      return calls;
    },
    release,
    build: async (): Promise<Built> => {
      calls++;
      return { body, ...extra };
    },
    heldBuild: async (): Promise<Built> => {
      calls++;
      await held;
      return { body, ...extra };
    },
  };
}

describe('public cache', () => {
  it('builds an answer once, however many ask while it is built, and keeps it', async () => {
    const cache = createPublicCache();
    const list = counted();
    const both = Promise.all([cache.get('list', list.heldBuild), cache.get('list', list.heldBuild)]);
    list.release();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(await cache.get('list', list.build)).toBe(a);
    expect(list.calls).toBe(1);
    expect(a.plain.toString()).toBe('["Amy"]');
  });

  it('answers a remembered address with the current answer of its key, until something changes', async () => {
    const cache = createPublicCache();
    const answer = await cache.get('list {"limit":12}', counted().build);
    expect(cache.atAddress('/api/public-trainers?limit=12')).toBeUndefined();
    cache.remember('/api/public-trainers?limit=12', 'list {"limit":12}', answer);
    expect(cache.atAddress('/api/public-trainers?limit=12')).toBe(answer);
    expect(cache.atAddress('/api/public-trainers?limit=13')).toBeUndefined();
    cache.invalidate();
    expect(cache.atAddress('/api/public-trainers?limit=12')).toBeUndefined();
  });

  it('does not remember an address for an answer built from data that changed meanwhile', async () => {
    const cache = createPublicCache();
    const list = counted();
    const pending = cache.get('list', list.heldBuild);
    cache.invalidate();
    list.release();
    const stale = await pending;
    cache.remember('/api/public-trainers', 'list', stale);
    expect(cache.atAddress('/api/public-trainers')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stops answering an address when its answer expires', async () => {
    let now = 1_000;
    const cache = createPublicCache({ now: () => now });
    const answer = await cache.get('classes', counted([], { expiresAt: 2_000 }).build);
    cache.remember('/api/classes', 'classes', answer);
    expect(cache.atAddress('/api/classes')).toBe(answer);
    now = 2_000;
    expect(cache.atAddress('/api/classes')).toBeUndefined();
  });

  it('keeps at most maxEntries answers and addresses, dropping the oldest', async () => {
    const cache = createPublicCache({ maxEntries: 2 });
    for (const n of [1, 2, 3]) {
      const answer = await cache.get(`trainer ${n}`, counted({ n }).build);
      cache.remember(`/api/public-trainers/${n}`, `trainer ${n}`, answer);
    }
    expect(cache.size).toBe(2);
    expect(cache.atAddress('/api/public-trainers/1')).toBeUndefined();
    expect(cache.atAddress('/api/public-trainers/3')?.plain.toString()).toBe('{"n":3}');
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
