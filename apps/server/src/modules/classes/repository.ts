import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ClassesTable, ClassRegistrationsTable } from '../../db/schema';
import type { Trx } from '../../db/types';
import { containsPattern } from '../../lib/sql';
import { trainerInGoodStanding } from '../standing/service';

/** Classes with their trainer and profile joined, nothing selected yet. */
function classesJoined(db: Db) {
  return db
    .selectFrom('classes')
    .innerJoin('trainers', 'trainers.id', 'classes.trainerId')
    .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id');
}

type ClassesJoined = ReturnType<typeof classesJoined>;

/** The classes' own columns, their trainer's name and live registration counts. */
function withCounts(q: ClassesJoined) {
  return q
    .selectAll('classes')
    .select([
      'trainers.name as trainerName',
      'trainerProfiles.displayName as trainerDisplayName',
      (eb) =>
        eb
          .selectFrom('classRegistrations')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('classRegistrations.classId', '=', 'classes.id')
          .where('classRegistrations.status', '=', 'registered')
          .as('registeredCount'),
      (eb) =>
        eb
          .selectFrom('classRegistrations')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('classRegistrations.classId', '=', 'classes.id')
          .where('classRegistrations.status', '=', 'waitlisted')
          .as('waitlistCount'),
    ]);
}

/** Classes with their trainer's name and live registration counts. */
export function classesWithCounts(db: Db) {
  return withCounts(classesJoined(db));
}

/** Only classes of trainers the public may see. */
function onlyPublic(q: ClassesJoined) {
  return q
    .where('trainers.status', '=', 'active')
    .where(trainerInGoodStanding)
    .where((eb) =>
      eb.or([eb('trainerProfiles.publiclyListed', '=', true), eb('trainerProfiles.trainerId', 'is', null)]),
    );
}

/** Only classes of trainers the public may see. */
export function publicClasses(db: Db) {
  return withCounts(onlyPublic(classesJoined(db)));
}

export type ClassRow = Awaited<ReturnType<ReturnType<typeof classesWithCounts>['execute']>>[number];

export interface PublicClassFilters {
  /** Classes starting at or after this instant (a date the visitor chose)... */
  from?: Date;
  /** ...or strictly after it: upcoming ones, as a class that starts now has started. */
  after?: Date;
  to?: Date;
  type?: ClassesTable['type'];
  trainerId?: number;
  location?: string;
  q?: string;
}

/** Scheduled public classes matching the filters, in no order and with nothing selected. */
function matchingPublicClasses(db: Db, filters: PublicClassFilters) {
  let q = onlyPublic(classesJoined(db)).where('classes.status', '=', 'scheduled');
  if (filters.from) q = q.where('classes.startsAt', '>=', filters.from);
  if (filters.after) q = q.where('classes.startsAt', '>', filters.after);
  if (filters.to) q = q.where('classes.startsAt', '<', filters.to);
  if (filters.type) q = q.where('classes.type', '=', filters.type);
  if (filters.trainerId) q = q.where('classes.trainerId', '=', filters.trainerId);
  if (filters.location) {
    const pattern = containsPattern(filters.location);
    q = q.where((eb) =>
      eb.or([eb('classes.location', 'ilike', pattern), eb('classes.address', 'ilike', pattern)]),
    );
  }
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    q = q.where((eb) =>
      eb.or([
        eb('classes.title', 'ilike', pattern),
        eb('classes.location', 'ilike', pattern),
        eb('trainers.name', 'ilike', pattern),
        eb('trainerProfiles.displayName', 'ilike', pattern),
        eb(eb.fn('array_to_string', ['classes.tags', eb.val(' ')]), 'ilike', pattern),
      ]),
    );
  }
  return q;
}

export interface ClassPage {
  limit: number;
  offset: number;
}

/**
 * One page of the scheduled public classes matching the filters, soonest first, and how many match in all
 * (`countOf`, which may be shared). The page is read in order from the start index, checking each class's trainer,
 * and stops once it is full; the count reads only indexes (migration 0027) and computes no registration counts.
 */
export async function listPublicClassRows(
  db: Db,
  filters: PublicClassFilters,
  page: ClassPage,
  countOf: (filters: PublicClassFilters) => Promise<number> = (f) => countPublicClasses(db, f),
) {
  const [rows, total] = await Promise.all([
    withCounts(matchingPublicClasses(db, filters))
      .orderBy('classes.startsAt')
      .orderBy('classes.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    countOf(filters),
  ]);
  return { rows, total };
}

/** How many scheduled public classes match the filters. */
export async function countPublicClasses(db: Db, filters: PublicClassFilters): Promise<number> {
  const row = await matchingPublicClasses(db, filters)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many public classes are scheduled after `after`, and when the first of them starts (from then on the count
 * is smaller): what the unfiltered lists share after a change. Reads only indexes.
 */
export async function countUpcomingPublicClasses(db: Db, after: Date) {
  const row = await matchingPublicClasses(db, { after })
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('classes.startsAt').as('firstStart')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.n), firstStart: row.firstStart ? new Date(row.firstStart).getTime() : null };
}

export async function findPublicClassRow(db: Db, id: number) {
  return publicClasses(db).where('classes.id', '=', id).executeTakeFirst();
}

export async function findClassRow(db: Db, id: number) {
  return classesWithCounts(db).where('classes.id', '=', id).executeTakeFirst();
}

/** A trainer's classes starting from `since` on, cancelled ones included. */
export async function listTrainerClassRows(db: Db, trainerId: number, since: Date) {
  return classesWithCounts(db)
    .where('classes.trainerId', '=', trainerId)
    .where('classes.startsAt', '>=', since)
    .orderBy('classes.startsAt')
    .execute();
}

