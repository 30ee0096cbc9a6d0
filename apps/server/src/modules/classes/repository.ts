import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { trainerInGoodStanding } from '../standing/service';

/** Classes with their trainer's name and live registration counts. */
export function classesWithCounts(db: Kysely<Database>) {
  return db
    .selectFrom('classes')
    .innerJoin('trainers', 'trainers.id', 'classes.trainerId')
    .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .selectAll('classes')
    .select([
      'trainers.name as trainerName',
      'trainerProfiles.displayName as trainerDisplayName',
      (eb) =>
        eb
          .selectFrom('classRegistrations')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('classRegistrations.classId', '=', 'classes.id')
          .where('classRegistrations.status', '=', 'registered')
          .as('registeredCount'),
      (eb) =>
        eb
          .selectFrom('classRegistrations')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('classRegistrations.classId', '=', 'classes.id')
          .where('classRegistrations.status', '=', 'waitlisted')
          .as('waitlistCount'),
    ]);
}

/** Only classes of trainers the public may see. */
export function publicClasses(db: Kysely<Database>) {
  return classesWithCounts(db)
    .where('trainers.status', '=', 'active')
    .where(trainerInGoodStanding)
    .where((eb) =>
      eb.or([eb('trainerProfiles.publiclyListed', '=', true), eb('trainerProfiles.trainerId', 'is', null)]),
    );
}

export type ClassRow = Awaited<ReturnType<ReturnType<typeof classesWithCounts>['execute']>>[number];
