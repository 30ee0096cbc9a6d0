import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { EmailChangesTable } from '../../db/schema';
import type { Trx } from '../../db/types';

/** The trainer's row joined with their profile (all profile columns, absent when no profile row exists yet). */
export async function findProfileRow(db: Db, trainerId: number) {
  return db
    .selectFrom('trainers')
    .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .selectAll('trainerProfiles')
    .select([
      'trainers.id as id',
      'trainers.name',
      'trainers.email',
      'trainers.phone',
      'trainers.city',
      'trainers.state',
      'trainers.paymentStatus',
      'trainers.accessPausedAt',
    ])
    .where('trainers.id', '=', trainerId)
    .executeTakeFirst();
}

export async function findTrainerEmail(db: Db, trainerId: number) {
  return db.selectFrom('trainers').select('email').where('id', '=', trainerId).executeTakeFirst();
}

export async function trainerExists(db: Db, trainerId: number): Promise<boolean> {
  const row = await db.selectFrom('trainers').select('id').where('id', '=', trainerId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Locks the trainer's row for the rest of the transaction: the lock every change of their e-mail or picture
 * takes, so they apply one at a time.
 */
export async function lockTrainer(trx: Trx, trainerId: number) {
  return trx
    .selectFrom('trainers')
    .select(['id', 'userId', 'email', 'name'])
    .where('id', '=', trainerId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findStoredProfileFlags(db: Db, trainerId: number) {
  return db
    .selectFrom('trainerProfiles')
    .select(['featuredTrainer', 'profilePicture'])
    .where('trainerId', '=', trainerId)
    .executeTakeFirst();
}

export async function updateTrainerFields(
  trx: Trx,
  trainerId: number,
  fields: {
    name?: string;
    email?: string;
    phone?: string | null;
    city?: string | null;
    state?: string | null;
  },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('trainers')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', trainerId)
    .execute();
}

/** Writes the given profile columns (JSON columns already as text), creating the profile row when missing. */
export async function upsertProfileValues(
  trx: Trx,
  trainerId: number,
  values: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('trainerProfiles')
    .values({ trainerId, ...values })
    .onConflict((oc) => oc.column('trainerId').doUpdateSet({ ...values, updatedAt: now }))
    .execute();
}

/** Whether any trainer's profile still points at this picture URL. */
export async function isPictureReferenced(db: Db, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('trainerProfiles')
    .select('trainerId')
    .where('profilePicture', '=', url)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listStoredPictureUrls(db: Db) {
  const rows = await db
    .selectFrom('trainerProfiles')
    .select('profilePicture')
    .where('profilePicture', 'like', '/api/pictures/%')
    .execute();
  return rows.map((row) => row.profilePicture);
}

// The e-mail change links (email-change.ts).

/** The open, unexpired request of a trainer, if any. */
export async function findOpenEmailChange(db: Db, trainerId: number, now: Date) {
  return db
    .selectFrom('emailChanges')
    .select(['newEmail', 'expiresAt'])
    .where('trainerId', '=', trainerId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

export async function deleteOpenEmailChanges(db: Db, trainerId: number): Promise<void> {
  await db
    .deleteFrom('emailChanges')
    .where('trainerId', '=', trainerId)
    .where('usedAt', 'is', null)
    .execute();
}

export async function insertEmailChange(trx: Trx, change: Insertable<EmailChangesTable>): Promise<void> {
  await trx.insertInto('emailChanges').values(change).execute();
}

/** Marks an unused, unexpired link used and returns its request; one statement, so two clicks cannot both apply. */
export async function spendEmailChange(trx: Trx, tokenHash: string, now: Date) {
  return trx
    .updateTable('emailChanges')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['trainerId', 'oldEmail', 'newEmail', 'requestedBy'])
    .executeTakeFirst();
}
