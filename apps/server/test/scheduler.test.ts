import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobOnce, type ScheduledJob, startScheduler } from '../src/lib/scheduler';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Several instances share PostgreSQL; the embedded database has one process.
const shared = Boolean(process.env.TEST_DATABASE_URL);

function countingJob(name: string) {
  const runs: string[] = [];
  const job: ScheduledJob = {
    name,
    everyMs: 60_000,
    run: async (now) => {
      // Long enough that a second instance's tick overlaps this run.
      await new Promise((resolve) => setTimeout(resolve, 50));
      runs.push(now.toISOString());
    },
  };
  return { job, runs };
}

describe('scheduled work in rounds', () => {
  it('runs a round once however many instances tick in it, and the next round again', async () => {
    const { job, runs } = countingJob('test:rounds');
    const at = (iso: string) => new Date(iso);
    // Two instances ticking at the same moment, and one a moment later in the same round.
    const first = await Promise.all([
      runJobOnce(t.app.db, job, at('2026-04-01T15:00:00.002Z'), shared),
      runJobOnce(t.app.db, job, at('2026-04-01T15:00:00.004Z'), shared),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await runJobOnce(t.app.db, job, at('2026-04-01T15:00:40Z'), shared)).toBe(false);
    expect(runs).toHaveLength(1);

    expect(await runJobOnce(t.app.db, job, at('2026-04-01T15:01:00.001Z'), shared)).toBe(true);
    expect(runs).toHaveLength(2);
    const { rows } = await sql<{ round: number }>`
      select round from scheduled_job_rounds where name = 'test:rounds'`.execute(t.app.db);
    expect(Number(rows[0]?.round)).toBe(Math.floor(Date.parse('2026-04-01T15:01:00Z') / 60_000));
  });

  it('keeps each job to its own rounds', async () => {
    const a = countingJob('test:a');
    const b = countingJob('test:b');
    const now = new Date('2026-04-01T16:00:00Z');
    expect(await runJobOnce(t.app.db, a.job, now, shared)).toBe(true);
    expect(await runJobOnce(t.app.db, b.job, now, shared)).toBe(true);
  });
});

describe('stopping the scheduler', () => {
  it('waits for a round in progress, so the database closes after it', async () => {
    let started!: () => void;
    const roundStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const finished: string[] = [];
    const job: ScheduledJob = {
      name: 'test:stop',
      everyMs: 20,
      run: async () => {
        started();
        await gate;
        finished.push('round');
      },
    };
    const stop = startScheduler(t.app.db, shared, [job], t.app.log);
    await roundStarted;
    let stoppedAt = '';
    const stopping = stop().then(() => {
      stoppedAt = `after ${finished.length} round`;
    });
    // The round is held at the gate: stopping has not ended.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stoppedAt).toBe('');
    release();
    await stopping;
    expect(stoppedAt).toBe('after 1 round');
  });
});
