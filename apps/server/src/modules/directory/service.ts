import { createHash } from 'node:crypto';
import {
  formatTimeRange,
  instantToZonedTime,
  PUBLIC_TRAINER_DEFAULTS,
  type PublicClass,
  type PublicTrainer,
  priceLabel,
  type publicTrainerQuerySchema,
  type StateCount,
} from '@soulpunch/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/app-error';
import { type Coordinates, distanceMiles, geocodeSearch } from '../../lib/geocoder';
import { trainerInGoodStanding } from '../standing/sql';

type Query = z.output<typeof publicTrainerQuerySchema>;

async function listedTrainerRows(db: Db, id?: number) {
  return db
    .selectFrom('trainers')
    .innerJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .selectAll('trainerProfiles')
    .select([
      'trainers.id',
      'trainers.name',
      'trainers.email',
      'trainers.phone',
      'trainers.city',
      'trainers.state',
      'trainers.isHeadquarters',
      'trainers.latitude',
      'trainers.longitude',
    ])
    .where('trainerProfiles.publiclyListed', '=', true)
    .where('trainers.status', '=', 'active')
    .where(trainerInGoodStanding)
    .$if(id !== undefined, (qb) => qb.where('trainers.id', '=', id as number))
    .execute();
}

type Row = Awaited<ReturnType<typeof listedTrainerRows>>[number];
const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** Only what the trainer made public; private e-mail and phone only when their show flags allow. */
export function toPublicTrainer(row: Row): PublicTrainer {
  const [firstName = '', ...rest] = row.name.trim().split(/\s+/);
  const city = row.showCity ? row.city : null;
  const state = row.showState ? row.state : null;
  const website = row.showWebsite ? (blank(row.websitePublic) ?? blank(row.website)) : null;
  const social = (v: string | null) => (row.showSocialMedia ? blank(v) : null);
  const publicEmail = row.showEmail ? (blank(row.publicEmail) ?? row.email) : null;
  const publicPhone = row.showPhone ? (blank(row.publicPhone) ?? blank(row.phone)) : null;
  return {
    id: row.id,
    displayName:
      blank(row.displayName) ??
      (row.showFullName ? row.name : firstName) ??
      PUBLIC_TRAINER_DEFAULTS.displayName,
    firstName,
    lastName: row.showFullName ? rest.join(' ') || null : null,
    city,
    state,
    profilePicture: row.profilePicture,
    displayLocation: blank(row.displayLocation) ?? ([city, state].filter(Boolean).join(', ') || null),
    publicBio: (row.showBio && blank(row.publicBio)) || PUBLIC_TRAINER_DEFAULTS.publicBio,
    experienceDescription: blank(row.experienceDescription) ?? PUBLIC_TRAINER_DEFAULTS.experienceDescription,
    availabilityDescription:
      blank(row.availabilityDescription) ?? PUBLIC_TRAINER_DEFAULTS.availabilityDescription,
    instagram: social(row.instagram),
    facebook: social(row.facebook),
    tiktok: social(row.tiktok),
    youtube: social(row.youtube),
    website,
    classTypes: row.classTypes.length ? row.classTypes : [...PUBLIC_TRAINER_DEFAULTS.classTypes],
    specializations: row.specializations,
    upcomingClasses: [],
    featuredTrainer: row.featuredTrainer,
    publicEmail,
    publicPhone,
    displayContact: blank(row.displayContact) ?? publicEmail ?? publicPhone ?? website,
    affiliateLink: row.hasAffiliateLink ? blank(row.affiliateLink) : null,
    status: row.isHeadquarters ? 'hq' : 'active',
    rating: PUBLIC_TRAINER_DEFAULTS.rating,
    // A trainer who hides their city is not pinned on the map either.
    latitude: row.showCity ? row.latitude : null,
    longitude: row.showCity ? row.longitude : null,
    distanceMiles: null,
  };
}

const includes = (haystack: string | null | undefined, needle: string) =>
  !!haystack && haystack.toLowerCase().includes(needle.toLowerCase());

function matches(t: PublicTrainer, query: Query): boolean {
  const text = query.q;
  if (text) {
    const inLocation = includes(t.displayLocation, text) || includes(t.city, text) || includes(t.state, text);
    const inSpecialties = [...t.specializations, ...t.classTypes].some((s) => includes(s, text));
    if (!includes(t.firstName, text) && !inLocation && !inSpecialties) return false;
  }
  if (query.state && t.state?.toLowerCase() !== query.state.toLowerCase()) return false;
  if (query.location) {
    const [city, state] = query.location.split(',').map((s) => s.trim());
    if (!city || !(includes(t.city, city) || includes(t.displayLocation, city))) return false;
    if (state && t.state?.toLowerCase() !== state.toLowerCase()) return false;
  }
  if (query.availability && !includes(t.availabilityDescription, query.availability)) return false;
  if (query.classType && !t.classTypes.some((c) => c.toLowerCase() === query.classType?.toLowerCase()))
    return false;
  return true;
}

