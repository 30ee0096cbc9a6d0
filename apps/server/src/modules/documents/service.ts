import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';

/**
 * Creates and sends a trainer's three required documents (latest template versions). Idempotent: a trainer who
 * already has a live or signed document of a type gets no second one. Called by trigger-onboarding.
 */
export async function createRequiredDocuments(
  _deps: AppDeps,
  _trainerId: number,
  _trx?: Kysely<Database>,
): Promise<void> {}
