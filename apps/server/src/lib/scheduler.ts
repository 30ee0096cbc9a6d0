import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { type Clock, systemClock } from './clock';

/**
 * A piece of scheduled work (reminders, expiry, payment grace). `run` must be safe to repeat: it looks at the
 * state in the database and does what is due at `now`, so a missed or doubled run changes nothing.
 */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<unknown>;
}

/** A stable 32-bit key per job name for PostgreSQL's advisory locks. */
function lockKey(name: string): number {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/**
 * Runs one job once across every instance sharing the database. On PostgreSQL a session advisory lock lets one
 * instance through and the others skip this round (returns false). The embedded database has one process by
 * construction (its directory lock) and one connection, which the job itself needs, so it simply runs.
 */
export async function runJobOnce(db: Db, job: ScheduledJob, now: Date, shared: boolean): Promise<boolean> {
  if (!shared) {
    await job.run(now);
    return true;
  }
  return db.connection().execute(async (conn) => {
    const key = lockKey(job.name);
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
      conn,
    );
    if (!rows[0]?.locked) return false;
    try {
      await job.run(now);
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** Starts every job on its interval; the returned function stops them (called when the app closes). */
export function startScheduler(
  db: Db,
  shared: boolean,
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
): () => void {
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      runJobOnce(db, job, clock.now(), shared).catch((err) =>
        log.error({ err, job: job.name }, 'scheduled job failed'),
      );
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
