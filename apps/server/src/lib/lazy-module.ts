import { createRequire } from 'node:module';

const requireModule = createRequire(import.meta.url);

/**
 * A heavy dependency loaded on first use instead of at start-up (the gazetteer, PDF, signing, image and
 * payment SDKs cost hundreds of milliseconds to load and are not needed to answer the first request). Loaded
 * with require, so the callers stay synchronous. Use with `import type` for the module's types.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: { module: T } | undefined;
  return () => {
    loaded ??= { module: requireModule(name) as T };
    return loaded.module;
  };
}
