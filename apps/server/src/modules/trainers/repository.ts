import type { TrainerListQuery } from '@soulpunch/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { FieldChange, TrainerProfilesTable, TrainersTable } from '../../db/schema';
import type { Trx } from '../../db/types';
import { geocodePlace } from '../../lib/geocoder';
import { containsPattern } from '../../lib/sql';

/** The spec's by-email answer: id, name, email, status. */
export async function findTrainerByEmail(db: Db, email: string) {
  return db
    .selectFrom('trainers')
    .select(['id', 'name', 'email', 'status'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Profile columns the admin sees and edits, which are also the ones the progress scores read. */
export const ADMIN_PROFILE_COLUMNS = [
  'displayName',
  'trainingDate',
  'hasInsurance',
  'hasStripe',
  'hasPaypal',
  'hasPillar',
  'hasAffiliateLink',
  'hasCurriculum',
  'hasMarketingResources',
  'hasWorkbooks',
  'hasVideoLibrary',
  'hasTrainerDrive',
  'inWhatsApp',
  'inFacebook',
  'instagram',
  'website',
] as const;

type TrainerFilters = Omit<TrainerListQuery, 'limit' | 'offset' | 'band'>;

/** The trainer columns of the admin list; the detail adds a few to these. */
const LIST_COLUMNS = [
  'trainers.id',
  'trainers.name',
  'trainers.email',
  'trainers.phone',
  'trainers.city',
  'trainers.state',
  'trainers.paymentStatus',
  'trainers.onboardingStatus',
  'trainers.isHeadquarters',
] as const;
const PROFILE_COLUMNS = ADMIN_PROFILE_COLUMNS.map((c) => `trainerProfiles.${c}` as const);

/** The trainers the admin filters keep; every filter is on `trainers` itself. */
function matchingTrainers(db: Db, filters: TrainerFilters) {
  let query = db.selectFrom('trainers');
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    // Case-insensitive substring over name, e-mail, city and state (spec admin 2.2).
    query = query.where((eb) =>
      eb.or([
        eb('trainers.name', 'ilike', pattern),
        eb('trainers.email', 'ilike', pattern),
        eb('trainers.city', 'ilike', pattern),
        eb('trainers.state', 'ilike', pattern),
      ]),
    );
  }
  if (filters.paymentStatus) query = query.where('trainers.paymentStatus', '=', filters.paymentStatus);
  if (filters.onboardingStatus)
    query = query.where('trainers.onboardingStatus', '=', filters.onboardingStatus);
  return query;
}

function filteredTrainers(db: Db, filters: TrainerFilters) {
  return matchingTrainers(db, filters).leftJoin(
    'trainerProfiles',
    'trainerProfiles.trainerId',
    'trainers.id',
  );
}

export async function countTrainers(db: Db, filters: TrainerFilters): Promise<number> {
  // Without the profiles: counting 100,000 trainers need not join 100,000 profiles.
  const row = await matchingTrainers(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Trainers with the columns of the list and the scores, in name order; a page of them when given. */
export async function listTrainerRows(
  db: Db,
  filters: TrainerFilters,
  page?: { limit: number; offset: number },
) {
  let query = filteredTrainers(db, filters)
    .select(LIST_COLUMNS)
    .select(PROFILE_COLUMNS)
    .orderBy('trainers.name')
    .orderBy('trainers.id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

export type TrainerRow = Awaited<ReturnType<typeof listTrainerRows>>[number];

export async function findTrainerRow(db: Db, id: number) {
  return db
    .selectFrom('trainers')
    .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .select([...LIST_COLUMNS, 'trainers.userId', 'trainers.status'])
    .select(PROFILE_COLUMNS)
    .where('trainers.id', '=', id)
    .executeTakeFirst();
}

export async function countByColumn(db: Db, column: 'paymentStatus' | 'onboardingStatus') {
  const rows = await db
    .selectFrom('trainers')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(column)
    .execute();
  return Object.fromEntries(rows.map((r) => [r[column], Number(r.n)]));
}

/** Re-geocodes a trainer from their saved city, state and ZIP; called after every save of those fields. */
export async function refreshTrainerCoordinates(db: Db, trainerId: number): Promise<void> {
  const row = await db
    .selectFrom('trainers')
    .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .select(['trainers.city', 'trainers.state', 'trainerProfiles.postalCode'])
    .where('trainers.id', '=', trainerId)
    .executeTakeFirst();
  if (!row) return;
  const point = geocodePlace({ city: row.city, state: row.state, postalCode: row.postalCode });
  await db
    .updateTable('trainers')
    .set({ latitude: point?.latitude ?? null, longitude: point?.longitude ?? null })
    .where('id', '=', trainerId)
    .execute();
}

export async function findTrainerIdByEmail(db: Db, email: string) {
  return db.selectFrom('trainers').select('id').where('email', '=', email).executeTakeFirst();
}

/** A trainer record with this e-mail and no account yet (paid but never confirmed), locked for the caller. */
export async function findUnclaimedTrainerByEmail(trx: Trx, email: string) {
  return trx
    .selectFrom('trainers')
    .select(['id', 'name'])
    .where('email', '=', email)
    .where('userId', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function setTrainerAccount(trx: Trx, trainerId: number, userId: number) {
  await trx
    .updateTable('trainers')
    .set({ userId })
    .where('id', '=', trainerId)
    .where('userId', 'is', null)
    .execute();
}

/** A new trainer record and its empty profile, for an account created in the same transaction. */
export async function insertTrainerWithProfile(
  trx: Trx,
  trainer: { userId: number; name: string; email: string },
) {
  const row = await trx
    .insertInto('trainers')
    .values(trainer)
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow();
  await trx.insertInto('trainerProfiles').values({ trainerId: row.id }).execute();
  return row;
}

/** Another trainer, or another account, already holding this e-mail. */
export async function findEmailHolders(db: Db, email: string, trainerId: number, userId: number | null) {
  const trainerClash = await db
    .selectFrom('trainers')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', trainerId)
    .executeTakeFirst();
  const userClash = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .$if(userId !== null, (qb) => qb.where('id', '!=', userId as number))
    .executeTakeFirst();
  return { trainerClash, userClash };
}

/** Drops the e-mail change links the trainer asked for and has not used yet. */
export async function deleteOpenEmailChanges(trx: Trx, trainerId: number): Promise<void> {
  await trx
    .deleteFrom('emailChanges')
    .where('trainerId', '=', trainerId)
    .where('usedAt', 'is', null)
    .execute();
}

export async function updateTrainerBasics(
  trx: Trx,
  id: number,
  basics: Updateable<TrainersTable>,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('trainers')
    .set({ ...basics, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

export async function upsertTrainerProfile(
  trx: Trx,
  trainerId: number,
  profile: Omit<Insertable<TrainerProfilesTable>, 'trainerId'>,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('trainerProfiles')
    .values({ trainerId, ...profile })
    .onConflict((oc) => oc.column('trainerId').doUpdateSet({ ...profile, updatedAt: now }))
    .execute();
}

export async function insertTrainerChange(
  trx: Trx,
  trainerId: number,
  changedBy: number | null,
  changes: FieldChange[],
): Promise<void> {
  await trx
    .insertInto('trainerChanges')
    .values({ trainerId, changedBy, changes: JSON.stringify(changes) })
    .execute();
}

/** The change log of a trainer, newest first, with who made each change. */
export async function listTrainerChangeRows(db: Db, trainerId: number) {
  return db
    .selectFrom('trainerChanges')
    .leftJoin('users', 'users.id', 'trainerChanges.changedBy')
    .select([
      'trainerChanges.id',
      'trainerChanges.changedAt',
      'trainerChanges.changes',
      'users.name as changedByName',
      'users.email as changedByEmail',
    ])
    .where('trainerChanges.trainerId', '=', trainerId)
    .orderBy('trainerChanges.changedAt', 'desc')
    .orderBy('trainerChanges.id', 'desc')
    .execute();
}
