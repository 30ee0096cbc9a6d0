import { authMessages } from '@soulpunch/shared';
import type { Db } from '../db/database';
import { AppError } from './app-error';
import { countRateLimitHits, lockRateLimitKey, recordRateLimitHits } from './rate-limit-repository';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Sliding-window limits kept in the database, so they hold across restarts and across several app instances.
 * A rejected attempt is not counted: the wait never grows while someone keeps retrying.
 */
export async function enforceRateLimits(db: Db, rules: RateLimitRule[], now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const rule of rules) {
      // Serialise concurrent checks of one key so two requests cannot both take the last slot.
      await lockRateLimitKey(trx, rule.key);
      const since = new Date(now.getTime() - rule.windowSeconds * 1000);
      const row = await countRateLimitHits(trx, rule.key, since);
      if (Number(row.hits) >= rule.limit) {
        const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
        const retryAfter = Math.max(
          1,
          Math.ceil((oldest + rule.windowSeconds * 1000 - now.getTime()) / 1000),
        );
        throw new AppError(429, 'rate_limited', authMessages.tooManyRequests, undefined, {
          'Retry-After': String(retryAfter),
        });
      }
    }
    await recordRateLimitHits(
      trx,
      rules.map((rule) => rule.key),
      now,
    );
  });
}
