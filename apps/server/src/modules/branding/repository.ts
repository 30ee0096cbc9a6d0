import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';

/** The saved brand with who saved it last, or undefined while the defaults apply. */
export async function findBrandingRow(db: Db) {
  return db
    .selectFrom('branding')
    .leftJoin('users', 'users.id', 'branding.updatedBy')
    .selectAll('branding')
    .select(['users.name as updatedByName', 'users.email as updatedByEmail'])
    .where('branding.id', '=', 1)
    .executeTakeFirst();
}

/** Locks the brand's row for a change (the logo's old file is removed only by the change that replaced it). */
export async function lockBrandingRow(trx: Trx) {
  return trx.selectFrom('branding').selectAll().where('id', '=', 1).forUpdate().executeTakeFirst();
}

export async function upsertBrandingRow(
  trx: Trx,
  row: {
    name: string;
    primaryColor: string;
    supportEmail: string;
    postalAddress: string | null;
    logoKey: string | null;
    updatedAt: Date;
    updatedBy: number;
  },
): Promise<void> {
  await trx
    .insertInto('branding')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
