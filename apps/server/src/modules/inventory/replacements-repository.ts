import type { ReplacementStatus } from '@soulpunch/shared';
import type { ReplacementRequestRow } from '../../db/schema-inventory';
import type { Executor, Trx } from '../../db/types';

export const REQUEST_LIST_LIMIT = 200;

function requestsQuery(db: Executor) {
  return db
    .selectFrom('replacementRequests as r')
    .innerJoin('trainers as t', 't.id', 'r.trainerId')
    .innerJoin('inventoryItems as i', 'i.id', 'r.itemId')
    .select([
      'r.id',
      'r.trainerId',
      'r.itemId',
      'r.quantity',
      'r.reason',
      'r.photoKey',
      'r.status',
      'r.decisionNote',
      'r.decidedAt',
      'r.shipmentId',
      'r.createdAt',
      't.name as trainerName',
      'i.name as itemName',
    ]);
}

export type ReplacementListRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export async function findRequest(db: Executor, id: number) {
  return requestsQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** Admin's list: waiting requests oldest first, decided ones newest first. */
export async function listRequests(db: Executor, status?: ReplacementStatus) {
  let q = requestsQuery(db);
  if (status) q = q.where('r.status', '=', status);
  return q
    .orderBy('r.id', status === 'pending' ? 'asc' : 'desc')
    .limit(REQUEST_LIST_LIMIT)
    .execute();
}

export async function listTrainerRequests(db: Executor, trainerId: number) {
  return requestsQuery(db)
    .where('r.trainerId', '=', trainerId)
    .orderBy('r.id', 'desc')
    .limit(REQUEST_LIST_LIMIT)
    .execute();
}

export async function countPendingRequests(db: Executor, trainerId?: number): Promise<number> {
  let q = db
    .selectFrom('replacementRequests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending');
  if (trainerId !== undefined) q = q.where('trainerId', '=', trainerId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

export async function insertRequest(
  db: Executor,
  request: { trainerId: number; itemId: number; quantity: number; reason: string; createdAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('replacementRequests')
    .values({ ...request, status: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function lockRequest(trx: Trx, id: number): Promise<ReplacementRequestRow | undefined> {
  return trx
    .selectFrom('replacementRequests')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setDecision(
  trx: Trx,
  id: number,
  decision: {
    status: 'approved' | 'declined';
    note: string;
    by: number;
    at: Date;
    shipmentId: number | null;
  },
): Promise<void> {
  await trx
    .updateTable('replacementRequests')
    .set({
      status: decision.status,
      decisionNote: decision.note,
      decidedBy: decision.by,
      decidedAt: decision.at,
      shipmentId: decision.shipmentId,
    })
    .where('id', '=', id)
    .execute();
}

/** Sets the photo while the request waits; answers the key it replaced (to delete), or undefined if none changed. */
export async function setPhoto(
  trx: Trx,
  id: number,
  key: string,
): Promise<{ replaced: string | null } | undefined> {
  const before = await trx
    .selectFrom('replacementRequests')
    .select(['photoKey', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (before?.status !== 'pending') return undefined;
  await trx.updateTable('replacementRequests').set({ photoKey: key }).where('id', '=', id).execute();
  return { replaced: before.photoKey };
}
