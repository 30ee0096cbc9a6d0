import { authMessages, landingPathFor, MAGIC_LINK_TTL_MINUTES, type SessionUser } from '@soulpunch/shared';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer, MailMessage } from '../mail/mailer';
import { magicLinkEmail } from '../mail/templates';
import { claimTrainerAccount } from '../trainers/service';
import { findUserByEmail, loadSessionUser } from '../users/service';
import {
  deleteSession,
  findSession,
  insertMagicLink,
  insertSession,
  purgeAuthRows,
  spendMagicLink,
  touchSession,
} from './repository';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** Sign-in link expiry reads this clock (tests move it); the system clock when not given. */
  clock?: Clock;
}

const nowOf = (deps: AuthDeps) => (deps.clock ?? systemClock).now();

/** Sessions end after a week without use, and in any case 30 days after sign-in. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const SESSION_TOUCH_MS = 5 * 60 * 1000;

export const MAGIC_LINK_LIMITS = {
  perEmailWindowSeconds: 60,
  perIpWindowSeconds: 600,
};

export async function requestMagicLink(deps: AuthDeps, email: string, ip: string): Promise<void> {
  await enforceRateLimits(deps.db, [
    {
      key: `magic-link:ip:${ip}`,
      limit: deps.config.signInLinksPerIp,
      windowSeconds: MAGIC_LINK_LIMITS.perIpWindowSeconds,
    },
    {
      key: `magic-link:email:${email}`,
      limit: deps.config.signInLinksPerEmail,
      windowSeconds: MAGIC_LINK_LIMITS.perEmailWindowSeconds,
    },
  ]);
  const user = (await findUserByEmail(deps.db, email)) ?? (await claimTrainerAccount(deps.db, email));
  if (!user) throw new AppError(404, 'unknown_email', authMessages.unknownEmail);

  await sendSignInLink(deps, user, magicLinkEmail);
}

/** Creates a single-use link for this user and e-mails it with the given template. */
export async function sendSignInLink(
  deps: AuthDeps,
  user: { id: number; email: string; name: string },
  template: (to: string, name: string, link: string) => MailMessage,
): Promise<void> {
  const token = newToken();
  await insertMagicLink(deps.db, {
    tokenHash: hashToken(deps.config.sessionSecret, token),
    userId: user.id,
    expiresAt: new Date(nowOf(deps).getTime() + MAGIC_LINK_TTL_MINUTES * 60 * 1000),
  });
  // The link opens a confirm page; only its button spends the token, so a mail scanner's fetch does not.
  const link = `${deps.config.appUrl}/auth/confirm?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(template(user.email, user.name, link));
}

export async function verifyMagicLink(
  deps: AuthDeps,
  token: string,
  ip: string,
): Promise<{ sessionToken: string; expiresAt: Date; user: SessionUser; redirectTo: string }> {
  await enforceRateLimits(deps.db, [{ key: `verify:ip:${ip}`, limit: 30, windowSeconds: 60 }]);
  const link = await spendMagicLink(deps.db, hashToken(deps.config.sessionSecret, token), nowOf(deps));
  if (!link) throw new AppError(400, 'invalid_link', authMessages.invalidLink);

  const user = await loadSessionUser(deps.db, link.userId);
  if (!user) throw new AppError(400, 'invalid_link', authMessages.invalidLink);

  const { sessionToken, expiresAt } = await startSession(deps, user.id);
  return { sessionToken, expiresAt, user, redirectTo: landingPathFor(user) };
}

/** A new session for this user; the caller sets the cookie (sign-in link, or a verified enrolment). */
export async function startSession(
  deps: AuthDeps,
  userId: number,
): Promise<{ sessionToken: string; expiresAt: Date }> {
  const sessionToken = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await insertSession(deps.db, {
    idHash: hashToken(deps.config.sessionSecret, sessionToken),
    userId,
    lastSeenAt: now,
    expiresAt,
  });
  return { sessionToken, expiresAt };
}

/** The user behind a session cookie, or undefined when the session is unknown, idle too long or expired. */
export async function findSessionUser(
  deps: AuthDeps,
  sessionToken: string,
): Promise<SessionUser | undefined> {
  const idHash = hashToken(deps.config.sessionSecret, sessionToken);
  const session = await findSession(deps.db, idHash);
  if (!session) return undefined;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    await deleteSession(deps.db, idHash);
    return undefined;
  }
  if (now - session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    await touchSession(deps.db, idHash, new Date(now));
  }
  return loadSessionUser(deps.db, session.userId);
}

export async function endSession(deps: AuthDeps, sessionToken: string): Promise<void> {
  await deleteSession(deps.db, hashToken(deps.config.sessionSecret, sessionToken));
}

/** Removes what can no longer be used: expired sessions and links, old rate-limit hits. */
export async function purgeExpiredAuthData(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await purgeAuthRows(db, {
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
    linksBefore: dayAgo,
    hitsBefore: dayAgo,
  });
}
