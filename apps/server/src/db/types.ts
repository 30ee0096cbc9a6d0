import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** The outer database, or a transaction: what a repository function reads and writes through. */
export type Executor = Kysely<Database>;

/**
 * A transaction, never the outer database. Functions that must run inside a transaction take `Trx`, so the
 * compiler refuses the outer `db` there (PGlite has one connection: the outer db inside a transaction deadlocks).
 */
export type Trx = Transaction<Database>;
