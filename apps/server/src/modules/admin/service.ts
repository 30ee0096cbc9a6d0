import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { sendSignInLink } from '../auth/service';
import { createRequiredDocuments } from '../documents/service';
import { welcomeTrainerEmail } from '../mail/templates';
import { findTrainerIdByEmail, insertTrainerWithProfile } from '../trainers/service';
import { ensureUser, findUserByEmail, grantRole, listUsersWithRole, revokeRole } from '../users/service';

const EMAIL_TAKEN = 'A trainer with this email already exists';

/**
 * An admin adds a trainer by name and e-mail (someone who enrolled outside the checkout): the trainer gets an
 * account, a sign-in e-mail and the three documents to sign.
 */
export async function addTrainer(deps: AppDeps, input: { name: string; email: string }) {
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
    return { trainer, user };
  });
  await sendSignInLink(deps, { id: user.id, email: user.email, name: input.name }, welcomeTrainerEmail);
  await createRequiredDocuments(deps, trainer.id);
  return trainer;
}

export const listAdministrators = (db: Db) => listUsersWithRole(db, 'admin');

export async function grantAdmin(db: Db, email: string) {
  const user = await ensureUser(db, email, email.split('@')[0] ?? email);
  await grantRole(db, user.id, 'admin');
  return { id: user.id, email: user.email, name: user.name };
}

/** Removes the admin role; the last administrator is never removed, so the platform cannot lock itself out. */
export async function revokeAdmin(db: Db, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  const admins = await listUsersWithRole(db, 'admin');
  if (!user || !admins.some((a) => a.id === user.id)) throw notFound(`${email} is not an administrator`);
  if (admins.length === 1) {
    throw new AppError(
      409,
      'last_admin',
      'The last administrator cannot be removed. Add another administrator first.',
    );
  }
  await revokeRole(db, user.id, 'admin');
}
