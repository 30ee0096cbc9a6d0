import { createHash } from 'node:crypto';
import type { AuditEventType, ChainCheck } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import { allAuditEvents, eventsOf, insertAuditEvent, lockChainAndReadLastHash } from './audit-repository';

const GENESIS = '0'.repeat(64);

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
export async function appendAuditEvent(trx: Trx, entry: AuditEntry): Promise<void> {
  const prevHash = (await lockChainAndReadLastHash(trx)) ?? GENESIS;
  await insertAuditEvent(trx, { ...entry, prevHash, entryHash: entryHash(prevHash, entry) });
}

/** Recomputes every entry: an edited entry no longer matches its hash; a deleted one breaks the next link. */
export async function verifyAuditChain(db: Db): Promise<ChainCheck> {
  const rows = await allAuditEvents(db);
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

export { eventsOf };
