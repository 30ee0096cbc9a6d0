import type { Executor } from '../../db/types';

/** The key that signs new credentials (none until the first is needed, or after a rotation). */
export async function findCurrentKey(db: Executor) {
  return db
    .selectFrom('credentialSigningKeys')
    .select(['id', 'thumbprint', 'publicJwk', 'privateKey'])
    .where('retiredAt', 'is', null)
    .executeTakeFirst();
}

/** Every key's public half, current first, then the retired ones newest first. */
export async function listPublicKeys(db: Executor) {
  return db
    .selectFrom('credentialSigningKeys')
    .select(['thumbprint', 'publicJwk'])
    .orderBy('id', 'desc')
    .execute();
}

export async function findPublicKey(db: Executor, thumbprint: string) {
  return db
    .selectFrom('credentialSigningKeys')
    .select(['thumbprint', 'publicJwk'])
    .where('thumbprint', '=', thumbprint)
    .executeTakeFirst();
}

/** Adds a key as current, unless another instance has just added one (then nothing: the caller reads it). */
export async function insertCurrentKey(
  db: Executor,
  key: { thumbprint: string; publicJwk: string; privateKey: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('credentialSigningKeys')
    .values(key)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Retires this key (or the current one): new credentials get a new key; its public half stays published. */
export async function retireKey(db: Executor, at: Date, id?: number): Promise<string | undefined> {
  const row = await db
    .updateTable('credentialSigningKeys')
    .set({ retiredAt: at })
    .where('retiredAt', 'is', null)
    .$if(id !== undefined, (q) => q.where('id', '=', id as number))
    .returning('thumbprint')
    .executeTakeFirst();
  return row?.thumbprint;
}
