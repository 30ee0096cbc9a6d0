import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase, startOpeningDatabase } from '../src/db/database';
import { POSTGRES_ARRAY_TYPES } from '../src/db/pglite-array-types.js';

// The data directory's database runs in a worker thread (decision record 0030): every query, transaction, error
// and notification crosses threads. These check it behaves as PGlite in this thread does (the tests' databases).
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-thread-'));
  dirs.push(dir);
  return dir;
};

let dataDir: string;
let thread: OpenDatabase;
let local: OpenDatabase;
beforeAll(async () => {
  dataDir = tempDir();
  thread = await openDatabase({ kind: 'pglite', dataDir });
  local = await openDatabase({ kind: 'memory' });
  for (const { db } of [thread, local]) {
    await sql`create table notes (id int primary key, body text not null unique, tags text[] not null default '{}')`.execute(
      db,
    );
  }
}, 120_000);
afterAll(async () => {
  await thread?.close();
  await local?.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the query to fail');
    },
    (error: Record<string, unknown>) => error,
  );

describe('the embedded database in a worker thread', () => {
  it('returns the values PGlite in this thread returns', async () => {
    const query = sql<Record<string, unknown>>`
      select 9007199254740991::int8 as big, 12.5::numeric as amount, date '2026-02-28' as day,
             timestamptz '2026-02-28 10:00:00+00' as at, '{"a": [1, "x"]}'::jsonb as doc,
             array['a', 'b,c'] as list, '\\x00ff'::bytea as bytes, null::text as nothing, true as yes`;
    const [fromThread] = (await query.execute(thread.db)).rows;
    expect(fromThread).toEqual((await query.execute(local.db)).rows[0]);
    expect(fromThread).toMatchObject({
      big: 9007199254740991,
      amount: 12.5,
      day: '2026-02-28',
      list: ['a', 'b,c'],
    });
    expect(fromThread?.at).toBeInstanceOf(Date);
    // Parameters cross too: an array, a date, bytes.
    const echoed = await sql<{
      list: string[];
      at: Date;
      bytes: Uint8Array;
    }>`select ${['x', 'y']}::text[] as list, ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at, ${Buffer.from([1, 2])}::bytea as bytes`.execute(
      thread.db,
    );
    expect(echoed.rows[0]?.list).toEqual(['x', 'y']);
    expect(echoed.rows[0]?.at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect([...(echoed.rows[0]?.bytes ?? [])]).toEqual([1, 2]);
  });

  it("sets the array types of PostgreSQL's own types as PGlite's lookup finds them", async () => {
    const { rows } = await sql<{ oid: number; typarray: number }>`
      select b.oid, b.typarray from pg_catalog.pg_type a join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A' and b.typtype <> 'c' and b.oid < 10000
      group by b.oid, b.typarray order by b.oid`.execute(local.db);
    expect(POSTGRES_ARRAY_TYPES.split(' ')).toEqual(rows.map(({ oid, typarray }) => `${oid}:${typarray}`));
    const arrays = sql<Record<string, unknown>>`
      select array[1, 2]::int[] as ints, array[date '2026-01-01'] as days, array[1.5]::numeric[] as amounts,
             array[gen_random_uuid()] is not null as uuids, array[true, false] as flags,
             array[timestamptz '2026-01-01 00:00:00+00'] as times`;
    expect((await arrays.execute(thread.db)).rows).toEqual((await arrays.execute(local.db)).rows);
  });

  it("keeps PostgreSQL's error fields, and goes on answering after an error", async () => {
    await sql`insert into notes (id, body) values (1, 'one')`.execute(thread.db);
    const duplicate = await errorOf(sql`insert into notes (id, body) values (2, 'one')`.execute(thread.db));
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notes_body_key', table: 'notes' });
    expect(String(duplicate.message)).toContain('duplicate key');
    expect(await errorOf(sql`selec 1`.execute(thread.db))).toMatchObject({ code: '42601' });
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from notes`.execute(thread.db)).rows[0]?.n,
    ).toBe(1);
  });

  it('commits a transaction, and rolls one back on an error or a failed statement', async () => {
    await thread.db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, body) values (10, 'kept')`.execute(trx);
      await sql`update notes set tags = ${['t']}::text[] where id = 10`.execute(trx);
    });
    await expect(
      thread.db.transaction().execute(async (trx) => {
        await sql`insert into notes (id, body) values (11, 'dropped')`.execute(trx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failed = await errorOf(
      thread.db.transaction().execute(async (trx) => {
        await sql`insert into notes (id, body) values (12, 'dropped too')`.execute(trx);
        await sql`insert into notes (id, body) values (13, 'kept')`.execute(trx);
      }),
    );
    expect(failed).toMatchObject({ code: '23505' });
    // A savepoint inside a transaction, as Kysely's nested transactions use.
    await thread.db.transaction().execute(async (trx) => {
      await sql`savepoint inner_step`.execute(trx);
      await sql`insert into notes (id, body) values (14, 'undone')`.execute(trx);
      await sql`rollback to savepoint inner_step`.execute(trx);
    });
    const { rows } = await sql<{
      id: number;
      tags: string[];
    }>`select id, tags from notes order by id`.execute(thread.db);
    expect(rows).toEqual([
      { id: 1, tags: [] },
      { id: 10, tags: ['t'] },
    ]);
  });

  it('runs queries sent together in order, each on its own', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(thread.db)),
    );
    expect(answers.map(({ rows }) => rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('tells of a notification before the answer of the statement that sent it, until stopped', async () => {
    const heard: string[] = [];
    const listening = await thread.listen('notes_changed', {
      onNotify: (payload) => heard.push(payload),
      onMissed: () => {},
    });
    await sql`select pg_notify('notes_changed', 'first')`.execute(thread.db);
    expect(heard).toEqual(['first']);
    await thread.db.transaction().execute(async (trx) => {
      await sql`select pg_notify('notes_changed', 'in a transaction')`.execute(trx);
    });
    expect(heard).toEqual(['first', 'in a transaction']);
    expect(await listening.sync()).toBe(true);
    await listening.stop();
    await sql`select pg_notify('notes_changed', 'unheard')`.execute(thread.db);
    expect(heard).toEqual(['first', 'in a transaction']);
  });

  it('closes: the directory is free, later queries fail, and the data is there at the next start', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await sql`create table kept (n int)`.execute(first.db);
    await sql`insert into kept values (7)`.execute(first.db);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    await first.close();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    await expect(sql`select 1`.execute(first.db)).rejects.toThrow();
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      expect((await sql<{ n: number }>`select n from kept`.execute(again.db)).rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('rejects `ready` and frees the directory when the database cannot open', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'pglite'), 'not a directory');
    const opening = await startOpeningDatabase({ kind: 'pglite', dataDir: dir });
    await expect(opening.ready).rejects.toThrow();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    await expect(sql`select 1`.execute(opening.db)).rejects.toThrow();
  }, 60_000);
});
