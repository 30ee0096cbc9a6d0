import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ReviewsTable } from '../../db/schema-reviews';
import type { Executor, Trx } from '../../db/types';

/**
 * Registrations owed a review link at `now`: still holding their place (never cancelled nor left waiting) in a
 * class that went ahead and ended between `since` and `now`, and never sent one.
 */
export async function listRegistrationsOwedReviewLink(db: Db, now: Date, since: Date, limit: number) {
  return db
    .selectFrom('classRegistrations as r')
    .innerJoin('classes as c', 'c.id', 'r.classId')
    .innerJoin('trainers as t', 't.id', 'c.trainerId')
    .leftJoin('trainerProfiles as p', 'p.trainerId', 't.id')
    .leftJoin('reviewLinks as l', 'l.registrationId', 'r.id')
    .select([
      'r.id as registrationId',
      'r.email',
      'c.id as classId',
      'c.title',
      'c.startsAt',
      'c.timeZone',
      't.name as trainerName',
      'p.displayName as trainerDisplayName',
    ])
    .where('r.status', '=', 'registered')
    .where('c.status', '=', 'scheduled')
    .where('c.endsAt', '<=', now)
    .where('c.endsAt', '>', since)
    .where('l.registrationId', 'is', null)
    .orderBy('c.endsAt')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Records the link for a registration; false when one exists already (another round sent it). */
export async function insertReviewLink(
  trx: Trx,
  values: { registrationId: number; tokenHash: string; sentAt: Date },
): Promise<boolean> {
  const rows = await trx
    .insertInto('reviewLinks')
    .values(values)
    .onConflict((oc) => oc.column('registrationId').doNothing())
    .returning('registrationId')
    .execute();
  return rows.length > 0;
}

/** The link a token names, with its class and registration (what the review page shows and the review needs). */
export async function findReviewLink(db: Executor, tokenHash: string) {
  return db
    .selectFrom('reviewLinks as l')
    .innerJoin('classRegistrations as r', 'r.id', 'l.registrationId')
    .innerJoin('classes as c', 'c.id', 'r.classId')
    .innerJoin('trainers as t', 't.id', 'c.trainerId')
    .leftJoin('trainerProfiles as p', 'p.trainerId', 't.id')
    .select([
      'l.registrationId',
      'l.usedAt',
      'r.status as registrationStatus',
      'r.name as reviewerName',
      'c.id as classId',
      'c.title',
      'c.startsAt',
      'c.endsAt',
      'c.timeZone',
      't.id as trainerId',
      't.name as trainerName',
      'p.displayName as trainerDisplayName',
    ])
    .where('l.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends a link: true only for the one caller that found it unused (the row is the once-only guard). */
export async function markReviewLinkUsed(trx: Trx, registrationId: number, at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('reviewLinks')
    .set({ usedAt: at })
    .where('registrationId', '=', registrationId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReview(trx: Trx, values: Insertable<ReviewsTable>): Promise<void> {
  await trx.insertInto('reviews').values(values).execute();
}

/** How many visible reviews gave each number of stars, per trainer. */
export async function countVisibleStars(db: Db, trainerIds: number[]) {
  if (!trainerIds.length) return [];
  const rows = await db
    .selectFrom('reviews')
    .select(['trainerId', 'stars', (eb) => eb.fn.countAll<number>().as('count')])
    .where('trainerId', 'in', trainerIds)
    .where('hiddenAt', 'is', null)
    .groupBy(['trainerId', 'stars'])
    .execute();
  return rows.map((r) => ({ trainerId: r.trainerId, stars: Number(r.stars), count: Number(r.count) }));
}

/** Reviews with their class and reviewer, newest first: the portal's and the admin's lists. */
function reviewRows(db: Db) {
  return db
    .selectFrom('reviews as v')
    .innerJoin('classes as c', 'c.id', 'v.classId')
    .innerJoin('classRegistrations as r', 'r.id', 'v.registrationId')
    .innerJoin('trainers as t', 't.id', 'v.trainerId')
    .select([
      'v.id',
      'v.trainerId',
      'v.stars',
      'v.comment',
      'v.featured',
      'v.hiddenAt',
      'v.hiddenReason',
      'v.createdAt',
      'r.name as reviewerName',
      'r.email as reviewerEmail',
      'c.title as classTitle',
      'c.startsAt as classStartsAt',
      'c.timeZone as classTimeZone',
      't.name as trainerName',
    ])
    .orderBy('v.createdAt', 'desc')
    .orderBy('v.id', 'desc');
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['execute']>>[number];

export async function listTrainerReviewRows(db: Db, trainerId: number) {
  return reviewRows(db).where('v.trainerId', '=', trainerId).execute();
}

export async function listReviewRows(db: Db, limit: number) {
  return reviewRows(db).limit(limit).execute();
}

export async function findReviewRow(db: Db, id: number) {
  return reviewRows(db).where('v.id', '=', id).executeTakeFirst();
}

/** A trainer's featured reviews that are visible and say something, newest first. */
export async function listFeaturedReviewRows(db: Db, trainerId: number) {
  return reviewRows(db)
    .where('v.trainerId', '=', trainerId)
    .where('v.featured', '=', true)
    .where('v.hiddenAt', 'is', null)
    .where('v.comment', 'is not', null)
    .execute();
}

/** Locks a review for a change (feature, hide, show). */
export async function lockReview(trx: Trx, id: number) {
  return trx
    .selectFrom('reviews')
    .select(['id', 'trainerId', 'featured', 'hiddenAt', 'comment'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function countFeaturedReviews(trx: Trx, trainerId: number): Promise<number> {
  const row = await trx
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('trainerId', '=', trainerId)
    .where('featured', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setReviewFeatured(trx: Trx, id: number, featured: boolean): Promise<void> {
  await trx.updateTable('reviews').set({ featured }).where('id', '=', id).execute();
}

/** Hides (a reason and time) or shows (null) a review; a hidden review is no longer featured. */
export async function setReviewHidden(
  trx: Trx,
  id: number,
  hidden: { at: Date; reason: string } | null,
): Promise<void> {
  await trx
    .updateTable('reviews')
    .set(
      hidden
        ? { hiddenAt: hidden.at, hiddenReason: hidden.reason, featured: false }
        : { hiddenAt: null, hiddenReason: null },
    )
    .where('id', '=', id)
    .execute();
}

export async function insertModeration(
  trx: Trx,
  values: { reviewId: number; action: 'hidden' | 'shown'; reason: string; byUserId: number; at: Date },
): Promise<void> {
  await trx.insertInto('reviewModeration').values(values).execute();
}

/** The moderation history of these reviews, oldest first, with who acted. */
export async function listModeration(db: Db, reviewIds: number[]) {
  if (!reviewIds.length) return [];
  return db
    .selectFrom('reviewModeration as m')
    .leftJoin('users as u', 'u.id', 'm.byUserId')
    .select(['m.reviewId', 'm.action', 'm.reason', 'm.at', 'u.email as byEmail'])
    .where('m.reviewId', 'in', reviewIds)
    .orderBy('m.at')
    .orderBy('m.id')
    .execute();
}
