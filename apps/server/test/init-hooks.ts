/**
 * How many async hooks with an init callback Node runs (an AsyncLocalStorage in use is one): each costs a call for
 * every promise and async resource, each request's among them (decision record 0024). Node's own counter; no
 * public API tells it.
 */
const asyncWrap = (
  process as unknown as {
    binding(name: 'async_wrap'): { async_hook_fields: Uint32Array; constants: { kInit: number } };
  }
).binding('async_wrap');

export const initHooks = () => asyncWrap.async_hook_fields[asyncWrap.constants.kInit] ?? 0;