/**
 * Public classes for a calendar feed, cancelled ones included, at most `limit`: the soonest of those starting after
 * `now` first, then, with the room left, the latest of those from `since` to `now`. Each half is read in start
 * order from the index and stops when full, so the feed costs the same at any number of trainers. Soonest first.
 */
export async function listFeedClassRows(
  db: Db,
  window: { since: Date; now: Date; limit: number },
  trainerId?: number,
) {
  const { since, now, limit } = window;
  let q = publicClasses(db);
  if (trainerId !== undefined) q = q.where('classes.trainerId', '=', trainerId);
  const upcoming = await q
    .where('classes.startsAt', '>', now)
    .orderBy('classes.startsAt')
    .orderBy('classes.id')
    .limit(limit)
    .execute();
  const room = limit - upcoming.length;
  const past =
    room > 0
      ? await q
          .where('classes.startsAt', '>=', since)
          .where('classes.startsAt', '<=', now)
          .orderBy('classes.startsAt', 'desc')
          .orderBy('classes.id', 'desc')
          .limit(room)
          .execute()
      : [];
  return [...past.reverse(), ...upcoming];
}

/** The trainer's place and usual class payment link; undefined when there is no such trainer. */
export async function findTrainerClassDefaults(db: Db, trainerId: number) {
  return db
    .selectFrom('trainers')
    .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .select([
      'trainers.id',
      'trainers.city',
      'trainers.state',
      'trainerProfiles.postalCode',
      'trainerProfiles.basicClassPaymentLink',
    ])
    .where('trainers.id', '=', trainerId)
    .executeTakeFirst();
}

export async function insertClass(db: Db, values: Insertable<ClassesTable>): Promise<number> {
  const { id } = await db.insertInto('classes').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateClassRow(db: Db, id: number, values: Updateable<ClassesTable>): Promise<void> {
  await db.updateTable('classes').set(values).where('id', '=', id).execute();
}

/** Addresses of everyone registered or waiting for a class, in the order they came. */
export async function listBookedEmails(db: Db, classId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('classRegistrations')
    .select('email')
    .where('classId', '=', classId)
    .where('status', '!=', 'cancelled')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.email);
}

/** Locks the class row for the rest of the transaction (registrations take turns on it). */
export async function lockClass(trx: Trx, classId: number) {
  return trx
    .selectFrom('classes')
    .select(['id', 'status', 'startsAt', 'capacity'])
    .where('id', '=', classId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findActiveRegistration(trx: Trx, classId: number, email: string) {
  return trx
    .selectFrom('classRegistrations')
    .select('status')
    .where('classId', '=', classId)
    .where('email', '=', email)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
}

/** How many are registered and how many wait for a class. */
export async function countRegistrations(trx: Trx, classId: number) {
  const counts = await trx
    .selectFrom('classRegistrations')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('classId', '=', classId)
    .where('status', 'in', ['registered', 'waitlisted'])
    .groupBy('status')
    .execute();
  const count = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return { registered: count('registered'), waitlisted: count('waitlisted') };
}

export async function insertRegistration(
  trx: Trx,
  values: Insertable<ClassRegistrationsTable>,
): Promise<void> {
  await trx.insertInto('classRegistrations').values(values).execute();
}

export async function findRegistrationByTokenHash(trx: Trx, cancelTokenHash: string) {
  return trx
    .selectFrom('classRegistrations')
    .selectAll()
    .where('cancelTokenHash', '=', cancelTokenHash)
    .executeTakeFirst();
}

/** The status of the registration a cancel link names (outside a transaction: only read). */
export async function findRegistrationStatusByTokenHash(db: Db, cancelTokenHash: string) {
  return db
    .selectFrom('classRegistrations')
    .select('status')
    .where('cancelTokenHash', '=', cancelTokenHash)
    .executeTakeFirst();
}

export async function updateRegistration(
  trx: Trx,
  id: number,
  values: Updateable<ClassRegistrationsTable>,
): Promise<void> {
  await trx.updateTable('classRegistrations').set(values).where('id', '=', id).execute();
}

/** The first person on a class's waitlist. */
export async function firstWaitlisted(trx: Trx, classId: number) {
  return trx
    .selectFrom('classRegistrations')
    .selectAll()
    .where('classId', '=', classId)
    .where('status', '=', 'waitlisted')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function listRegistrationRows(db: Db, classId: number) {
  return db
    .selectFrom('classRegistrations')
    .select(['id', 'name', 'email', 'status', 'createdAt'])
    .where('classId', '=', classId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/**
 * Moves the trainer's scheduled classes after `now` that still use `previousLink` to `paymentLink`; returns how
 * many moved.
 */
export async function replaceUpcomingPaymentLink(
  db: Db,
  trainerId: number,
  previousLink: string | null,
  paymentLink: string | null,
  now: Date,
): Promise<number> {
  const result = await db
    .updateTable('classes')
    .set({ paymentLink, updatedAt: now })
    .where('trainerId', '=', trainerId)
    .where('status', '=', 'scheduled')
    .where('startsAt', '>', now)
    .where((eb) =>
      previousLink === null ? eb('paymentLink', 'is', null) : eb('paymentLink', '=', previousLink),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findBasicClassPaymentLink(db: Db, trainerId: number) {
  return db
    .selectFrom('trainerProfiles')
    .select('basicClassPaymentLink')
    .where('trainerId', '=', trainerId)
    .executeTakeFirst();
}
