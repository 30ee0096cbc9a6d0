import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ResourcesTable } from '../../db/schema';
import type { Trx } from '../../db/types';

// Onboarding checklist

export async function findAccessPause(db: Db, trainerId: number) {
  return db.selectFrom('trainers').select('accessPausedAt').where('id', '=', trainerId).executeTakeFirst();
}

export async function listMarkedSteps(db: Db, trainerId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('trainerOnboardingSteps')
    .select('step')
    .where('trainerId', '=', trainerId)
    .execute();
  return rows.map((r) => r.step);
}

export async function markStep(db: Db, trainerId: number, step: string): Promise<void> {
  await db
    .insertInto('trainerOnboardingSteps')
    .values({ trainerId, step })
    .onConflict((oc) => oc.columns(['trainerId', 'step']).doNothing())
    .execute();
}

export async function unmarkStep(db: Db, trainerId: number, step: string): Promise<void> {
  await db
    .deleteFrom('trainerOnboardingSteps')
    .where('trainerId', '=', trainerId)
    .where('step', '=', step)
    .execute();
}

/** Whether the trainer has any document at all (a trainer from before e-signature has none). */
export async function hasAnyDocument(db: Db, trainerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('documents')
    .select('id')
    .where('trainerId', '=', trainerId)
    .executeTakeFirst();
  return row !== undefined;
}

// The resource catalogue

export async function listCategories(db: Db) {
  return db.selectFrom('resourceCategories').selectAll().orderBy('position').execute();
}

/** Resources still in the portal (retired ones leave it; their visits stay). */
export async function listLiveResources(db: Db) {
  return db
    .selectFrom('resources')
    .selectAll()
    .where('retiredAt', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function listVisitedResourceIds(db: Db, trainerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('trainerResourceVisits')
    .select('resourceId')
    .where('trainerId', '=', trainerId)
    .execute();
  return rows.map((r) => r.resourceId);
}

/** A resource still in the portal, with the checklist step its link stands for (if any). */
export async function findLiveResource(db: Db, resourceId: number) {
  return db
    .selectFrom('resources')
    .select(['id', 'onboardingStep'])
    .where('id', '=', resourceId)
    .where('retiredAt', 'is', null)
    .executeTakeFirst();
}

/** Records a visit; true when it is the trainer's first of this resource. */
export async function insertVisit(db: Db, trainerId: number, resourceId: number): Promise<boolean> {
  const inserted = await db
    .insertInto('trainerResourceVisits')
    .values({ trainerId, resourceId })
    .onConflict((oc) => oc.columns(['trainerId', 'resourceId']).doNothing())
    .returning('resourceId')
    .executeTakeFirst();
  return inserted !== undefined;
}

// Admin editing of the catalogue

export async function listCategoryChoices(db: Db) {
  return db
    .selectFrom('resourceCategories')
    .select(['id', 'name', 'comingSoon'])
    .orderBy('position')
    .execute();
}

/** Every resource, retired ones included, with its category's name, in the admin list's order. */
export async function listAllResourcesWithCategory(db: Db) {
  return db
    .selectFrom('resources as r')
    .leftJoin('resourceCategories as c', 'c.id', 'r.categoryId')
    .selectAll('r')
    .select('c.name as categoryName')
    .orderBy('r.kind')
    .orderBy('c.position')
    .orderBy('r.position')
    .orderBy('r.id')
    .execute();
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('resourceCategories').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

type ResourceValues = Omit<Insertable<ResourcesTable>, 'id' | 'retiredAt'>;

export async function insertResource(trx: Trx, values: ResourceValues): Promise<number> {
  const row = await trx.insertInto('resources').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Returns false when there is no such resource. */
export async function updateResourceRow(trx: Trx, id: number, values: ResourceValues): Promise<boolean> {
  const updated = await trx.updateTable('resources').set(values).where('id', '=', id).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Locks the resource for the rest of the transaction; false when it does not exist. */
export async function lockResource(trx: Trx, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom('resources')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function resourceWasVisited(trx: Trx, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom('trainerResourceVisits')
    .select('resourceId')
    .where('resourceId', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function retireResourceRow(trx: Trx, id: number, now: Date): Promise<void> {
  await trx.updateTable('resources').set({ retiredAt: now }).where('id', '=', id).execute();
}

export async function deleteResourceRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('resources').where('id', '=', id).execute();
}
