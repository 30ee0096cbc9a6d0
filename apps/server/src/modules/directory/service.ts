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
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../lib/app-error';
import { type Coordinates, geocodeSearch } from '../../lib/geocoder';
import { publicRatings, testimonialsOf } from '../reviews/service';
import { keptPerChange } from './public-cache';
import {
  countListed,
  countListedByState,
  type DirectoryFilter,
  type ListedTrainerRow,
  listedMarkersJson,
  listedTrainerPage,
  listedTrainerRow,
  upcomingClassRows,
} from './repository';

type Query = z.output<typeof publicTrainerQuerySchema>;
type Row = ListedTrainerRow;
const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

const sameEmail = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.trim().toLowerCase();
const samePhone = (a: string, b: string | null) => {
  const digits = a.replace(/\D/g, '');
  return b !== null && digits.length > 0 && digits === b.replace(/\D/g, '');
};

/**
 * A preferred contact that is an address or number the trainer chose to hide (show flag off) stays hidden: the
 * editor once filled it with the account e-mail unasked, so saved profiles may hold one.
 */
function isHiddenContact(row: Row, contact: string): boolean {
  const hiddenEmail =
    !row.showEmail && (sameEmail(contact, row.email) || sameEmail(contact, row.publicEmail));
  const hiddenPhone =
    !row.showPhone && (samePhone(contact, row.phone) || samePhone(contact, row.publicPhone));
  return hiddenEmail || hiddenPhone;
}

/** Only what the trainer made public; private e-mail and phone only when their show flags allow. */
export function toPublicTrainer(row: Row): PublicTrainer {
  const [firstName = '', ...rest] = row.name.trim().split(/\s+/);
  const city = row.showCity ? row.city : null;
  const state = row.showState ? row.state : null;
  const website = row.showWebsite ? (blank(row.websitePublic) ?? blank(row.website)) : null;
  const social = (v: string | null) => (row.showSocialMedia ? blank(v) : null);
  const publicEmail = row.showEmail ? (blank(row.publicEmail) ?? row.email) : null;
  const publicPhone = row.showPhone ? (blank(row.publicPhone) ?? blank(row.phone)) : null;
  const preferred = blank(row.displayContact);
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
    displayContact:
      (preferred && !isHiddenContact(row, preferred) ? preferred : null) ??
      publicEmail ??
      publicPhone ??
      website,
    affiliateLink: row.hasAffiliateLink ? blank(row.affiliateLink) : null,
    status: row.isHeadquarters ? 'hq' : 'active',
    certifiedThrough: row.certifiedThrough ?? null,
    // Filled from the trainer's reviews (withRatings): none until there are enough of them.
    rating: null,
    // A trainer who hides their city is not pinned on the map either.
    latitude: row.showCity ? row.latitude : null,
    longitude: row.showCity ? row.longitude : null,
    distanceMiles: null,
  };
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

/**
 * Each trainer's next scheduled classes, those starting after `now` (the app's clock): the directory cards show
 * two, the profile all of these.
 */
async function withUpcomingClasses(db: Db, trainers: PublicTrainer[], now: Date): Promise<PublicTrainer[]> {
  const rows = await upcomingClassRows(
    db,
    trainers.map((t) => t.id),
    MAX_UPCOMING_CLASSES,
    now,
  );
  const byTrainer = new Map<number, PublicClass[]>();
  for (const c of rows) {
    const list = byTrainer.get(c.trainerId) ?? [];
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
  for (const t of trainers) t.upcomingClasses = byTrainer.get(t.id) ?? [];
  return trainers;
}

/** Each trainer's rating from attendees' visible reviews (null below three). */
async function withRatings(db: Db, trainers: PublicTrainer[]): Promise<PublicTrainer[]> {
  const ratings = await publicRatings(
    db,
    trainers.map((t) => t.id),
  );
  for (const t of trainers) t.rating = ratings.get(t.id) ?? null;
  return trainers;
}

const roundMiles = (miles: number | null) => (miles === null ? null : Math.round(miles * 10) / 10);

/** Every listed trainer by shown state: the unfiltered list's X-Total-Count and the state counts. */
export interface ListedCounts {
  total: number;
  states: StateCount[];
}

/**
 * The listed trainers counted once per round of changes and shared by the answers built in it (the state counts
 * and each unfiltered list page, whatever its size): `version` moves with each change announced (the public
 * cache's count). Who is listed does not depend on the clock, so the count holds until the next change.
 */
export function shareListedCounts(db: Db, version: () => number): () => Promise<ListedCounts> {
  const kept = keptPerChange<ListedCounts>(version);
  return () =>
    kept.current() ??
    kept.keep(
      countListedByState(db).then((rows) => ({
        total: rows.reduce((sum, r) => sum + r.count, 0),
        states: rows.flatMap((r) => (r.state === null ? [] : [{ state: r.state, count: r.count }])),
      })),
    );
}

const unfiltered = (filter: DirectoryFilter) =>
  !filter.q && !filter.state && !filter.location && !filter.availability && !filter.classType;

/** Headquarters first, then by state (spec); by distance when the visitor gave a place. Filtered, sorted and
 * paged in SQL; the unfiltered count from `counts` when given. */
export async function listPublicTrainers(
  db: Db,
  query: Query,
  now: Date,
  counts?: () => Promise<ListedCounts>,
): Promise<{ items: PublicTrainer[]; total: number }> {
  const from = origin(query);
  const { rows, total } = await listedTrainerPage(
    db,
    query,
    { from, limit: query.limit, offset: query.offset },
    async (filter) => (counts && unfiltered(filter) ? (await counts()).total : countListed(db, filter)),
  );
  const items = rows.map((row) => ({ ...toPublicTrainer(row), distanceMiles: roundMiles(row.miles) }));
  return { items: await withRatings(db, await withUpcomingClasses(db, items, now)), total };
}

export async function getPublicTrainer(db: Db, id: number, now: Date): Promise<PublicTrainer> {
  const row = await listedTrainerRow(db, id);
  if (!row) throw notFound('Trainer not found');
  const [trainer] = await withRatings(db, await withUpcomingClasses(db, [toPublicTrainer(row)], now));
  // The profile alone shows the reviews the trainer featured.
  return { ...(trainer as PublicTrainer), testimonials: await testimonialsOf(db, id) };
}

/** The map's feed as JSON text: positions to 4 decimals (about 10 m; they are ZIP or city centres anyway). */
export async function listTrainerMarkers(db: Db, filter: DirectoryFilter): Promise<string> {
  return listedMarkersJson(db, filter);
}
