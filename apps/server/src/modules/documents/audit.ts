import { createHash } from 'node:crypto';
import type { AuditEventType, ChainCheck } from '@soulpunch/shared';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { DocumentEventRow } from '../../db/schema-documents';

const GENESIS = '0'.repeat(64);
/** Serialises appends across connections and instances, so the chain never forks. */
const CHAIN_LOCK = 70_070_007;

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

export interface AuditEntry {
  documentId: number;
  type: AuditEventType;
  at: Date;
  actorUserId: number | null;
  actor: string;
  ip: string | null;
  userAgent: string | null;
  documentHash: string;
}

function entryHash(prevHash: string, e: AuditEntry): string {
  return sha256(
    JSON.stringify([
      prevHash,
      e.documentId,
      e.type,
      e.at.toISOString(),
      e.actorUserId,
      e.actor,
      e.ip,
      e.userAgent,
      e.documentHash,
    ]),
  );
}

/** Appends one event inside the caller's transaction, linked to the hash of the entry before it. */
export async function appendAuditEvent(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
  const last = await trx
    .selectFrom('documentEvents')
    .select('entryHash')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const prevHash = last?.entryHash ?? GENESIS;
  await trx
    .insertInto('documentEvents')
    .values({ ...entry, prevHash, entryHash: entryHash(prevHash, entry) })
    .execute();
}

/** Recomputes every entry: an edited entry no longer matches its hash; a deleted one breaks the next link. */
export async function verifyAuditChain(db: Db): Promise<ChainCheck> {
  const rows = await db.selectFrom('documentEvents').selectAll().orderBy('id').execute();
  let prev = GENESIS;
  for (const row of rows) {
    if (row.prevHash !== prev) {
      return {
        ok: false,
        checked: rows.indexOf(row),
        brokenAt: { id: row.id, reason: 'An entry before this one was removed or changed.' },
      };
    }
    if (entryHash(row.prevHash, row) !== row.entryHash) {
      return {
        ok: false,
        checked: rows.indexOf(row),
        brokenAt: { id: row.id, reason: 'This entry was edited after it was written.' },
      };
    }
    prev = row.entryHash;
  }
  return { ok: true, checked: rows.length, brokenAt: null };
}

export async function eventsOf(db: Db, documentId: number): Promise<DocumentEventRow[]> {
  return db
    .selectFrom('documentEvents')
    .selectAll()
    .where('documentId', '=', documentId)
    .orderBy('id')
    .execute();
}
