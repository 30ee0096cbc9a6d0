import { type Kysely, sql } from 'kysely';

/**
 * The keys that sign the digital credentials (issue 26 part 4, decision record 0015): Ed25519, one per
 * installation, made on first need. In the database rather than DATA_DIR, so every instance signs with the same
 * key and publishes the same set. The private key is stored encrypted under a passphrase derived from
 * SESSION_SECRET (as the document seal's key file is); retired keys keep their public half, published so that what
 * they signed still verifies. At most one key is current.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credential_signing_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    /** The JWK thumbprint (RFC 7638) of the public key. */
    .addColumn('thumbprint', 'text', (c) => c.notNull().unique())
    /** The public key as a JWK (JSON text). */
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    /** PKCS#8 PEM, encrypted. */
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
  // Two instances making the first key at once: the second insert finds this one and reads the first's key.
  await sql`create unique index credential_signing_keys_one_current
    on credential_signing_keys ((retired_at is null)) where retired_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credential_signing_keys').execute();
}
