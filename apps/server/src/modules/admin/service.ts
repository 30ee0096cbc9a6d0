import type { AdminAreaRole, RoleChange, SessionUser } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { sendSignInLink } from '../auth/service';
import { createRequiredDocuments } from '../documents/service';
import { deliverMail, queueMail } from '../mail/queue';
import {
  adminRoleGrantedEmail,
  adminRoleRemovedEmail,
  type RoleChanger,
  staffRoleGrantedEmail,
  staffRoleRemovedEmail,
  welcomeTrainerEmail,
} from '../mail/templates';
import { findTrainerIdByEmail, insertTrainerWithProfile, recordTrainerChange } from '../trainers/service';
import {
  ensureUser,
  findUserByEmail,
  grantRole,
  insertRoleChange,
  listRoleChanges,
  listUsersWithRole,
  lockAdminRoles,
  revokeRole,
} from '../users/service';

const EMAIL_TAKEN = 'A trainer with this email already exists';

/** The acting administrator, as the e-mails and the change history name them. */
type Admin = Pick<SessionUser, 'id' | 'name' | 'email'>;

/**
 * An admin adds a trainer by name and e-mail (someone who enrolled outside the checkout): the trainer gets an
 * account, a sign-in e-mail and the three documents to sign; their change history starts with who added them.
 */
export async function addTrainer(deps: AppDeps, input: { name: string; email: string }, admin: Admin) {
  const existing = await findTrainerIdByEmail(deps.db, input.email);
  if (existing) throw badRequest('validation_error', EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const { trainer, user } = await deps.db.transaction().execute(async (trx) => {
    const user = await ensureUser(trx, input.email, input.name);
    await grantRole(trx, user.id, 'trainer');
    const trainer = await insertTrainerWithProfile(trx, {
      userId: user.id,
      name: input.name,
      email: user.email,
    });
    await recordTrainerChange(trx, trainer.id, admin.id, [
      { field: 'created', from: null, to: `${trainer.name} <${trainer.email}>` },
    ]);
    return { trainer, user };
  });
  await sendSignInLink(deps, { id: user.id, email: user.email, name: input.name }, welcomeTrainerEmail);
  await createRequiredDocuments(deps, trainer.id);
  return trainer;
}

export const listAdministrators = (db: Db) => listUsersWithRole(db, 'admin');
export const listStaff = (db: Db) => listUsersWithRole(db, 'staff');

const loginUrl = (deps: AppDeps) => `${deps.config.appUrl}/trainer-portal/login`;

/** Who changes a role: an administrator in the app (with their account), or the server's command line. */
export type Changer = (RoleChanger & { id: number }) | 'command line';

type Account = { id: number; email: string; name: string };

/** Keeps the change in the roles' history, in the change's own transaction. */
const recordChange = (
  trx: Trx,
  now: Date,
  user: Account,
  role: AdminAreaRole,
  action: 'granted' | 'removed',
  by: Changer,
) => insertRoleChange(trx, { user, role, action, by: by === 'command line' ? null : by, at: now });

/**
 * Gives the admin role (creating the account when there is none); a person who did not hold it is told by e-mail,
 * and the change is kept in the roles' history. Staff made administrators lose the staff role, which the admin
 * role contains. `granted` is false when they held it already (nothing changed, nobody e-mailed).
 */
export async function grantAdmin(deps: AppDeps, email: string, by: Changer) {
  const { user, granted, mail } = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const user = await ensureUser(trx, email, email.split('@')[0] ?? email);
    const granted = await grantRole(trx, user.id, 'admin');
    if (!granted) return { user, granted, mail: [] };
    if (await revokeRole(trx, user.id, 'staff')) await recordChange(trx, now, user, 'staff', 'removed', by);
    await recordChange(trx, now, user, 'admin', 'granted', by);
    // Queued with the change: the e-mail exists exactly when the role does.
    const mail = await queueMail(trx, now, adminRoleGrantedEmail(user, by, loginUrl(deps)));
    return { user, granted, mail };
  });
  await deliverMail(deps, mail);
  return { account: { id: user.id, email: user.email, name: user.name }, granted };
}

/**
 * Removes the admin role and tells the person; the last administrator is never removed, so the platform cannot
 * lock itself out.
 */
export async function revokeAdmin(deps: AppDeps, email: string, by: Changer): Promise<void> {
  const mail = await deps.db.transaction().execute(async (trx) => {
    // Counted under the lock, so a removal running at the same moment waits and then sees this one.
    await lockAdminRoles(trx);
    const user = await findUserByEmail(trx, email);
    const admins = await listUsersWithRole(trx, 'admin');
    if (!user || !admins.some((a) => a.id === user.id)) throw notFound(`${email} is not an administrator`);
    if (admins.length === 1) {
      throw new AppError(
        409,
        'last_admin',
        'The last administrator cannot be removed. Add another administrator first.',
      );
    }
    const now = deps.clock.now();
    await revokeRole(trx, user.id, 'admin');
    await recordChange(trx, now, user, 'admin', 'removed', by);
    return queueMail(trx, now, adminRoleRemovedEmail(user, by));
  });
  await deliverMail(deps, mail);
}

/**
 * Gives the read-only staff role (creating the account when there is none), tells the person and keeps the change.
 * An administrator already sees everything: they are refused, so nobody is demoted by mistake.
 */
export async function grantStaff(deps: AppDeps, email: string, by: Changer) {
  const { user, granted, mail } = await deps.db.transaction().execute(async (trx) => {
    await lockAdminRoles(trx);
    const now = deps.clock.now();
    const user = await ensureUser(trx, email, email.split('@')[0] ?? email);
    const admins = await listUsersWithRole(trx, 'admin');
    if (admins.some((a) => a.id === user.id)) {
      throw new AppError(
        409,
        'unchanged',
        `${user.email} is an administrator, who can already see everything. Remove the administrator role first to make them staff.`,
      );
    }
    const granted = await grantRole(trx, user.id, 'staff');
    if (!granted) return { user, granted, mail: [] };
    await recordChange(trx, now, user, 'staff', 'granted', by);
    const mail = await queueMail(trx, now, staffRoleGrantedEmail(user, by, loginUrl(deps)));
    return { user, granted, mail };
  });
  await deliverMail(deps, mail);
  return { account: { id: user.id, email: user.email, name: user.name }, granted };
}

/** Removes the staff role, tells the person and keeps the change. */
export async function revokeStaff(deps: AppDeps, email: string, by: Changer): Promise<void> {
  const mail = await deps.db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user || !(await revokeRole(trx, user.id, 'staff'))) throw notFound(`${email} is not staff`);
    const now = deps.clock.now();
    await recordChange(trx, now, user, 'staff', 'removed', by);
    return queueMail(trx, now, staffRoleRemovedEmail(user, by));
  });
  await deliverMail(deps, mail);
}

/** The admin area's roles as they changed, newest first: who, what, when and by whom. */
export async function getRoleChanges(db: Db): Promise<RoleChange[]> {
  const rows = await listRoleChanges(db, 200);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    action: r.action,
    changedAt: r.changedAt.toISOString(),
    changedBy: r.changedByEmail
      ? { name: r.changedByName ?? r.changedByEmail, email: r.changedByEmail }
      : null,
  }));
}
