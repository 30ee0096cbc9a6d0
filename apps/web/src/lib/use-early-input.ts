import { type RefObject, useEffect } from 'react';

/**
 * What a visitor typed or picked in a server-rendered field before the page came alive. Hydration keeps the
 * field's own value but not React's state, which still holds the server's (empty) value, and the next render
 * would write that back over the text. So as the field mounts, a value that differs from the state is handed to
 * `take`, as if it had been typed just now. (On a page the browser rendered itself the two are the same.)
 */
export function useEarlyInput<T extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
  ref: RefObject<T | null>,
  value: unknown,
  take: (field: T) => void,
): void {
  // Once, as the page mounts: later differences are the state's own doing. A passive effect, not a layout one:
  // `take` may navigate (the directory's filters live in the address), which the router refuses before its own
  // layout effects have run; and React runs these effects before any later render could write over the field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the field's value at mount only
  useEffect(() => {
    const field = ref.current;
    if (field && value !== undefined && field.value !== String(value)) take(field);
  }, []);
}
