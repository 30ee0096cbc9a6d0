import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Executor } from '../db/types';
import { type Clock, systemClock } from './clock';
import { advisoryUnlock, claimJobRound, tryAdvisoryLock } from './scheduler-repository';

/**
 * A piece of scheduled work (reminders, expiry, payment grace). `run` must be safe to repeat: it looks at the
 * state in the database and does what is due at `now`, so a missed or doubled run changes nothing.
 */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<unknown>;
}

/** Names this process in the rounds it claims (and in the logs), so an operator sees which instance did the work. */
export const instanceName = `${hostname()}:${process.pid}`;

/** A stable 32-bit key per job name for PostgreSQL's advisory locks. */
function lockKey(name: string): number {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** Rounds are numbered from the clock, so every instance agrees on which round `now` belongs to. */
export const roundOf = (job: ScheduledJob, now: Date) => Math.floor(now.getTime() / job.everyMs);

/** Takes the job's round unless an instance already did; false means someone else has done (or is doing) it. */
function claimRound(db: Executor, job: ScheduledJob, now: Date): Promise<boolean> {
  return claimJobRound(db, { name: job.name, round: roundOf(job, now), instance: instanceName, at: now });
}

/**
 * Runs one job's round once across every instance sharing the database (returns false when this instance
 * skipped it). On PostgreSQL a session advisory lock keeps two runs of one job from overlapping, and the round
 * claim keeps a second instance that ticks a moment later from repeating the round. The embedded database has one
 * process by construction (its directory lock) and one connection, which the job itself needs, so it only claims.
 */
export async function runJobOnce(db: Db, job: ScheduledJob, now: Date, shared: boolean): Promise<boolean> {
  if (!shared) {
    if (!(await claimRound(db, job, now))) return false;
    await job.run(now);
    return true;
  }
  return db.connection().execute(async (conn) => {
    const key = lockKey(job.name);
    if (!(await tryAdvisoryLock(conn, key))) return false;
    try {
      if (!(await claimRound(conn, job, now))) return false;
      await job.run(now);
      return true;
    } finally {
      await advisoryUnlock(conn, key);
    }
  });
}

/**
 * Starts every job on its interval, aligned to the clock (every instance ticks at the same moments and one of them
 * takes each round); the returned function stops them (called when the app closes) and resolves once a round in
 * progress has ended: the database closes after it (Fastify runs the onClose hooks last registered first).
 */
export function startScheduler(
  db: Db,
  shared: boolean,
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
): () => Promise<void> {
  let stopped = false;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const schedule = (job: ScheduledJob) => {
    if (stopped) return;
    const wait = job.everyMs - (Date.now() % job.everyMs);
    const timer = setTimeout(() => {
      const now = clock.now();
      const round = runJobOnce(db, job, now, shared)
        .then((ran) =>
          log.info(
            { job: job.name, round: roundOf(job, now), instance: instanceName },
            ran ? 'scheduled job ran' : 'scheduled job skipped: another instance has this round',
          ),
        )
        .catch((err) => log.error({ err, job: job.name }, 'scheduled job failed'))
        .finally(() => {
          running.delete(round);
          schedule(job);
        });
      running.add(round);
    }, wait);
    timer.unref();
    timers.set(job.name, timer);
  };
  for (const job of jobs) schedule(job);
  return async () => {
    stopped = true;
    for (const timer of timers.values()) clearTimeout(timer);
    await Promise.all(running);
  };
}
