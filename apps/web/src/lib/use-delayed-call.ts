import { useEffect, useMemo, useRef } from 'react';

/**
 * `call(...args)` runs `fn` with those arguments once `ms` have passed without another call; `call.cancel()` drops a
 * waiting one, as does unmounting. Mantine's useDebouncedCallback does the same with more (flush, leading calls),
 * which cost the directory's first download 0.6 KB of its 150 KB budget.
 */
export function useDelayedCall<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const call = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const delayed = (...args: A) => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(...args), ms);
    };
    delayed.cancel = () => clearTimeout(timer);
    return delayed;
  }, [ms]);
  useEffect(() => call.cancel, [call]);
  return call;
}
