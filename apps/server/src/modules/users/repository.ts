import type { Role } from '@soulpunch/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';

/** Serialises changes to who is an administrator, across connections and instances. */
const ADMIN_ROLES_LOCK = 70_070_011;

/**
 * Holds the administrators' lock until the caller's transaction ends: two removals at once must not each see the
 * other administrator and leave none.
 */
export async function lockAdminRoles(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADMIN_ROLES_LOCK})`.execute(trx);
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Returns the user with this e-mail, creating it (with this name) when it does not exist yet. */
export async function ensureUser(db: Db, email: string, name: string) {
  const normalised = email.trim().toLowerCase();
  await db
    .insertInto('users')
    .values({ email: normalised, name })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return db.selectFrom('users').selectAll().where('email', '=', normalised).executeTakeFirstOrThrow();
}

/** Gives the role; true when the user did not hold it before. */
export async function grantRole(db: Db, userId: number, role: Role): Promise<boolean> {
  const inserted = await db
    .insertInto('userRoles')
    .values({ userId, role })
    .onConflict((oc) => oc.columns(['userId', 'role']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Takes the role away; true when the user held it. */
export async function revokeRole(db: Db, userId: number, role: Role): Promise<boolean> {
  const removed = await db
    .deleteFrom('userRoles')
    .where('userId', '=', userId)
    .where('role', '=', role)
    .returning('userId')
    .execute();
  return removed.length > 0;
}

export async function listUsersWithRole(db: Db, role: Role) {
  return db
    .selectFrom('users')
    .innerJoin('userRoles', 'userRoles.userId', 'users.id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('userRoles.role', '=', role)
    .orderBy('users.email')
    .execute();
}

/** The signed-in view of a user: roles and the trainer record they own, if any. */
export async function loadSessionUser(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .leftJoin('trainers', 'trainers.userId', 'users.id')
    .select(['users.id', 'users.email', 'users.name', 'trainers.id as trainerId'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db
    .selectFrom('userRoles')
    .select('role')
    .where('userId', '=', userId)
    .orderBy('role')
    .execute();
  return { ...user, trainerId: user.trainerId ?? null, roles: roles.map((r) => r.role) };
}

export async function setUserName(db: Db, userId: number, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
}

export async function setUserEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

/** A trainer's account follows their record: same sign-in e-mail, same name. */
export async function updateUserEmailAndName(
  db: Db,
  userId: number,
  email: string,
  name: string,
): Promise<void> {
  await db.updateTable('users').set({ email, name }).where('id', '=', userId).execute();
}

/** One grant or removal of an admin-area role, as the history on Settings shows it. */
export async function insertRoleChange(
  trx: Trx,
  change: {
    user: { id: number; email: string; name: string };
    role: 'admin' | 'staff';
    action: 'granted' | 'removed';
    /** Null: the server's command line. */
    by: { id: number; name: string; email: string } | null;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('roleChanges')
    .values({
      userId: change.user.id,
      email: change.user.email,
      name: change.user.name,
      role: change.role,
      action: change.action,
      changedBy: change.by?.id ?? null,
      changedByName: change.by?.name ?? null,
      changedByEmail: change.by?.email ?? null,
      changedAt: change.at,
    })
    .execute();
}

/** The newest grants and removals first. */
export async function listRoleChanges(db: Db, limit: number) {
  return db
    .selectFrom('roleChanges')
    .selectAll()
    .orderBy('changedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
