import type { Delivery } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';

/** A person's stored choices (kind -> delivery); kinds without a row take their defaults. */
export async function loadPreferences(db: Db, userId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('notificationPreferences')
    .select(['kind', 'delivery'])
    .where('userId', '=', userId)
    .execute();
  return new Map(rows.map((r) => [r.kind, r.delivery]));
}

export async function savePreferenceRows(
  trx: Trx,
  userId: number,
  choices: Array<{ kind: string; delivery: Delivery }>,
  now: Date,
): Promise<void> {
  if (!choices.length) return;
  await trx
    .insertInto('notificationPreferences')
    .values(choices.map((c) => ({ userId, kind: c.kind, delivery: c.delivery, updatedAt: now })))
    .onConflict((oc) =>
      oc.columns(['userId', 'kind']).doUpdateSet((eb) => ({
        delivery: eb.ref('excluded.delivery'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}

/** Everyone of the admin area (administrators and staff, each once) with their stored choice for `kind`. */
export async function listAdminAreaRecipients(db: Db, kind: string) {
  return db
    .selectFrom('users')
    .leftJoin('notificationPreferences as np', (join) =>
      join.onRef('np.userId', '=', 'users.id').on('np.kind', '=', kind),
    )
    .select(['users.id', 'users.email', 'users.name', 'np.delivery'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('userRoles')
          .select('userRoles.userId')
          .whereRef('userRoles.userId', '=', 'users.id')
          .where('userRoles.role', 'in', ['admin', 'staff']),
      ),
    )
    .orderBy('users.id')
    .execute();
}

/** The trainer's account: whom their notices go to. */
export async function findTrainerAccount(db: Db, trainerId: number) {
  return db
    .selectFrom('trainers')
    .innerJoin('users', 'users.id', 'trainers.userId')
    .select(['users.id as userId', 'users.email', 'trainers.name'])
    .where('trainers.id', '=', trainerId)
    .executeTakeFirst();
}

/** The stored choice of one person for one kind, if any. */
export async function findPreference(db: Db, userId: number, kind: string) {
  const row = await db
    .selectFrom('notificationPreferences')
    .select('delivery')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.delivery;
}

export async function insertDigestItems(
  trx: Trx,
  items: Array<{ userId: number; kind: string; subject: string; text: string; link: string | null }>,
  now: Date,
): Promise<void> {
  if (!items.length) return;
  await trx
    .insertInto('notificationDigestItems')
    .values(items.map((i) => ({ ...i, createdAt: now })))
    .execute();
}

/** Who has notices waiting from before `cutoff`. */
export async function listPeopleWithWaitingItems(db: Db, cutoff: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('notificationDigestItems')
    .select('userId')
    .distinct()
    .where('sentAt', 'is', null)
    .where('createdAt', '<', cutoff)
    .orderBy('userId')
    .execute();
  return rows.map((r) => r.userId);
}

/**
 * Takes one person's notices from before `cutoff` for their digest, in one statement: each row is marked with the
 * digest's time, so a second round (or instance) finds nothing left to send.
 */
export async function claimDigestItems(trx: Trx, userId: number, cutoff: Date, now: Date) {
  return trx
    .updateTable('notificationDigestItems')
    .set({ sentAt: now })
    .where('userId', '=', userId)
    .where('sentAt', 'is', null)
    .where('createdAt', '<', cutoff)
    .returning(['id', 'kind', 'subject', 'text', 'link', 'createdAt'])
    .execute();
}

/** The person a digest goes to, while they are still of the admin area (else undefined). */
export async function findAdminAreaPerson(trx: Trx, userId: number) {
  return trx
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.name'])
    .where('users.id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('userRoles')
          .select('userRoles.userId')
          .whereRef('userRoles.userId', '=', 'users.id')
          .where('userRoles.role', 'in', ['admin', 'staff']),
      ),
    )
    .executeTakeFirst();
}

/** Notices kept for someone who has left the admin area: they are not told of it any more. */
export async function deleteWaitingItemsOf(trx: Trx, userId: number): Promise<void> {
  await trx
    .deleteFrom('notificationDigestItems')
    .where('userId', '=', userId)
    .where('sentAt', 'is', null)
    .execute();
}

/** Notices sent in a digest more than `before` ago: the digest e-mail holds them. */
export async function deleteSentItemsBefore(db: Db, before: Date): Promise<void> {
  await db
    .deleteFrom('notificationDigestItems')
    .where('sentAt', 'is not', null)
    .where('sentAt', '<', before)
    .execute();
}