function origin(query: Query): Coordinates | null {
  if (query.near) {
    const [latitude, longitude] = query.near.split(',').map(Number) as [number, number];
    return { latitude, longitude };
  }
  if (query.from) {
    const point = geocodeSearch(query.from);
    if (!point)
      throw badRequest('unknown_place', `We could not find "${query.from}". Try a ZIP code or "City, ST".`);
    return point;
  }
  return null;
}

const MAX_UPCOMING_CLASSES = 10;

/** Each trainer's next scheduled classes (the directory cards show two, the profile all of these). */
async function upcomingClassesByTrainer(db: Db, trainerIds: number[]): Promise<Map<number, PublicClass[]>> {
  const byTrainer = new Map<number, PublicClass[]>();
  if (!trainerIds.length) return byTrainer;
  const rows = await db
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
    ])
    .where('status', '=', 'scheduled')
    .where('startsAt', '>', new Date())
    .where('trainerId', 'in', trainerIds)
    .orderBy('startsAt')
    .execute();
  for (const c of rows) {
    const list = byTrainer.get(c.trainerId) ?? [];
    if (list.length >= MAX_UPCOMING_CLASSES) continue;
    list.push({
      id: c.id,
      title: c.title,
      start: c.startsAt.toISOString(),
      date: instantToZonedTime(c.startsAt, c.timeZone).date,
      time: formatTimeRange(c.startsAt, c.endsAt, c.timeZone),
      location: c.location,
      price: priceLabel(c.priceCents / 100),
      paymentLink: c.paymentLink,
    });
    byTrainer.set(c.trainerId, list);
  }
  return byTrainer;
}

async function withUpcomingClasses(db: Db, trainers: PublicTrainer[]): Promise<PublicTrainer[]> {
  const classes = await upcomingClassesByTrainer(
    db,
    trainers.map((t) => t.id),
  );
  for (const t of trainers) t.upcomingClasses = classes.get(t.id) ?? [];
  return trainers;
}

/** Headquarters first, then by state (spec); by distance when the visitor gave a place. */
export async function listPublicTrainers(
  db: Db,
  query: Query,
): Promise<{ items: PublicTrainer[]; total: number }> {
  const from = origin(query);
  const all = (await listedTrainerRows(db)).map(toPublicTrainer).filter((t) => matches(t, query));
  if (from) {
    for (const t of all) {
      if (t.latitude !== null && t.longitude !== null) {
        t.distanceMiles =
          Math.round(distanceMiles(from, { latitude: t.latitude, longitude: t.longitude }) * 10) / 10;
      }
    }
    all.sort(
      (a, b) => (a.distanceMiles ?? Number.POSITIVE_INFINITY) - (b.distanceMiles ?? Number.POSITIVE_INFINITY),
    );
  } else {
    all.sort(
      (a, b) =>
        Number(b.status === 'hq') - Number(a.status === 'hq') ||
        (a.state ?? '~').localeCompare(b.state ?? '~') ||
        a.displayName.localeCompare(b.displayName) ||
        a.id - b.id,
    );
  }
  const items =
    query.limit === undefined ? all.slice(query.offset) : all.slice(query.offset, query.offset + query.limit);
  return { items: await withUpcomingClasses(db, items), total: all.length };
}

export async function getPublicTrainer(db: Db, id: number): Promise<PublicTrainer> {
  const [row] = await listedTrainerRows(db, id);
  if (!row) throw notFound('Trainer not found');
  const [trainer] = await withUpcomingClasses(db, [toPublicTrainer(row)]);
  return trainer as PublicTrainer;
}

export async function countPublicTrainersByState(db: Db): Promise<StateCount[]> {
  const counts = new Map<string, number>();
  for (const t of (await listedTrainerRows(db)).map(toPublicTrainer)) {
    if (t.state) counts.set(t.state, (counts.get(t.state) ?? 0) + 1);
  }
  return [...counts]
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => a.state.localeCompare(b.state));
}

/**
 * A fingerprint of everything the public lists show, cheap to compute: when it has not changed, a client's
 * cached copy is still right and the list is not rebuilt.
 */
export async function directoryVersion(db: Db): Promise<string> {
  const row = await sql<{ version: string }>`
    select concat_ws('|',
      (select count(*) from trainers), (select max(updated_at) from trainers),
      (select count(*) from trainer_profiles), (select max(updated_at) from trainer_profiles),
      (select count(*) from classes), (select max(updated_at) from classes),
      (select count(*) from class_registrations), (select max(updated_at) from class_registrations),
      (select count(*) from documents), (select max(updated_at) from documents),
      -- Classes pass from upcoming to past with time alone: the hour keeps cached lists from going stale.
      date_trunc('hour', now())) as version`.execute(db);
  return row.rows[0]?.version ?? '';
}

export const etagFor = (version: string, url: string) =>
  `"${createHash('sha256').update(`${version}#${url}`).digest('base64url').slice(0, 27)}"`;
