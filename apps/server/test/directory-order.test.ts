import { packMarkers, type TrainerMarker } from '@soulpunch/shared';
import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import * as directoryOrder from '../src/db/migrations/0028-directory-order';
import { insertDemoData } from '../src/demo/demo-data';
import {
  countListed,
  countListedByState,
  listedMarkersJson,
  listedTrainerPage,
} from '../src/modules/directory/repository';
import { trainerInGoodStanding } from '../src/modules/standing/service';
import { buildTestApp, resetDatabase, type TestApp } from './helper';

// The directory's order kept on the profile (migration 0028), its shared counts and the map's feed assembled by
// the database (issue 24) against the queries they replace, written here as they were: the same trainers in the
// same order, the same numbers, the same bytes.

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.db;
});
afterAll(() => t.close());

const listed = () =>
  db
    .selectFrom('trainers')
    .innerJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .where('trainerProfiles.publiclyListed', '=', true)
    .where('trainers.status', '=', 'active')
    .where(trainerInGoodStanding);

const publicState = sql<string | null>`case when trainer_profiles.show_state then trainers.state end`;
const displayName = sql<string>`coalesce(nullif(btrim(trainer_profiles.display_name), ''),
  case when trainer_profiles.show_full_name then trainers.name
  else (regexp_split_to_array(btrim(trainers.name), '\\s+'))[1] end)`;

/** The order as the list computed it from the trainer and the profile on each build. */
async function orderAsComputed(): Promise<number[]> {
  const rows = await listed()
    .select('trainers.id')
    .orderBy('trainers.isHeadquarters', 'desc')
    .orderBy(sql`${publicState} asc nulls last`)
    .orderBy(sql`lower(${displayName})`)
    .orderBy('trainers.id')
    .execute();
  return rows.map((r) => r.id);
}

async function orderAsKept(): Promise<number[]> {
  const { rows, total } = await listedTrainerPage(db, {}, { offset: 0, from: null });
  expect(total).toBe(rows.length);
  return rows.map((r) => r.id);
}

/** The map's feed as it was made: the rows in JavaScript, rounded and packed there. */
async function feedAsPacked(): Promise<string> {
  const rows = await listed()
    .where(
      sql<SqlBool>`trainer_profiles.show_city and trainers.latitude is not null and trainers.longitude is not null`,
    )
    .select(['trainers.id', 'trainers.latitude', 'trainers.longitude', 'trainers.isHeadquarters'])
    .select(displayName.as('displayName'))
    .orderBy('trainers.id')
    .execute();
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return JSON.stringify(
    packMarkers(
      rows.map(
        (m): TrainerMarker => [
          m.id,
          round(m.latitude as number),
          round(m.longitude as number),
          m.displayName,
          m.isHeadquarters ? 1 : 0,
        ],
      ),
    ),
  );
}

beforeEach(async () => {
  await resetDatabase(t.app);
  await insertDemoData(db, 120);
});

/** Some listed trainers, by id. */
async function someListed(n: number): Promise<number[]> {
  return (await orderAsComputed()).sort((a, b) => a - b).slice(0, n);
}

