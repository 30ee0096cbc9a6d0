import type { Db } from '../../db/database';

export async function insertMagicLink(
  db: Db,
  link: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('magicLinks')
    .values({ ...link, usedAt: null })
    .execute();
}

/**
 * Marks an unused, unexpired link used and returns its user. One statement, so two clicks at the same moment
 * cannot both sign in.
 */
export async function spendMagicLink(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('magicLinks')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
}

export async function insertSession(
  db: Db,
  session: { idHash: string; userId: number; lastSeenAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findSession(db: Db, idHash: string) {
  return db.selectFrom('sessions').selectAll().where('idHash', '=', idHash).executeTakeFirst();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('idHash', '=', idHash).execute();
}

export async function touchSession(db: Db, idHash: string, lastSeenAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ lastSeenAt }).where('idHash', '=', idHash).execute();
}

/** Deletes sessions past their end or idle since `idleSince`, links expired before `linksBefore`, and older hits. */
export async function purgeAuthRows(
  db: Db,
  cutoffs: { now: Date; idleSince: Date; linksBefore: Date; hitsBefore: Date },
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expiresAt', '<=', cutoffs.now), eb('lastSeenAt', '<=', cutoffs.idleSince)]))
    .execute();
  await db.deleteFrom('magicLinks').where('expiresAt', '<=', cutoffs.linksBefore).execute();
  await db.deleteFrom('rateLimitHits').where('hitAt', '<', cutoffs.hitsBefore).execute();
}
