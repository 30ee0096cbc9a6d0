import { Worker } from 'node:worker_threads';
import type { PGlite as PGliteForKysely, PGliteQueryResults, PGliteTransaction } from 'kysely';
import { DATABASE_THREAD_STOPPED } from './unavailable';

/**
 * PGlite in a worker thread (./pglite-worker.js, decision record 0030), seen through the part of PGlite's interface
 * that Kysely's dialect uses, plus LISTEN. Each query crosses to the thread and back; its parameters and rows are
 * copied (structured clone: text, numbers, dates, JSON values and bytes come through as they are).
 */
export interface PGliteThread extends PGliteForKysely {
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

interface PlainError {
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

type Answer = { id: number; result?: unknown; error?: PlainError };
type Message = Answer | { ready: true } | { failed: PlainError } | { notify: number; payload: string };

/** The thread's error on this side: PostgreSQL's fields kept (a unique violation's `code`, its `constraint`). */
function errorFrom({ message, stack, fields }: PlainError): Error {
  const error = Object.assign(new Error(message), fields);
  if (stack) error.stack = `${error.stack}\n    in the database thread: ${stack}`;
  return error;
}

export function startPGliteThread(options: {
  dataDir: string;
  sharedBuffers: string;
  /** The thread stopped other than by `close` (PGlite's WebAssembly failed): every call fails from then on. */
  onStopped?: (error: Error) => void;
}): PGliteThread {
  // Only PGlite's code runs there: no loader (tsx's, in development) and no source maps (PGlite's own, read and
  // parsed as each of its files loads).
  const { onStopped, ...workerData } = options;
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData,
    execArgv: [],
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let lastId = 0;
  let closed = false;
  let stopped: Error | null = null;
  let settleReady!: { resolve: () => void; reject: (error: Error) => void };
  const waitReady = new Promise<void>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // Like PGlite in the main thread, an idle database keeps no process alive; one being asked does.
  const holdWhileAsked = () => (waiting.size > 0 ? worker.ref() : worker.unref());

  const call = (op: string, args: object = {}): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      holdWhileAsked();
      worker.postMessage({ id, op, ...args });
    });
  };

  worker.on('message', (message: Message) => {
    if ('notify' in message) return listeners.get(message.notify)?.(message.payload ?? '');
    if ('ready' in message) {
      thread.ready = true;
      holdWhileAsked();
      return settleReady.resolve();
    }
    if ('failed' in message) {
      stop(errorFrom(message.failed));
      return void worker.terminate();
    }
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    holdWhileAsked();
    if (message.error) call?.reject(errorFrom(message.error));
    else call?.resolve(message.result);
  });
  const stop = (error: Error) => {
    if (!closed && thread.ready) onStopped?.(error);
    stopped ??= error;
    closed = true;
    settleReady.reject(stopped);
    for (const { reject } of waiting.values()) reject(stopped);
    waiting.clear();
  };
  // A stopped thread is a database gone away: its code makes the answers 503, not 500 (db/unavailable.ts).
  const threadStopped = (message: string, cause?: Error) =>
    Object.assign(new Error(message, { cause }), { code: DATABASE_THREAD_STOPPED });
  worker.on('error', (error) => stop(threadStopped(`The database thread stopped: ${error.message}`, error)));
  worker.on('exit', (code) => stop(threadStopped(`The database thread stopped (exit code ${code}).`)));

  const query = async <T>(sql: string, params?: unknown[], transaction?: number) =>
    (await call('query', { sql, params, transaction })) as PGliteQueryResults<T>;

  const thread: PGliteThread = {
    ready: false,
    get closed() {
      return closed;
    },
    waitReady,
    query: (sql, params) => query(sql, params),
    async transaction(callback) {
      const id = (await call('begin')) as number;
      let rolledBack = false;
      const rollback = async () => {
        if (rolledBack) return;
        rolledBack = true;
        await call('rollback', { transaction: id });
      };
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        const tx: PGliteTransaction = { query: (sql, params) => query(sql, params, id), rollback };
        result = await callback(tx);
      } catch (error) {
        await rollback().catch(() => undefined);
        throw error;
      }
      if (!rolledBack) await call('commit', { transaction: id });
      return result;
    },
    async listen(channel, onNotify) {
      const subscription = ++lastId;
      listeners.set(subscription, onNotify);
      await call('listen', { channel, subscription });
      return async () => {
        listeners.delete(subscription);
        if (!closed) await call('unlisten', { subscription });
      };
    },
    async close() {
      if (closed) return;
      try {
        await call('close');
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  };
  waitReady.catch(() => undefined); // whoever awaits it gets the failure
  return thread;
}
