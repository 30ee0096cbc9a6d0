import type { SessionUser } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { sendSignInLink } from '../auth/service';
import { createRequiredDocuments } from '../documents/service';
import { deliverMail, queueMail } from '../mail/queue';
import {
  adminRoleGrantedEmail,
  adminRoleRemovedEmail,
  type RoleChanger,
  welcomeTrainerEmail,
} from '../mail/templates';
import { findTrainerIdByEmail, insertTrainerWithProfile, recordTrainerChange } from '../trainers/service';
import {
  ensureUser,
  findUserByEmail,
  grantRole,
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

const loginUrl = (deps: AppDeps) => `${deps.config.appUrl}/trainer-portal/login`;

/**
 * Gives the admin role (creating the account when there is none); a person who did not hold it is told by e-mail.
 * `granted` is false when they held it already (nothing changed, nobody e-mailed).
 */
export async function grantAdmin(deps: AppDeps, email: string, by: RoleChanger) {
  const { user, granted, mail } = await deps.db.transaction().execute(async (trx) => {
    const user = await ensureUser(trx, email, email.split('@')[0] ?? email);
    const granted = await grantRole(trx, user.id, 'admin');
    // Queued with the change: the e-mail exists exactly when the role does.
    const mail = granted
      ? await queueMail(trx, deps.clock.now(), adminRoleGrantedEmail(user, by, loginUrl(deps)))
      : [];
    return { user, granted, mail };
  });
  await deliverMail(deps, mail);
  return { account: { id: user.id, email: user.email, name: user.name }, granted };
}

/**
 * Removes the admin role and tells the person; the last administrator is never removed, so the platform cannot
 * lock itself out.
 */
export async function revokeAdmin(deps: AppDeps, email: string, by: RoleChanger): Promise<void> {
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
    await revokeRole(trx, user.id, 'admin');
    return queueMail(trx, deps.clock.now(), adminRoleRemovedEmail(user, by));
  });
  await deliverMail(deps, mail);
}
