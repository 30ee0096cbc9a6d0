import { describe, expect, it, vi } from 'vitest';
import { initHooks } from '../../../test/init-hooks';
import { type Built, createPublicCache, keptPerChange, MAX_STALE_MS } from './public-cache';
import { chooseEncoding } from './send-answer';

/**
 * The data under a public answer, and a build of it that can be held: each build reads the data when it starts,
 * then waits for the test to open the gate (when `held`). No sleeps: the test decides when each build ends.
 */
function source(initial: string, extra: Partial<Built> = {}) {
  let data = initial;
  let held = false;
  const gates: (() => void)[] = [];
  const state = { calls: 0, running: 0, mostAtOnce: 0 };
  return {
    state,
    set(value: string) {
      data = value;
    },
    hold() {
      held = true;
    },
    /** Lets the oldest held build finish. */
    open() {
      gates.shift()?.();
    },
    /** Lets every held build finish, now and later. */
    openAll() {
      held = false;
      for (const gate of gates.splice(0)) gate();
    },
    get waiting() {
      return gates.length;
    },
    build: async (): Promise<Built> => {
      state.calls++;
      state.running++;
      state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
      const read = data;
      if (held) await new Promise<void>((resolve) => gates.push(resolve));
      state.running--;
      return { body: read, ...extra };
    },
  };
}

const text = (answer: { plain: Buffer }) => JSON.parse(answer.plain.toString()) as string;

/**
 * Until the queue has started its next build. Builds start on a later turn of the event loop, after the previous
 * answer was compressed on the thread pool, which a busy machine delays by more than a fixed number of turns.
 */
async function untilStarted(src: { waiting: number }, count = 1) {
  await vi.waitFor(() => expect(src.waiting).toBe(count), { timeout: 10_000, interval: 1 });
}

