import type { Kysely } from 'kysely';
import { geocodePlace } from '../../lib/geocoder';

/** Map position of each trainer, geocoded from city, state and ZIP when they are saved. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trainers').addColumn('latitude', 'double precision').execute();
  await db.schema.alterTable('trainers').addColumn('longitude', 'double precision').execute();
  // biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables as they are at this point.
  const trx = db as Kysely<any>;
  const rows: Array<{ id: number; city: string | null; state: string | null; postal_code: string | null }> =
    await trx
      .selectFrom('trainers')
      .leftJoin('trainer_profiles', 'trainer_profiles.trainer_id', 'trainers.id')
      .select(['trainers.id', 'trainers.city', 'trainers.state', 'trainer_profiles.postal_code'])
      .execute();
  for (const row of rows) {
    const point = geocodePlace({ city: row.city, state: row.state, postalCode: row.postal_code });
    if (point) await trx.updateTable('trainers').set(point).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('trainers').dropColumn('latitude').dropColumn('longitude').execute();
}
