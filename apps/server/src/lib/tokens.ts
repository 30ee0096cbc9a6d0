import { createHmac, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: used for magic links and session cookies. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as a keyed hash, so a copy of the database cannot be used to sign in. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}
