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

/** How many listed trainers match the filter. */
export async function countListed(db: Db, filter: DirectoryFilter): Promise<number> {
  const { n } = await listed(db, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * A page of listed trainers and how many match in all (from `count`, when given: the unfiltered count shared by
 * the answers built after one change). Headquarters first, then by state, then by name (spec), the order the
 * profile keeps and an index holds (migration 0028); by distance when the visitor gave a place, those without a
 * known place last.
 */
export async function listedTrainerPage(
  db: Db,
  filter: DirectoryFilter,
  page: PageRequest,
  count: (filter: DirectoryFilter) => Promise<number> = (f) => countListed(db, f),
) {
  let query = withPublicColumns(listed(db, filter)).select(
    (page.from ? milesFrom(page.from) : sql<number | null>`null::float8`).as('miles'),
  );
  if (page.from) query = query.orderBy(sql`miles asc nulls last`);
  query = query
    .orderBy(sql`trainer_profiles.directory_headquarters desc`)
    .orderBy(sql`trainer_profiles.directory_state asc nulls last`)
    .orderBy(sql`trainer_profiles.directory_name`)
    .orderBy('trainerProfiles.trainerId');
  if (page.limit !== undefined) query = query.limit(page.limit);
  const rows = await query.offset(page.offset).execute();
  // A page that is not full is the last: it says how many there are without counting.
  const last = page.limit === undefined || rows.length < page.limit;
  const total =
    last && (rows.length > 0 || page.offset === 0) ? page.offset + rows.length : await count(filter);
  return { rows, total };
}

export async function listedTrainerRow(db: Db, id: number) {
  return withPublicColumns(listed(db, {}))
    .select(sql<number | null>`null::float8`.as('miles'))
    .where('trainers.id', '=', id)
    .executeTakeFirst();
}

export type ListedTrainerRow = NonNullable<Awaited<ReturnType<typeof listedTrainerRow>>>;

/**
 * The map's feed (packMarkers in packages/shared) as JSON text, assembled by the database in one pass over the
 * matches on the map: at 100,000 trainers its 60,000 rows no longer cross to JavaScript one by one. The same
 * bytes as JSON.stringify gives: positions rounded to 4 decimals as Math.round does (half up), and PostgreSQL
 * writes a float8 in its shortest exact form and escapes a name's text as JSON does.
 */
export async function listedMarkersJson(db: Db, filter: DirectoryFilter): Promise<string> {
  const pins = listed(db, filter)
    .where(onMap)
    .select([
      'trainers.id',
      sql<number>`trainers.id - lag(trainers.id, 1, 0) over (order by trainers.id)`.as('idStep'),
      sql<number>`floor(trainers.latitude * 10000 + 0.5) / 10000`.as('latitude'),
      sql<number>`floor(trainers.longitude * 10000 + 0.5) / 10000`.as('longitude'),
      displayName.as('displayName'),
      'trainers.isHeadquarters',
    ]);
  const { feed } = await db
    .selectFrom(pins.as('m'))
    .select(
      sql<string>`concat(
        '{"idSteps":[', string_agg(m.id_step::text, ',' order by m.id),
        '],"latitudes":[', string_agg(m.latitude::text, ',' order by m.id),
        '],"longitudes":[', string_agg(m.longitude::text, ',' order by m.id),
        '],"names":[', string_agg(to_json(m.display_name)::text, ',' order by m.id),
        '],"headquarters":[', string_agg(m.id::text, ',' order by m.id) filter (where m.is_headquarters),
        ']}')`.as('feed'),
    )
    .executeTakeFirstOrThrow();
  return feed;
}

/**
 * Listed trainers per shown state (null: not shown), in one grouped query: the state counts, and summed, the
 * unfiltered list's count. The state the profile keeps (migration 0028) is the one shown.
 */
export async function countListedByState(db: Db) {
  const rows = await listed(db, {})
    .select([
      sql<string | null>`trainer_profiles.directory_state`.as('state'),
      sql<number>`count(*)`.as('count'),
    ])
    .groupBy(sql`1`)
    .orderBy(sql`1 asc nulls last`)
    .execute();
  return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
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
