import type { PendingEmailChange } from '@soulpunch/shared';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import { enforceRateLimits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { emailChangedNotice, emailChangeLinkEmail, emailChangeRequestedNotice } from '../mail/templates';
import {
  assertEmailAvailable,
  emailTakenError,
  isUniqueViolation,
  recordTrainerChange,
  TRAINER_NOT_FOUND,
} from '../trainers/service';
import { setUserEmail } from '../users/service';
import {
  deleteOpenEmailChanges,
  findOpenEmailChange,
  insertEmailChange,
  lockTrainer,
  spendEmailChange,
  updateTrainerFields,
} from './repository';

/** How long the link sent to the new address works (on the app's clock). */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** Each request e-mails an address the trainer chose: a few an hour, so a session cannot be used to spam. */
export const EMAIL_CHANGES_PER_HOUR = 5;

export const EMAIL_CHANGE_MESSAGES = {
  invalidLink:
    'This confirmation link is invalid, has expired or was already used. Ask for a new one from your profile.',
  staleLink:
    'Your sign-in e-mail changed after this link was sent, so it no longer applies. Ask for a new one from your profile.',
} as const;

type EmailChangeDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

/** The open, unexpired request of a trainer, if any. */
export async function findPendingEmailChange(
  db: Db,
  trainerId: number,
  now: Date,
): Promise<PendingEmailChange | null> {
  const row = await findOpenEmailChange(db, trainerId, now);
  return row ? { email: row.newEmail, expiresAt: row.expiresAt.toISOString() } : null;
}

/** Refuses more than a few requests an hour for one trainer (each one e-mails two addresses). */
export async function limitEmailChangeRequests(deps: EmailChangeDeps, trainerId: number): Promise<void> {
  await enforceRateLimits(
    deps.db,
    [{ key: `email-change:trainer:${trainerId}`, limit: EMAIL_CHANGES_PER_HOUR, windowSeconds: 3600 }],
    deps.clock.now(),
  );
}

export interface EmailChangeRequest {
  trainerName: string;
  oldEmail: string;
  newEmail: string;
  token: string;
}

/**
 * Records a request inside the caller's transaction (which holds the trainer's row): the address must be free,
 * and a new request replaces an open one. Nothing about the trainer changes; the caller sends the e-mails once
 * the transaction has committed (`sendEmailChangeMails`).
 */
export async function recordEmailChange(
  deps: EmailChangeDeps,
  trx: Trx,
  trainer: { id: number; userId: number | null; email: string; name: string },
  newEmail: string,
  requestedBy: number | null,
): Promise<EmailChangeRequest> {
  await assertEmailAvailable(trx, newEmail, trainer.id, trainer.userId);
  const token = newToken();
  const now = deps.clock.now();
  await deleteOpenEmailChanges(trx, trainer.id);
  await insertEmailChange(trx, {
    trainerId: trainer.id,
    oldEmail: trainer.email,
    newEmail,
    tokenHash: hashToken(deps.config.sessionSecret, token),
    requestedBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000),
  });
  return { trainerName: trainer.name, oldEmail: trainer.email, newEmail, token };
}

/** The link goes to the new address only; the old one is told, without it. */
export async function sendEmailChangeMails(deps: EmailChangeDeps, request: EmailChangeRequest) {
  // A confirm page whose button spends the token, as for sign-in links: a mail scanner's fetch does not.
  const link = `${deps.config.appUrl}/auth/confirm-email?token=${encodeURIComponent(request.token)}`;
  await deps.mailer.send(
    emailChangeLinkEmail(request.newEmail, request.trainerName, link, EMAIL_CHANGE_TTL_HOURS),
  );
  await deps.mailer.send(emailChangeRequestedNotice(request.oldEmail, request.trainerName, request.newEmail));
}

/** Asks for a change outside the profile save (the editor's 'send again'). */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  trainerId: number,
  newEmail: string,
  requestedBy: number | null,
): Promise<PendingEmailChange | null> {
  await limitEmailChangeRequests(deps, trainerId);
  let request: EmailChangeRequest | undefined;
  try {
    request = await deps.db.transaction().execute(async (trx) => {
      const trainer = await lockTrainer(trx, trainerId);
      if (!trainer) throw notFound(TRAINER_NOT_FOUND);
      if (trainer.email === newEmail) {
        throw new AppError(400, 'validation_error', 'This is already your sign-in e-mail.', {
          email: 'This is already your sign-in e-mail.',
        });
      }
      return recordEmailChange(deps, trx, trainer, newEmail, requestedBy);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  await sendEmailChangeMails(deps, request);
  return findPendingEmailChange(deps.db, trainerId, deps.clock.now());
}

export async function cancelEmailChange(deps: EmailChangeDeps, trainerId: number): Promise<void> {
  await deleteOpenEmailChanges(deps.db, trainerId);
}

/**
 * The link from the new address: spends the token and moves the trainer and their account to the new address,
 * recorded in the trainer's change history. Sessions stay valid; the old address is told.
 */
export async function confirmEmailChange(deps: EmailChangeDeps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  let done: { oldEmail: string; newEmail: string; name: string } | undefined;
  try {
    done = await deps.db.transaction().execute(async (trx) => {
      const change = await spendEmailChange(trx, hashToken(deps.config.sessionSecret, token), now);
      if (!change) throw new AppError(400, 'invalid_link', EMAIL_CHANGE_MESSAGES.invalidLink);
      const trainer = await lockTrainer(trx, change.trainerId);
      if (!trainer) throw new AppError(400, 'invalid_link', EMAIL_CHANGE_MESSAGES.invalidLink);
      if (trainer.email !== change.oldEmail) {
        throw new AppError(400, 'invalid_link', EMAIL_CHANGE_MESSAGES.staleLink);
      }
      // Someone may have taken the address since the request.
      await assertEmailAvailable(trx, change.newEmail, trainer.id, trainer.userId);
      await updateTrainerFields(trx, trainer.id, { email: change.newEmail }, now);
      if (trainer.userId !== null) await setUserEmail(trx, trainer.userId, change.newEmail);
      await recordTrainerChange(trx, trainer.id, change.requestedBy, [
        { field: 'email', from: change.oldEmail, to: change.newEmail },
      ]);
      return { oldEmail: change.oldEmail, newEmail: change.newEmail, name: trainer.name };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  await deps.mailer.send(emailChangedNotice(done.oldEmail, done.name, done.newEmail, false));
  return { email: done.newEmail };
}
