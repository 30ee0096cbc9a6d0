import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DocumentEventRow, DocumentEventsTable } from '../../db/schema-documents';
import type { Trx } from '../../db/types';

/** Serialises appends across connections and instances, so the chain never forks. */
const CHAIN_LOCK = 70_070_007;

/** Holds the chain's lock until the caller's transaction ends, then reads the last entry's hash. */
export async function lockChainAndReadLastHash(trx: Trx): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
  const last = await trx
    .selectFrom('documentEvents')
    .select('entryHash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.entryHash ?? null;
}

export async function insertAuditEvent(trx: Trx, row: Insertable<DocumentEventsTable>): Promise<void> {
  await trx.insertInto('documentEvents').values(row).execute();
}

export async function allAuditEvents(db: Db): Promise<DocumentEventRow[]> {
  return db.selectFrom('documentEvents').selectAll().orderBy('id').execute();
}

export async function eventsOf(db: Db, documentId: number): Promise<DocumentEventRow[]> {
  return db
    .selectFrom('documentEvents')
    .selectAll()
    .where('documentId', '=', documentId)
    .orderBy('id')
    .execute();
}
