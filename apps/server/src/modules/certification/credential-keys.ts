import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { PublicJwk } from '@soulpunch/shared';
import type { AppDeps } from '../../deps';
import {
  findCurrentKey,
  findPublicKey,
  insertCurrentKey,
  listPublicKeys,
  retireKey,
} from './credential-repository';

/**
 * The installation's credential keys (decision record 0015): Ed25519 through node:crypto, made on first need and
 * kept in the database (every instance signs with the same key), the private half encrypted under a passphrase
 * derived from SESSION_SECRET as the document seal's key file is.
 */

const passphraseOf = (sessionSecret: string) =>
  createHash('sha256').update(`${sessionSecret}:credential-signing-key`).digest('hex');

/** RFC 7638: the SHA-256 of the key's required members, in order, as JSON. */
export function jwkThumbprint(jwk: { crv: string; kty: string; x: string }): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical).digest('base64url');
}

/**
 * A key's `kid`: an address that gives its JWK, as Open Badges 3.0 asks of a VC-JWT's `kid`; the JWK set lists
 * each key under the same name.
 */
export const credentialKeyId = (appUrl: string, thumbprint: string) =>
  `${appUrl}/api/credentials/keys/${thumbprint}`;

export const jwkSetUrl = (appUrl: string) => `${appUrl}/.well-known/jwks.json`;

function newKey(passphrase: string, createdAt: Date) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { crv: string; kty: string; x: string };
  return {
    thumbprint: jwkThumbprint(jwk),
    publicJwk: JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }),
    privateKey: privateKey
      .export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase })
      .toString(),
    createdAt,
  };
}

/** Decrypted keys by thumbprint and passphrase: decrypting costs a key derivation per credential otherwise. */
const unlocked = new Map<string, KeyObject>();

function unlock(row: { thumbprint: string; privateKey: string }, passphrase: string): KeyObject | null {
  const cacheKey = `${row.thumbprint}:${passphrase}`;
  const cached = unlocked.get(cacheKey);
  if (cached) return cached;
  try {
    const key = createPrivateKey({ key: row.privateKey, format: 'pem', passphrase });
    unlocked.set(cacheKey, key);
    return key;
  } catch {
    return null;
  }
}

/**
 * The key that signs now, made on first need. Two instances making the first key at once both read the one that
 * was stored. A key encrypted under another SESSION_SECRET (the secret was rotated) cannot sign any more: it is
 * retired, its public half still published so what it signed still verifies, and a new key takes its place.
 */
export async function currentSigningKey(deps: AppDeps): Promise<{ kid: string; privateKey: KeyObject }> {
  const passphrase = passphraseOf(deps.config.sessionSecret);
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await findCurrentKey(deps.db);
    if (!current) {
      await insertCurrentKey(deps.db, newKey(passphrase, deps.clock.now()));
      continue;
    }
    const privateKey = unlock(current, passphrase);
    if (privateKey) return { kid: credentialKeyId(deps.config.appUrl, current.thumbprint), privateKey };
    await retireKey(deps.db, deps.clock.now(), current.id);
  }
  throw new Error('No credential signing key could be made or read');
}

const asPublicJwk = (appUrl: string, row: { thumbprint: string; publicJwk: string }): PublicJwk => ({
  ...(JSON.parse(row.publicJwk) as { kty: 'OKP'; crv: 'Ed25519'; x: string }),
  kid: credentialKeyId(appUrl, row.thumbprint),
  alg: 'EdDSA',
  use: 'sig',
});

/** The JWK set: every key's public half (none until the first credential is signed). */
export async function publishedKeys(deps: Pick<AppDeps, 'db' | 'config'>): Promise<{ keys: PublicJwk[] }> {
  const rows = await listPublicKeys(deps.db);
  return { keys: rows.map((row) => asPublicJwk(deps.config.appUrl, row)) };
}

export async function publishedKey(
  deps: Pick<AppDeps, 'db' | 'config'>,
  thumbprint: string,
): Promise<PublicJwk | undefined> {
  const row = await findPublicKey(deps.db, thumbprint);
  return row && asPublicJwk(deps.config.appUrl, row);
}

/**
 * Retires the current key: the next credential is signed by a new one, and credentials signed before still
 * verify against the published set. Returns the retired key's thumbprint, or undefined when there was none.
 */
export async function rotateCredentialKey(deps: AppDeps): Promise<string | undefined> {
  return retireKey(deps.db, deps.clock.now());
}