describe("the directory's order kept on the profile (migration 0028)", () => {
  it('is the order computed from the trainer and the profile, through every change to either', async () => {
    expect(await orderAsKept()).toEqual(await orderAsComputed());
    const [a, b, c, d, e] = (await someListed(5)) as [number, number, number, number, number];
    // The trainer's side: name, state, headquarters.
    await db.updateTable('trainers').set({ name: '  ábel   Zed ' }).where('id', '=', a).execute();
    await db.updateTable('trainers').set({ state: 'AK' }).where('id', '=', b).execute();
    await db.updateTable('trainers').set({ isHeadquarters: false }).execute();
    await db.updateTable('trainers').set({ isHeadquarters: true }).where('id', '=', c).execute();
    expect(await orderAsKept()).toEqual(await orderAsComputed());
    // The profile's side: display name, full name shown, state shown.
    await db
      .updateTable('trainerProfiles')
      .set({ displayName: 'Aaron' })
      .where('trainerId', '=', d)
      .execute();
    await db.updateTable('trainerProfiles').set({ displayName: '  ' }).where('trainerId', '=', a).execute();
    await db.updateTable('trainerProfiles').set({ showFullName: true }).where('trainerId', '=', a).execute();
    await db
      .updateTable('trainerProfiles')
      .set({ showState: false })
      .where('trainerId', 'in', [b, e])
      .execute();
    expect(await orderAsKept()).toEqual(await orderAsComputed());
    // A new trainer's profile gets its values when written.
    const { id } = await db
      .insertInto('trainers')
      .values({ name: 'Aardvark Listed', email: 'aardvark@example.com', state: 'AL' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('trainerProfiles').values({ trainerId: id }).execute();
    const kept = await db
      .selectFrom('trainerProfiles')
      .select(sql<string>`directory_name`.as('name'))
      .select(sql<string>`directory_state`.as('state'))
      .where('trainerId', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ name: 'aardvark', state: 'AL' });
  });

  it('pages in that order, and counts only when a page is full', async () => {
    const all = await orderAsComputed();
    const counted: string[] = [];
    const count = async () => {
      counted.push('count');
      return all.length;
    };
    const first = await listedTrainerPage(db, {}, { offset: 0, limit: 10, from: null }, count);
    expect(first.rows.map((r) => r.id)).toEqual(all.slice(0, 10));
    expect(first.total).toBe(all.length);
    const last = await listedTrainerPage(db, {}, { offset: all.length - 3, limit: 10, from: null }, count);
    expect(last.rows.map((r) => r.id)).toEqual(all.slice(-3));
    expect(last.total).toBe(all.length);
    const past = await listedTrainerPage(db, {}, { offset: all.length + 5, limit: 10, from: null }, count);
    expect(past).toEqual({ rows: [], total: all.length });
    // The full first page and the one past the end asked; the last page knew.
    expect(counted).toHaveLength(2);
  });

  it('counts by shown state as the list and the state counts did', async () => {
    await db
      .updateTable('trainerProfiles')
      .set({ showState: false })
      .where('trainerId', 'in', await someListed(7))
      .execute();
    const byState = await listed()
      .where(sql<SqlBool>`${publicState} is not null`)
      .select([publicState.as('state'), sql<number>`count(*)`.as('count')])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    const rows = await countListedByState(db);
    expect(rows.filter((r) => r.state !== null)).toEqual(
      byState.map((r) => ({ state: r.state, count: Number(r.count) })),
    );
    expect(rows.at(-1)).toEqual({ state: null, count: 7 });
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(await countListed(db, {}));
    expect(await countListed(db, {})).toBe((await orderAsComputed()).length);
  });

  it('fills the values of the profiles there before it, and goes back', async () => {
    await directoryOrder.down(db as never);
    await db
      .updateTable('trainers')
      .set({ name: 'Renamed Meanwhile' })
      .where('id', '=', (await someListed(1))[0] as number)
      .execute();
    await directoryOrder.up(db as never);
    expect(await orderAsKept()).toEqual(await orderAsComputed());
  });
});

describe("the map's feed assembled by the database", () => {
  it('is byte for byte the feed packed in JavaScript, with odd names and positions on a rounding edge', async () => {
    expect(await listedMarkersJson(db, {})).toBe(await feedAsPacked());
    const [a, b, c, d] = (await someListed(4)) as [number, number, number, number];
    await db
      .updateTable('trainerProfiles')
      .set({ showCity: true })
      .where('trainerId', 'in', [a, b, c, d])
      .execute();
    const odd: Array<[number, string, number, number]> = [
      [a, 'Zoë "Q" \\ Back\nslash\t\u0001 😀 \u2028', -0.00005, -74.00005],
      [b, '<script>&amp;</script>', 0.00004, -0.00004],
      [c, 'Plain Name', 40.71285, -73.99995],
      [d, 'Ünïcödé Ñame', 89.99999, 179.99995],
    ];
    for (const [id, name, latitude, longitude] of odd) {
      await db.updateTable('trainers').set({ name, latitude, longitude }).where('id', '=', id).execute();
      await db
        .updateTable('trainerProfiles')
        .set({ displayName: null, showFullName: true })
        .where('trainerId', '=', id)
        .execute();
    }
    const feed = await listedMarkersJson(db, {});
    expect(feed).toBe(await feedAsPacked());
    expect(feed).toContain(JSON.stringify(odd[0]?.[1]));
    // Nothing on the map.
    expect(await listedMarkersJson(db, { q: 'zzqx-nobody' })).toBe(JSON.stringify(packMarkers([])));
  });
});
