import { sql } from 'kysely';
import type { Trx } from '../db/types';

// Each function is one step of a rate-limit check, so each takes the check's transaction: the lock is held until
// it commits, and counting and recording must see the same state.

/** Waits until no other transaction holds `key`'s lock, then holds it until this one ends. */
export async function lockRateLimitKey(trx: Trx, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** How many hits `key` has had after `since`, and when the oldest of them was (null when none). */
export function countRateLimitHits(trx: Trx, key: string, since: Date) {
  return trx
    .selectFrom('rateLimitHits')
    .select([(eb) => eb.fn.countAll<number>().as('hits'), (eb) => eb.fn.min('hitAt').as('oldest')])
    .where('key', '=', key)
    .where('hitAt', '>', since)
    .executeTakeFirstOrThrow();
}

/** Counts one hit at `at` against each key. */
export async function recordRateLimitHits(trx: Trx, keys: string[], at: Date): Promise<void> {
  await trx
    .insertInto('rateLimitHits')
    .values(keys.map((key) => ({ key, hitAt: at })))
    .execute();
}
