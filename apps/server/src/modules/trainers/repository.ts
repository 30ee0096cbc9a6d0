import type { Db } from '../../db/database';

/** The spec's by-email answer: id, name, email, status. */
export async function findTrainerByEmail(db: Db, email: string) {
  return db
    .selectFrom('trainers')
    .select(['id', 'name', 'email', 'status'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}