describe('public cache: kept answers', () => {
  it('builds a key never built once, however many ask while it is built (they wait), and keeps it', async () => {
    const cache = createPublicCache();
    const list = source('Amy');
    list.hold();
    const both = Promise.all([cache.get('list', list.build), cache.get('list', list.build)]);
    await untilStarted(list);
    list.openAll();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(await cache.get('list', list.build)).toBe(a);
    expect(list.state.calls).toBe(1);
    expect(text(a)).toBe('Amy');
    expect(cache.lastRebuildMs('list')).toBeGreaterThanOrEqual(0);
    expect(cache.lastRebuildMs('classes')).toBeUndefined();
  });

  it('answers a remembered address with the current answer of its key, and not other addresses', async () => {
    const cache = createPublicCache();
    const answer = await cache.get('list {"limit":12}', source('Amy').build);
    expect(cache.atAddress('/api/public-trainers?limit=12')).toBeUndefined();
    cache.remember('/api/public-trainers?limit=12', 'list {"limit":12}', answer);
    expect(cache.atAddress('/api/public-trainers?limit=12')).toBe(answer);
    expect(cache.atAddress('/api/public-trainers?limit=13')).toBeUndefined();
    cache.clear();
    expect(cache.atAddress('/api/public-trainers?limit=12')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries answers and addresses, dropping the oldest', async () => {
    const cache = createPublicCache({ maxEntries: 2 });
    for (const n of [1, 2, 3]) {
      const answer = await cache.get(`trainer ${n}`, source(`T${n}`).build);
      cache.remember(`/api/public-trainers/${n}`, `trainer ${n}`, answer);
    }
    expect(cache.size).toBe(2);
    expect(cache.atAddress('/api/public-trainers/1')).toBeUndefined();
    expect(text(cache.atAddress('/api/public-trainers/3') ?? { plain: Buffer.from('null') })).toBe('T3');
  });
});

describe('public cache: a change is rebuilt in the background while the old copy is sent', () => {
  it('sends the old copy at once while its rebuild runs, then the new one', async () => {
    const cache = createPublicCache();
    const list = source('Amy');
    const old = await cache.get('list', list.build);
    cache.remember('/api/public-trainers', 'list', old);
    list.set('Amy, Bea');
    list.hold();
    cache.invalidate();
    await untilStarted(list);
    // The rebuild is held: both ways of asking get the old copy without waiting for it.
    expect(await cache.get('list', list.build)).toBe(old);
    expect(cache.atAddress('/api/public-trainers')).toBe(old);
    list.openAll();
    await cache.whenSettled();
    const fresh = cache.atAddress('/api/public-trainers');
    expect(text(fresh ?? old)).toBe('Amy, Bea');
    expect(await cache.get('list', list.build)).toBe(fresh);
    expect(list.state.calls).toBe(2);
  });

  it('rebuilds one answer at a time, those asked for first', async () => {
    const cache = createPublicCache();
    const list = source('list');
    const order: string[] = [];
    const buildOf = (key: string) => () => {
      order.push(key);
      return list.build();
    };
    for (const key of ['a', 'b', 'c']) await cache.get(key, buildOf(key));
    list.hold();
    cache.invalidate();
    await untilStarted(list);
    // 'c' is asked for while 'a' is rebuilt: it comes next, before 'b'.
    await cache.get('c', buildOf('c'));
    for (let n = 0; n < 3; n++) {
      await untilStarted(list);
      expect(list.state.running).toBe(1);
      list.open();
    }
    await cache.whenSettled();
    expect(list.state.mostAtOnce).toBe(1);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'c', 'b']);
  });

  it('builds again when the data changes during a rebuild: that copy is not kept as current', async () => {
    const cache = createPublicCache();
    const list = source('v1');
    await cache.get('list', list.build);
    list.hold();
    list.set('v2');
    cache.invalidate();
    await untilStarted(list);
    list.set('v3');
    cache.invalidate();
    list.open();
    // The v2 copy is sent meanwhile, and rebuilt at once.
    await untilStarted(list);
    expect(text(await cache.get('list', list.build))).toBe('v2');
    list.openAll();
    await cache.whenSettled();
    expect(text(await cache.get('list', list.build))).toBe('v3');
    expect(list.state.calls).toBe(3);
  });

  it('sends an old copy for less than MAX_STALE_MS of the cache clock: later requests wait for the new one', async () => {
    let now = 10_000;
    const cache = createPublicCache({ now: () => now });
    const list = source('v1');
    const old = await cache.get('list', list.build);
    cache.remember('/api/public-trainers', 'list', old);
    list.hold();
    list.set('v2');
    cache.invalidate();
    now += MAX_STALE_MS - 1;
    expect(await cache.get('list', list.build)).toBe(old);
    now += 1;
    expect(cache.atAddress('/api/public-trainers')).toBeUndefined();
    const waiting = cache.get('list', list.build);
    await untilStarted(list);
    list.openAll();
    // It waited for the rebuild (joining it: one build) and got what it made.
    expect(text(await waiting)).toBe('v2');
    expect(list.state.calls).toBe(2);
  });

  it('gives someone who has just written the answer that shows it, waiting for its rebuild', async () => {
    const cache = createPublicCache();
    const list = source('v1');
    const old = await cache.get('list', list.build);
    cache.remember('/api/public-trainers', 'list', old);
    list.hold();
    list.set('v2');
    cache.invalidate();
    expect(cache.atAddress('/api/public-trainers', { current: true })).toBeUndefined();
    const writer = cache.get('list', list.build, { current: true });
    expect(await cache.get('list', list.build)).toBe(old);
    await untilStarted(list);
    list.openAll();
    expect(text(await writer)).toBe('v2');
    expect(list.state.calls).toBe(2);
  });

  it('sends an expired answer (a class it lists has started) while it is rebuilt', async () => {
    let now = 1_000;
    const cache = createPublicCache({ now: () => now });
    const classes = source('class at 2000', { expiresAt: 2_000 });
    const old = await cache.get('classes', classes.build);
    cache.remember('/api/classes', 'classes', old);
    classes.set('no classes');
    classes.hold();
    now = 2_000;
    expect(cache.atAddress('/api/classes')).toBe(old);
    await untilStarted(classes);
    classes.openAll();
    await cache.whenSettled();
    expect(text(cache.atAddress('/api/classes') ?? old)).toBe('no classes');
  });

  it('forgets a key whose rebuild fails (a trainer no longer listed): the next request builds it', async () => {
    const failures: string[] = [];
    const cache = createPublicCache({ onRebuildError: (_error, key) => failures.push(key) });
    let listed = true;
    const build = async (): Promise<Built> => {
      if (!listed) throw new Error('Trainer not found');
      return { body: 'Amy' };
    };
    cache.remember('/api/public-trainers/1', 'trainer 1', await cache.get('trainer 1', build));
    listed = false;
    cache.invalidate();
    await cache.whenSettled();
    expect(failures).toEqual(['trainer 1']);
    expect(cache.atAddress('/api/public-trainers/1')).toBeUndefined();
    await expect(cache.get('trainer 1', build)).rejects.toThrow('Trainer not found');
  });

  it('builds an out-of-date answer anew for a build that needs it (a page made from a list)', async () => {
    const cache = createPublicCache();
    const list = source('v1');
    await cache.get('list', list.build);
    const page = async (): Promise<Built> => ({
      body: `page of ${text(await cache.get('list', list.build))}`,
    });
    await cache.get('page', page);
    list.set('v2');
    cache.invalidate();
    await cache.whenSettled();
    expect(text(await cache.get('page', page))).toBe('page of v2');
  });

  it('keeps nothing a build started before clear() made', async () => {
    const cache = createPublicCache();
    const list = source('old data');
    list.hold();
    const pending = cache.get('list', list.build);
    await untilStarted(list);
    cache.clear();
    list.openAll();
    const answer = await pending;
    cache.remember('/api/public-trainers', 'list', answer);
    expect(cache.atAddress('/api/public-trainers')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('keptPerChange: one value per round of changes', () => {
  it('shares the value kept in a round, none after the next change, and drops a value that fails', async () => {
    let changes = 0;
    const kept = keptPerChange<number>(() => changes);
    expect(kept.current()).toBeUndefined();
    const first = kept.keep(Promise.resolve(1));
    expect(kept.current()).toBe(first);
    changes++;
    expect(kept.current()).toBeUndefined();

    const failed = kept.keep(Promise.reject(new Error('the database went away')));
    expect(kept.current()).toBe(failed);
    await expect(failed).rejects.toThrow('went away');
    expect(kept.current()).toBeUndefined();

    // A failure that settles after a newer value was kept leaves the newer one.
    let fail: (error: Error) => void = () => {};
    const slow = kept.keep(new Promise<number>((_, reject) => (fail = reject)));
    const newer = kept.keep(Promise.resolve(2));
    fail(new Error('late'));
    await expect(slow).rejects.toThrow('late');
    expect(kept.current()).toBe(newer);
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

describe('public cache: a change rebuilds only the answers made from its table (decision record 0018)', () => {
  it('a change to one table leaves the answers that do not read it as they are, and rebuilds the others', async () => {
    let time = 0;
    const cache = createPublicCache({ now: () => time });
    const trainers = source('Amy', { reads: ['trainers'] });
    const classes = source('Boxing', { reads: ['trainers', 'classes', 'class_registrations'] });
    const everything = source('all');
    await cache.get('map', trainers.build);
    await cache.get('classes', classes.build);
    await cache.get('old', everything.build);
    classes.set('Boxing, 1 place left');

    cache.invalidate('class_registrations');
    expect(cache.isOutOfDate('map')).toBe(false);
    expect(cache.isOutOfDate('classes')).toBe(true);
    // An answer that names no tables reads them all.
    expect(cache.isOutOfDate('old')).toBe(true);
    await cache.whenSettled();
    expect([trainers.state.calls, classes.state.calls, everything.state.calls]).toEqual([1, 2, 2]);
    expect(text(await cache.get('classes', classes.build))).toBe('Boxing, 1 place left');

    // A change that names no table (notices missed) rebuilds everything.
    time += 1;
    cache.invalidate();
    await cache.whenSettled();
    expect([trainers.state.calls, classes.state.calls, everything.state.calls]).toEqual([2, 3, 3]);
  });

  it('an answer built from other kept answers reads their tables too', async () => {
    const cache = createPublicCache();
    const classes = source('Boxing', { reads: ['classes', 'class_registrations'] });
    const brand = source('Soul Punch', { reads: ['branding'] });
    const directory = source('Amy', { reads: ['trainers'] });
    let pageBuilds = 0;
    // The classes page: its own reading (no registrations), and the kept classes list and brand it shows.
    const classesPage = async (): Promise<Built> => {
      pageBuilds++;
      const list = text(await cache.get('classes', classes.build));
      const name = text(await cache.get('brand', brand.build));
      return { body: `${name}: ${list}`, reads: ['trainers', 'classes'] };
    };
    await cache.get('directory', directory.build);
    await cache.get('page', classesPage);
    expect(pageBuilds).toBe(1);

    classes.set('Boxing, full');
    cache.invalidate('class_registrations');
    expect(cache.isOutOfDate('page')).toBe(true);
    expect(cache.isOutOfDate('directory')).toBe(false);
    await cache.whenSettled();
    expect(text(await cache.get('page', classesPage))).toBe('Soul Punch: Boxing, full');
    expect([pageBuilds, directory.state.calls, brand.state.calls]).toEqual([2, 1, 1]);

    cache.invalidate('branding');
    expect(cache.isOutOfDate('page')).toBe(true);
    expect(cache.isOutOfDate('classes')).toBe(false);
    await cache.whenSettled();
    expect([pageBuilds, classes.state.calls, brand.state.calls]).toEqual([3, 2, 2]);
  });

  it('leaves no async hook on once no build runs, yet a build gathers its reads after another one ended', async () => {
    const before = initHooks();
    const cache = createPublicCache();
    const brand = source('Soul Punch', { reads: ['branding'] });
    const directory = source('Amy', { reads: ['trainers'] });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const page = async (): Promise<Built> => {
      await released;
      return { body: `${text(await cache.get('brand', brand.build))}: the page`, reads: ['classes'] };
    };
    const building = cache.get('page', page);
    expect(initHooks()).toBeGreaterThan(before);
    // Built from start to end while the page's build waits: the page's build still runs, and still gathers.
    await cache.get('directory', directory.build);
    release();
    expect(text(await building)).toBe('Soul Punch: the page');
    await cache.whenSettled();
    expect(initHooks()).toBe(before);

    cache.invalidate('branding');
    expect(cache.isOutOfDate('page')).toBe(true);
    expect(cache.isOutOfDate('directory')).toBe(false);
    await cache.whenSettled();
    expect(initHooks()).toBe(before);
  });

  it('a build during a change to a table it does not read is kept as current', async () => {
    const cache = createPublicCache();
    const markers = source('Amy', { reads: ['trainers'] });
    markers.hold();
    const first = cache.get('markers', markers.build);
    await untilStarted(markers);
    cache.invalidate('class_registrations');
    markers.openAll();
    await first;
    await cache.whenSettled();
    expect(cache.isOutOfDate('markers')).toBe(false);
    expect(markers.state.calls).toBe(1);

    markers.hold();
    cache.invalidate('trainers');
    await untilStarted(markers);
    cache.invalidate('trainers');
    markers.openAll();
    await cache.whenSettled();
    // Built from data that changed meanwhile: built again.
    expect(markers.state.calls).toBe(3);
  });
});
