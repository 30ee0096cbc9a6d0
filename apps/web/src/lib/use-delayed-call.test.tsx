import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedCall } from './use-delayed-call';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDelayedCall', () => {
  it('calls the latest function once, with the last arguments, after the pause', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useDelayedCall(fn, 300), {
      initialProps: { fn: first },
    });
    act(() => {
      result.current('j');
      vi.advanceTimersByTime(200);
      result.current('ja');
    });
    rerender({ fn: second });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(second).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledWith('ja');
  });

  it('drops a waiting call when cancelled or unmounted', () => {
    const fn = vi.fn();
    const { result, unmount } = renderHook(() => useDelayedCall(fn, 300));
    act(() => {
      result.current('a');
      result.current.cancel();
      vi.advanceTimersByTime(500);
      result.current('b');
    });
    unmount();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});
