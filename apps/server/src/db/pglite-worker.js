// The embedded database's thread (decision record 0030): PGlite runs PostgreSQL in WebAssembly, most of a start's
// CPU time; in a thread of its own it starts while the main thread loads the app and registers its routes. Plain
// JavaScript so that Node runs it as it is under tsx, vitest and from the build (dist/pglite-worker.js).
// Asked by ./pglite-thread.ts, one message per call: { id, op, ...arguments }, answered { id, result } or
// { id, error }; { ready } or { failed } once PostgreSQL has started; { notify, payload } for a LISTEN, posted
// before the answer of the statement that sent it.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { POSTGRES_ARRAY_TYPES } from './pglite-array-types.js';
import { VALUE_PARSERS } from './value-parsers.js';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, sharedBuffers } = workerData;

/**
 * PGlite whose start sets the array types of PostgreSQL's own types from a list instead of looking them up (its
 * first query, the slowest of a start). The schema's own types have none the app reads; `refreshArrayTypes()`
 * still looks every one up.
 */
class PGliteOfKnownArrayTypes extends PGlite {
  async _initArrayTypes(options) {
    if (options?.force) return super._initArrayTypes(options);
    for (const pair of POSTGRES_ARRAY_TYPES.split(' ')) {
      const [oid, typarray] = pair.split(':').map(Number);
      this.serializers[typarray] = (x) => types.arraySerializer(x, this.serializers[oid], typarray);
      this.parsers[typarray] = (x) => types.arrayParser(x, this.parsers[oid], typarray);
    }
  }
}

const pglite = new PGliteOfKnownArrayTypes({
  dataDir,
  // The same values as the other engines (database.ts).
  parsers: VALUE_PARSERS,
  // Trigram indexes for the directory's and the admin list's substring search (migration 0009).
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
});

/** An error as plain data: its message, stack and PostgreSQL's fields (code, constraint, detail...). */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (
      key !== 'params' &&
      key !== 'queryOptions' &&
      (value === null || !['object', 'function'].includes(typeof value))
    ) {
      fields[key] = value;
    }
  }
  return { message: error.message, stack: error.stack, fields };
}

/** Open transactions by id: each holds PGlite's exclusive lock until its commit or rollback. */
const transactions = new Map();
let lastTransaction = 0;
/** LISTEN subscriptions by id: the function that ends each. */
const subscriptions = new Map();

const calls = {
  query: ({ sql, params, transaction }) => {
    const target = transaction === undefined ? pglite : transactions.get(transaction)?.tx;
    if (!target) throw new Error('This transaction is closed.');
    return target
      .query(sql, params, { rowMode: 'object' })
      .then(({ rows, affectedRows }) => ({ rows, affectedRows }));
  },
  begin: () =>
    new Promise((begun, failed) => {
      const id = ++lastTransaction;
      const open = {};
      open.ended = pglite.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(open, { tx, commit, rollback });
            transactions.set(id, open);
            begun(id);
          }),
      );
      // A failed BEGIN rejects the call; once begun, the commit or rollback call reports how it ended.
      open.ended.catch(failed);
    }),
  commit: async ({ transaction }) => {
    const open = transactions.get(transaction);
    if (!open) throw new Error('This transaction is closed.');
    transactions.delete(transaction);
    open.commit();
    await open.ended;
  },
  rollback: async ({ transaction }) => {
    const open = transactions.get(transaction);
    if (!open) return;
    transactions.delete(transaction);
    open.rollback(new Error('rolled back'));
    await open.ended.catch(() => undefined);
  },
  listen: async ({ channel, subscription }) => {
    subscriptions.set(
      subscription,
      await pglite.listen(channel, (payload) => port.postMessage({ notify: subscription, payload })),
    );
  },
  unlisten: async ({ subscription }) => {
    const stop = subscriptions.get(subscription);
    subscriptions.delete(subscription);
    if (stop && !pglite.closed) await stop();
  },
  close: async () => {
    if (!pglite.closed) await pglite.close();
  },
};

port.on('message', async ({ id, op, ...args }) => {
  try {
    port.postMessage({ id, result: await calls[op](args) });
  } catch (error) {
    port.postMessage({ id, error: plain(error) });
  }
});

pglite.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ failed: plain(error) }),
);
