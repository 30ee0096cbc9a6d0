import { PUBLIC_TRAINER_DEFAULTS } from '@soulpunch/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Coordinates } from '../../lib/geocoder';
import { containsPattern } from '../../lib/sql';
import { certifiedThrough } from '../certification/service';
import { trainerInGoodStanding } from '../standing/service';

/** What narrows the directory; the same for the cards, the map and (without text) the state counts. */
export interface DirectoryFilter {
  q?: string;
  state?: string;
  location?: string;
  availability?: string;
  classType?: string;
}

// The public values the filters and the order read, as SQL (toPublicTrainer gives the same in TypeScript).
const publicState = sql<string | null>`case when trainer_profiles.show_state then trainers.state end`;
const publicCity = sql<string | null>`case when trainer_profiles.show_city then trainers.city end`;
const firstName = sql<string>`(regexp_split_to_array(btrim(trainers.name), '\\s+'))[1]`;
const displayName = sql<string>`coalesce(
  nullif(btrim(trainer_profiles.display_name), ''),
  case when trainer_profiles.show_full_name then trainers.name else ${firstName} end)`;
const availability = sql<string>`coalesce(
  nullif(btrim(trainer_profiles.availability_description), ''), ${PUBLIC_TRAINER_DEFAULTS.availabilityDescription})`;
/** A trainer who hides their city is not pinned on the map either. */
const onMap = sql<SqlBool>`(trainer_profiles.show_city and trainers.latitude is not null and trainers.longitude is not null)`;

function milesFrom(from: Coordinates) {
  // The haversine of lib/geocoder's distanceMiles, in SQL.
  return sql<number | null>`case when ${onMap} then 3958.8 * 2 * asin(sqrt(
    power(sin(radians(trainers.latitude - ${from.latitude}) / 2), 2)
    + cos(radians(${from.latitude})) * cos(radians(trainers.latitude))
      * power(sin(radians(trainers.longitude - ${from.longitude}) / 2), 2))) end`;
}

/** Listed trainers that match the filter: the base of every directory query. */
function listed(db: Db, filter: DirectoryFilter) {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.q) {
    // search_text is kept lower-case by a trigger (migration 0009) and indexed for substring search.
    conditions.push(
      sql<SqlBool>`trainer_profiles.search_text like ${containsPattern(filter.q.toLowerCase())}`,
    );
  }
  if (filter.state) conditions.push(sql<SqlBool>`lower(${publicState}) = ${filter.state.toLowerCase()}`);
  if (filter.location) {
    const [city, state] = filter.location.split(',').map((s) => s.trim());
    const pattern = containsPattern(city ?? '');
    conditions.push(
      sql<SqlBool>`(${publicCity} ilike ${pattern} or trainer_profiles.display_location ilike ${pattern})`,
    );
    if (state) conditions.push(sql<SqlBool>`lower(${publicState}) = ${state.toLowerCase()}`);
  }
  if (filter.availability) {
    conditions.push(sql<SqlBool>`${availability} ilike ${containsPattern(filter.availability)}`);
  }
  if (filter.classType) {
    const wanted = filter.classType.toLowerCase();
    const defaultType = PUBLIC_TRAINER_DEFAULTS.classTypes[0].toLowerCase();
    conditions.push(sql<SqlBool>`(case when cardinality(trainer_profiles.class_types) = 0
      then ${wanted} = ${defaultType}
      else exists (select 1 from unnest(trainer_profiles.class_types) c where lower(c) = ${wanted}) end)`);
  }
  return db
    .selectFrom('trainers')
    .innerJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .where('trainerProfiles.publiclyListed', '=', true)
    .where('trainers.status', '=', 'active')
    .where(trainerInGoodStanding)
    .where((eb) => eb.and(conditions));
}

const PUBLIC_COLUMNS = [
  'trainers.id',
  'trainers.name',
  'trainers.email',
  'trainers.phone',
  'trainers.city',
  'trainers.state',
  'trainers.isHeadquarters',
  'trainers.latitude',
  'trainers.longitude',
] as const;

/** The columns a public trainer is made from (the profile's, but not its search text). */
function withPublicColumns(query: ReturnType<typeof listed>) {
  return query
    .selectAll('trainerProfiles')
    .select(PUBLIC_COLUMNS)
    .select(certifiedThrough.as('certifiedThrough'));
}

export interface PageRequest {
  limit?: number;
  offset: number;
  from: Coordinates | null;
}

/**
 * A page of listed trainers and how many match in all. Headquarters first, then by state, then by name (spec);
 * by distance when the visitor gave a place, those without a known place last.
 */
export async function listedTrainerPage(db: Db, filter: DirectoryFilter, page: PageRequest) {
  let query = withPublicColumns(listed(db, filter))
    .select(sql<number>`count(*) over ()`.as('total'))
    .select((page.from ? milesFrom(page.from) : sql<number | null>`null::float8`).as('miles'));
  if (page.from) query = query.orderBy(sql`miles asc nulls last`);
  query = query
    .orderBy('trainers.isHeadquarters', 'desc')
    .orderBy(sql`${publicState} asc nulls last`)
    .orderBy(sql`lower(${displayName})`)
    .orderBy('trainers.id');
  if (page.limit !== undefined) query = query.limit(page.limit);
  const rows = await query.offset(page.offset).execute();
  // Past the last page there is no row to carry the count: ask for it alone.
  const total =
    rows[0]?.total ??
    (page.offset > 0
      ? Number((await listed(db, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n)
      : 0);
  return { rows, total: Number(total) };
}

export async function listedTrainerRow(db: Db, id: number) {
  return withPublicColumns(listed(db, {}))
    .select(sql<number | null>`null::float8`.as('miles'))
    .where('trainers.id', '=', id)
    .executeTakeFirst();
}

export type ListedTrainerRow = NonNullable<Awaited<ReturnType<typeof listedTrainerRow>>>;

/** The map's markers: only what a marker needs, for every match on the map. */
export async function listedMarkers(db: Db, filter: DirectoryFilter) {
  return listed(db, filter)
    .where(onMap)
    .select([
      'trainers.id',
      'trainers.latitude',
      'trainers.longitude',
      'trainers.isHeadquarters',
      displayName.as('displayName'),
    ])
    .orderBy('trainers.id')
    .execute();
}

/** Listed trainers per shown state, in one grouped query. */
export async function countListedByState(db: Db) {
  const rows = await listed(db, {})
    .where(sql<SqlBool>`${publicState} is not null`)
    .select([publicState.as('state'), sql<number>`count(*)`.as('count')])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({ state: r.state as string, count: Number(r.count) }));
}

/** Each trainer's next scheduled classes, at most `perTrainer` each, soonest first. */
export async function upcomingClassRows(db: Db, trainerIds: number[], perTrainer: number, now: Date) {
  if (!trainerIds.length) return [];
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('classes')
        .select([
          'id',
          'trainerId',
          'title',
          'startsAt',
          'endsAt',
          'timeZone',
          'location',
          'priceCents',
          'paymentLink',
          sql<number>`row_number() over (partition by trainer_id order by starts_at, id)`.as('rank'),
        ])
        .where('status', '=', 'scheduled')
        .where('startsAt', '>', now)
        .where('trainerId', 'in', trainerIds)
        .as('upcoming'),
    )
    .selectAll()
    .where('rank', '<=', perTrainer)
    .orderBy('startsAt')
    .orderBy('id')
    .execute();
}
