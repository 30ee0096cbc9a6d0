import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  collectGarbageWhenQuiet,
  GARBAGE_WORTH_COLLECTING,
  isTimeToCollect,
  processProbe,
  QUIET_CHECK_MS,
  QUIET_UTILIZATION,
  type QuietCollectionProbe,
} from './quiet-collection';

const MB = 1024 * 1024;

describe('isTimeToCollect', () => {
  const grown = { heapUsed: 40 * MB + GARBAGE_WORTH_COLLECTING, heapUsedAfterCollection: 40 * MB };

  it('collects when the server is quiet and the heap has grown enough', () => {
    expect(isTimeToCollect({ utilization: 0, ...grown })).toBe(true);
    expect(isTimeToCollect({ utilization: QUIET_UTILIZATION - 0.001, ...grown })).toBe(true);
  });

  it('leaves a busy server to V8', () => {
    expect(isTimeToCollect({ utilization: QUIET_UTILIZATION, ...grown })).toBe(false);
    expect(isTimeToCollect({ utilization: 1, ...grown })).toBe(false);
  });

  it('does not collect for a little garbage', () => {
    expect(isTimeToCollect({ utilization: 0, heapUsed: 55 * MB, heapUsedAfterCollection: 40 * MB })).toBe(
      false,
    );
    // V8's own collection since: less in use than the last one left.
    expect(isTimeToCollect({ utilization: 0, heapUsed: 30 * MB, heapUsedAfterCollection: 40 * MB })).toBe(
      false,
    );
  });
});

/** A heap and an event loop the test sets, and the collections made. */
function fakeProbe() {
  const state = { utilization: 0, heapUsed: 30 * MB, collections: 0, liveAfterCollection: 30 * MB };
  const probe: QuietCollectionProbe = {
    utilization: () => state.utilization,
    heapUsed: () => state.heapUsed,
    collect: () => {
      state.collections += 1;
      state.heapUsed = state.liveAfterCollection;
    },
  };
  return { state, probe };
}

describe('collectGarbageWhenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once after a busy spell, when the server goes quiet, and says how much it freed', () => {
    const { state, probe } = fakeProbe();
    const freed: number[] = [];
    const stop = collectGarbageWhenQuiet(probe, { onCollected: (bytes) => freed.push(bytes) });
    // Busy: the heap grows, nothing is collected.
    state.utilization = 0.9;
    state.heapUsed = 110 * MB;
    vi.advanceTimersByTime(QUIET_CHECK_MS * 3);
    expect(state.collections).toBe(0);
    // Quiet: one collection at the next check.
    state.utilization = 0.01;
    vi.advanceTimersByTime(QUIET_CHECK_MS);
    expect(state.collections).toBe(1);
    expect(freed).toEqual([80 * MB]);
    // Still quiet, nothing new in the heap: no more collections.
    vi.advanceTimersByTime(QUIET_CHECK_MS * 10);
    expect(state.collections).toBe(1);
    // Garbage since (a rebuild while quiet): collected again.
    state.heapUsed = 30 * MB + GARBAGE_WORTH_COLLECTING;
    vi.advanceTimersByTime(QUIET_CHECK_MS);
    expect(state.collections).toBe(2);
    stop();
    state.heapUsed = 200 * MB;
    vi.advanceTimersByTime(QUIET_CHECK_MS * 10);
    expect(state.collections).toBe(2);
  });

  it('keeps no process alive', () => {
    const { probe } = fakeProbe();
    const stop = collectGarbageWhenQuiet(probe);
    // The one timer it set is unref'd.
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('processProbe', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is absent without --expose-gc', () => {
    vi.stubGlobal('gc', undefined);
    expect(processProbe()).toBeNull();
  });

  it("reads this process's event loop and heap, and collects with node's gc", () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const probe = processProbe();
    if (!probe) throw new Error('expected a probe');
    const share = probe.utilization();
    expect(share).toBeGreaterThanOrEqual(0);
    expect(share).toBeLessThanOrEqual(1);
    expect(probe.heapUsed()).toBeGreaterThan(0);
    probe.collect();
    expect(gc).toHaveBeenCalledOnce();
  });
});
