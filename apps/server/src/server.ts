import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { assertDataDirFree, DataDirLockedError } from './db/pglite-lock';
import { collectGarbageWhenQuiet, processProbe } from './lib/quiet-collection';
import { countRequestsInFlight } from './lib/requests-in-flight';

/** Longest wait for requests already sent to this process before it closes anyway. */
const DRAIN_LIMIT_MS = 15_000;
/** The process is idle once no request has been in progress for this long. */
const QUIET_MS = 300;

async function main() {
  // Until the server listens, start-up waits only on promises (PGlite answers without any libuv handle), so the
  // event loop would run empty between them, and Node then blocks until every V8 background task is done
  // (compiling PGlite's WebAssembly and the app's hot code): 0.3 to 1 s of waiting at each such moment on a busy
  // machine. A timer holds the loop open until then.
  const holdLoopOpen = setInterval(() => {}, 60_000);
  try {
    await start();
  } finally {
    clearInterval(holdLoopOpen);
  }
}

async function start() {
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) assertDataDirFree(config.dataDir);
  // Loaded after the checks above: they answer in a moment, the whole app takes a while to load. The database
  // opens first (PGlite compiles its WebAssembly off the main thread) while the rest of the app's code loads.
  const { databaseTargetFor, startOpeningDatabase } = await import('./db/database');
  let onConnectionLost = (error: Error) => console.error('lost a database connection', error);
  const opening = startOpeningDatabase(databaseTargetFor(config), (error) => onConnectionLost(error));
  opening.catch(() => undefined); // awaited by buildApp, which reports the failure
  const { buildApp } = await import('./app');
  const app = await buildApp(config, { opening });
  onConnectionLost = (err) => app.log.warn({ err }, 'lost a database connection');

  // Graceful shutdown. Draining: keep accepting and answering what clients already sent (a busy process may not
  // have read it yet), close each connection after its answer, and tell the proxy through health to send no more.
  let draining = false;
  const inFlight = countRequestsInFlight(app.server);
  app.addHook('onRequest', async (request, reply) => {
    if (draining && request.routeOptions.url === '/api/health') {
      return reply.status(503).send({
        error: { code: 'shutting_down', message: 'This instance is shutting down; another one will answer.' },
      });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  // close-with-grace runs this once, on SIGTERM or SIGINT (or an uncaught error), exits 0 when it ends (1 after an
  // error), exits 1 if it is still running after the delay, and at once on a second signal.
  closeWithGrace(
    {
      delay: DRAIN_LIMIT_MS + 10_000,
      logger: { error: (message: unknown) => app.log.error(message) },
      onTimeout: () => app.log.error('shutdown took too long; exiting'),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error: shutting down');
      draining = true;
      // The public answers sent before routing would skip the hook that closes each connection.
      app.publicFastPath.stop();
      app.log.info({ signal, inFlight: inFlight.count }, 'shutting down: finishing requests in flight');
      await inFlight.idle({ limitMs: DRAIN_LIMIT_MS, quietMs: QUIET_MS });
      // Stop listening, close idle connections, wait for any last answer, then close the database cleanly.
      await app.close();
      app.log.info('shut down');
    },
  );

  // With --expose-gc (the image, npm start): the garbage of a busy spell goes once the server is quiet.
  const probe = processProbe();
  if (probe) {
    const stopCollecting = collectGarbageWhenQuiet(probe, {
      onCollected: (freed) =>
        app.log.debug({ freedMb: Math.round(freed / 1048576) }, 'collected garbage while quiet'),
    });
    app.addHook('onClose', async () => stopCollecting());
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Soul Punch platform on ${config.appUrl}`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
