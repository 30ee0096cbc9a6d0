import { sql } from 'kysely';
import type { Executor } from '../db/types';

/**
 * Takes the session advisory lock `key` if no one holds it (false when someone does). A session lock belongs to
 * one connection: pass the connection from `db.connection()`, and release it through the same one.
 */
export async function tryAdvisoryLock(conn: Executor, key: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
    conn,
  );
  return Boolean(rows[0]?.locked);
}

/** Releases the session advisory lock `key`, on the connection that took it. */
export async function advisoryUnlock(conn: Executor, key: number): Promise<void> {
  await sql`select pg_advisory_unlock(${key})`.execute(conn);
}

/**
 * Records `round` of the job `name` as claimed by `instance`, unless that round (or a later one) is already taken;
 * true when this call took it. One statement, so two instances claiming at once cannot both win.
 */
export async function claimJobRound(
  db: Executor,
  claim: { name: string; round: number; instance: string; at: Date },
): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`
    insert into scheduled_job_rounds (name, round, claimed_by, claimed_at)
    values (${claim.name}, ${claim.round}, ${claim.instance}, ${claim.at})
    on conflict (name) do update
      set round = excluded.round, claimed_by = excluded.claimed_by, claimed_at = excluded.claimed_at
      where scheduled_job_rounds.round < excluded.round
    returning name`.execute(db);
  return rows.length === 1;
}
