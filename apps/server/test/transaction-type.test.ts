import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Db } from '../src/db/database';
import type { Trx } from '../src/db/types';
import { bumpRevision } from '../src/modules/assistant/knowledge-repository';
import { lockClass } from '../src/modules/classes/repository';
import { buildTestApp } from './helper';

// Functions that must run inside a transaction take `Trx`: PGlite has one connection, so the outer database used
// inside a transaction waits for that transaction forever. These checks run in `npm run typecheck`.
function outerDatabaseIsRefused(db: Db) {
  // @ts-expect-error the outer database is not a transaction
  void bumpRevision(db);
  // @ts-expect-error the outer database is not a transaction
  void lockClass(db, 1);
}

describe('the transaction type', () => {
  it('is not the database type: a Trx is a Db, a Db is not a Trx', () => {
    expectTypeOf<Trx>().toExtend<Db>();
    expectTypeOf<Db>().not.toExtend<Trx>();
    expect(outerDatabaseIsRefused).toBeTypeOf('function');
  });

  it('is what db.transaction() hands its callback, and repositories accept it', async () => {
    const t = await buildTestApp();
    try {
      const locked = await t.app.db.transaction().execute(async (trx) => {
        expectTypeOf(trx).toEqualTypeOf<Trx>();
        expect(trx.isTransaction).toBe(true);
        return lockClass(trx, 2_000_000_000);
      });
      expect(locked).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
