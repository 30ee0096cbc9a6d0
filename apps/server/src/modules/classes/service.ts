import {
  buildICalendar,
  CANCEL_CLOSED_MESSAGE,
  type CalendarEvent,
  type ClassSummary,
  classEndInstant,
  type classInputSchema,
  classMessages,
  classPagePath,
  type classQuerySchema,
  DEFAULT_TIME_ZONE,
  formatTimeRange,
  instantToZonedTime,
  priceLabel,
  type Registration,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { type Clock, DAY_MS } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { keptPerChange } from '../directory/public-cache';
import { mailDate } from '../mail/dates';
import type { Mailer, MailMessage } from '../mail/mailer';
import { sendQueuedMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { trainerToNotify } from '../notifications/service';
import {
  type ClassRow,
  countRegistrations,
  countUpcomingPublicClasses,
  findActiveRegistration,
  findClassRow,
  findPublicClassRow,
  findRegistrationByTokenHash,
  findRegistrationStatusByTokenHash,
  findTrainerClassDefaults,
  firstWaitlisted,
  insertClass,
  insertRegistration,
  listBookedEmails,
  listFeedClassRows,
  listPublicClassRows,
  listRegistrationRows,
  listTrainerClassRows,
  lockClass,
  replaceUpcomingPaymentLink,
  updateClassRow,
  updateRegistration,
} from './repository';

// The classes module's public API for the routes (they never query).
export { findBasicClassPaymentLink } from './repository';

import { timeZoneForPlace } from './time-zone';

type ClassInput = z.output<typeof classInputSchema>;
type ClassQuery = z.output<typeof classQuerySchema>;

export interface ClassDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  clock: Clock;
}

export const CLASS_NOT_FOUND = 'Class not found';

/** Whether a class starting at `startsAt` has begun by `now`, the app's clock (never the system's). */
export const hasStarted = (startsAt: Date, now: Date) => startsAt.getTime() <= now.getTime();

export function toClassSummary(row: ClassRow): ClassSummary {
  const start = instantToZonedTime(row.startsAt, row.timeZone);
  const end = instantToZonedTime(row.endsAt, row.timeZone);
  const registeredCount = Number(row.registeredCount ?? 0);
  const price = row.priceCents / 100;
  return {
    id: row.id,
    trainerId: row.trainerId,
    trainerName: row.trainerDisplayName?.trim() || row.trainerName,
    trainerFirstName: row.trainerName.trim().split(/\s+/)[0] ?? '',
    title: row.title,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    time: formatTimeRange(row.startsAt, row.endsAt, row.timeZone),
    location: row.location,
    address: row.address,
    notes: row.notes,
    price,
    priceLabel: priceLabel(price),
    capacity: row.capacity,
    spotsLeft: Math.max(0, row.capacity - registeredCount),
    registeredCount,
    waitlistCount: Number(row.waitlistCount ?? 0),
    type: row.type,
    level: row.level,
    tags: row.tags,
    paymentLink: row.paymentLink,
    status: row.status,
  };
}

/** How many public classes are upcoming at a moment (the unfiltered lists' X-Total-Count). */
export type UpcomingClassCount = (now: Date) => Promise<number>;

/**
 * The count of upcoming public classes, read once per round of changes and shared by every unfiltered list built
 * in it (the API's, the classes page's and the calendar's, each a page of its own): `version` moves with each
 * change announced (the public cache's count). It holds until the first of those classes starts, or the clock
 * is moved back.
 */
export function shareUpcomingClassCount(db: Db, version: () => number): UpcomingClassCount {
  const kept = keptPerChange<{ at: number; total: number; firstStart: number | null }>(version);
  return async (now) => {
    const time = now.getTime();
    const held = kept.current();
    const holds = (count: { at: number; firstStart: number | null }) =>
      time >= count.at && (count.firstStart === null || time < count.firstStart);
    const counted =
      held && (await held.then(holds, () => false))
        ? held
        : kept.keep(countUpcomingPublicClasses(db, now).then((count) => ({ ...count, at: time })));
    return (await counted).total;
  };
}

/**
 * Upcoming scheduled classes of listed trainers, soonest first: those starting after `now`, the app's clock. The
 * unfiltered list's count comes from `upcomingCount` when given (one count shared by the lists built after a
 * change).
 */
export async function listPublicClasses(
  db: Db,
  query: ClassQuery,
  now: Date,
  upcomingCount?: UpcomingClassCount,
): Promise<{ items: ClassSummary[]; total: number }> {
  const unfiltered =
    !query.from && !query.to && !query.type && !query.trainerId && !query.location && !query.q;
  const { rows, total } = await listPublicClassRows(
    db,
    {
      ...(query.from ? { from: new Date(query.from) } : { after: now }),
      ...(query.to ? { to: new Date(query.to) } : {}),
      type: query.type,
      trainerId: query.trainerId,
      location: query.location,
      q: query.q,
    },
    { limit: query.limit, offset: query.offset },
    unfiltered && upcomingCount ? () => upcomingCount(now) : undefined,
  );
  return { total, items: rows.map(toClassSummary) };
}

export async function getPublicClass(db: Db, id: number): Promise<ClassSummary> {
  const row = await findPublicClassRow(db, id);
  if (!row) throw notFound(CLASS_NOT_FOUND);
  return toClassSummary(row);
}

export async function getClassRow(db: Db, id: number): Promise<ClassRow> {
  const row = await findClassRow(db, id);
  if (!row) throw notFound(CLASS_NOT_FOUND);
  return row;
}

/** A trainer's own classes, including cancelled ones, from a week before `now` on. */
export async function listTrainerClasses(db: Db, trainerId: number, now: Date): Promise<ClassSummary[]> {
  const rows = await listTrainerClassRows(db, trainerId, new Date(now.getTime() - 7 * DAY_MS));
  return rows.map(toClassSummary);
}

export interface ClassTimeZone {
  timeZone: string;
  /** 'place': from the class's location or address; 'trainer': the trainer's own city; 'default': neither known. */
  source: 'place' | 'trainer' | 'default';
}

/** The zone a class's times are in: its place's, else its trainer's city's, else Central (headquarters). */
export async function classTimeZoneFor(
  db: Db,
  trainerId: number,
  place: { location?: string | null; address?: string | null },
): Promise<ClassTimeZone> {
  const fromPlace = timeZoneForPlace(place.location, place.address);
  if (fromPlace) return { timeZone: fromPlace, source: 'place' };
  const trainer = await findTrainerClassDefaults(db, trainerId);
  const home =
    trainer && timeZoneForPlace(trainer.postalCode, [trainer.city, trainer.state].filter(Boolean).join(', '));
  return home ? { timeZone: home, source: 'trainer' } : { timeZone: DEFAULT_TIME_ZONE, source: 'default' };
}

/** The class's start and end; one that would start by `now` (the app's clock) is refused. */
function instantsOf(input: ClassInput, timeZone: string, now: Date) {
  const startsAt = zonedTimeToInstant(input.date, input.startTime, timeZone);
  const endsAt = classEndInstant(input.date, input.startTime, input.endTime, timeZone);
  if (hasStarted(startsAt, now)) {
    throw badRequest('validation_error', classMessages.inThePast, { date: classMessages.inThePast });
  }
  return { startsAt, endsAt };
}

/** The columns of a class; `timeZone` is the one the trainer chose, else the one of the class's place. */
function classValues(input: ClassInput, timeZone: string, now: Date) {
  return {
    title: input.title,
    ...instantsOf(input, timeZone, now),
    timeZone,
    location: input.location,
    address: input.address,
    notes: input.notes,
    priceCents: Math.round(input.price * 100),
    capacity: input.capacity,
    type: input.type,
    level: input.level,
    tags: input.tags,
  };
}

export async function createClass(
  db: Db,
  trainerId: number,
  input: ClassInput,
  now: Date,
): Promise<ClassSummary> {
  const trainer = await findTrainerClassDefaults(db, trainerId);
  if (!trainer) throw notFound('Trainer not found');
  const timeZone = input.timeZone ?? (await classTimeZoneFor(db, trainerId, input)).timeZone;
  const id = await insertClass(db, {
    trainerId,
    ...classValues(input, timeZone, now),
    // The trainer's usual payment link unless this class names its own (or clears it with null).
    paymentLink:
      input.paymentLink === undefined ? (trainer.basicClassPaymentLink ?? null) : input.paymentLink,
  });
  return toClassSummary(await getClassRow(db, id));
}

function calendarEvent(config: AppConfig, row: ClassRow): CalendarEvent {
  const host = new URL(config.appUrl).hostname;
  return {
    uid: `class-${row.id}@${host}`,
    start: row.startsAt,
    end: row.endsAt,
    title: row.title,
    location: [row.location, row.address].filter(Boolean).join(', '),
    description: [
      `With ${row.trainerDisplayName?.trim() || row.trainerName}.`,
      row.notes ?? '',
      classUrl(config, row.id),
    ]
      .filter(Boolean)
      .join('\n'),
    url: classUrl(config, row.id),
    cancelled: row.status === 'cancelled',
    sequence: row.sequence,
    updatedAt: row.updatedAt,
  };
}

function inviteFor(
  config: AppConfig,
  row: ClassRow,
  method: 'REQUEST' | 'CANCEL',
): MailMessage['attachments'] {
  return [
    {
      filename: 'class.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content: buildICalendar({ name: row.title, method, events: [calendarEvent(config, row)] }),
    },
  ];
}

function whenText(row: ClassRow): string {
  const day = mailDate(row.startsAt, row.timeZone);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: row.timeZone, timeZoneName: 'short' })
    .formatToParts(row.startsAt)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${day}, ${formatTimeRange(row.startsAt, row.endsAt, row.timeZone)} ${zone ?? ''}`.trim();
}

const whereText = (row: ClassRow) => [row.location, row.address].filter(Boolean).join(', ');
const classUrl = (config: AppConfig, classId: number) => `${config.appUrl}${classPagePath(classId)}`;
/** The class page with a cancel link: the page asks before it cancels (mail scanners open links). */
const cancelUrl = (config: AppConfig, classId: number, token: string) =>
  `${classUrl(config, classId)}?cancel=${encodeURIComponent(token)}`;

/**
 * Class e-mails go to whatever address a visitor typed, and the name beside it was typed by the same visitor:
 * greeting with it would let anyone send our e-mail, with their own words in it, to anyone. So the greeting is
 * neutral, and the rest is the trainer's own class text.
 */
const CLASS_MAIL_GREETING = 'there';

/**
 * The class's trainer is told of a registration or a cancellation, unless they turned that notice off (their
 * notification choices). The trainer's own e-mail, so the people's names are theirs to see (as in the portal).
 */
async function tellTrainer(
  deps: ClassDeps,
  row: ClassRow,
  kind: 'class_registrations' | 'class_cancellations',
  notice: { subject: string; paragraphs: string[] },
): Promise<void> {
  const trainer = await trainerToNotify(deps.db, row.trainerId, kind);
  if (!trainer) return;
  // Through the mail queue: a refusal is retried by the mail round and never fails the visitor's request.
  await sendQueuedMail(
    deps,
    noticeEmail({
      to: trainer.email,
      name: trainer.name,
      ...notice,
      action: { label: 'See the registrations', url: `${deps.config.appUrl}/trainer-portal/calendar` },
    }),
  );
}

/** How often one address can be registered (for any classes): limits how much class e-mail one address gets. */
export const REGISTRATION_LIMITS_PER_EMAIL = [
  { limit: 5, windowSeconds: 3600 },
  { limit: 20, windowSeconds: 24 * 3600 },
];

/** E-mails everyone registered or waiting for a class. */
async function tellEveryoneBooked(
  deps: ClassDeps,
  row: ClassRow,
  message: (person: { to: string; name: string }) => MailMessage,
): Promise<void> {
  for (const email of await listBookedEmails(deps.db, row.id)) {
    await deps.mailer.send(message({ to: email, name: CLASS_MAIL_GREETING }));
  }
}

/** The owner changes a class; everyone registered or waiting gets the new details and an updated invite. */
export async function updateClass(
  deps: ClassDeps,
  classId: number,
  input: ClassInput,
): Promise<ClassSummary> {
  const before = await getClassRow(deps.db, classId);
  if (before.status === 'cancelled')
    throw badRequest('class_cancelled', 'A cancelled class cannot be changed.');
  // Without a zone named, a class that moved to another place takes that place's zone; otherwise it keeps its own.
  const moved = input.location !== before.location || (input.address ?? null) !== before.address;
  const timeZone =
    input.timeZone ??
    (moved ? (timeZoneForPlace(input.location, input.address) ?? before.timeZone) : before.timeZone);
  const now = deps.clock.now();
  await updateClassRow(deps.db, classId, {
    ...classValues(input, timeZone, now),
    ...(input.paymentLink !== undefined ? { paymentLink: input.paymentLink } : {}),
    sequence: before.sequence + 1,
    updatedAt: now,
  });
  const after = await getClassRow(deps.db, classId);
  await tellEveryoneBooked(deps, after, (person) =>
    noticeEmail({
      ...person,
      subject: `Updated: ${after.title}`,
      paragraphs: [
        `The details of "${after.title}" have changed.`,
        `When: ${whenText(after)}`,
        `Where: ${whereText(after)}`,
        'The attached invite updates your calendar.',
      ],
      action: { label: 'See the class', url: classUrl(deps.config, after.id) },
      attachments: inviteFor(deps.config, after, 'REQUEST'),
    }),
  );
  return toClassSummary(after);
}

/** The owner cancels a class: it leaves the public lists and everyone registered or waiting is told. */
export async function cancelClass(deps: ClassDeps, classId: number): Promise<ClassSummary> {
  const before = await getClassRow(deps.db, classId);
  if (before.status === 'cancelled') return toClassSummary(before);
  await updateClassRow(deps.db, classId, {
    status: 'cancelled',
    sequence: before.sequence + 1,
    updatedAt: deps.clock.now(),
  });
  const after = await getClassRow(deps.db, classId);
  await tellEveryoneBooked(deps, after, (person) =>
    noticeEmail({
      ...person,
      subject: `Cancelled: ${after.title}`,
      paragraphs: [
        `We are sorry: "${after.title}" on ${whenText(after)} has been cancelled by the trainer.`,
        'Nothing else is needed from you. The attached update removes it from your calendar.',
      ],
      action: { label: 'Find another class', url: `${deps.config.appUrl}/public/classes` },
      attachments: inviteFor(deps.config, after, 'CANCEL'),
    }),
  );
  return toClassSummary(after);
}

function confirmationEmail(deps: ClassDeps, row: ClassRow, person: { email: string }, cancelToken: string) {
  return noticeEmail({
    to: person.email,
    name: CLASS_MAIL_GREETING,
    subject: `You're registered: ${row.title}`,
    paragraphs: [
      `Your place in "${row.title}" is confirmed.`,
      `When: ${whenText(row)}`,
      `Where: ${whereText(row)}`,
      ...(row.paymentLink ? [`Pay for the class here: ${row.paymentLink}`] : []),
      'The attached invite adds the class to your calendar.',
      `Can't make it? Cancel your registration here so someone else can take your place: ${cancelUrl(deps.config, row.id, cancelToken)}`,
    ],
    action: { label: 'See the class', url: classUrl(deps.config, row.id) },
    attachments: inviteFor(deps.config, row, 'REQUEST'),
  });
}

export interface RegistrationResult {
  status: 'registered' | 'waitlisted';
  /** Place on the waitlist, 1 for the first. */
  position: number | null;
}

/**
 * A visitor registers. The class row is locked for the duration, so two people taking the last place at the
 * same moment cannot both get it: one is registered, the other waitlisted.
 */
export async function registerForClass(
  deps: ClassDeps,
  classId: number,
  person: { name: string; email: string },
  ip: string,
): Promise<RegistrationResult> {
  await enforceRateLimits(
    deps.db,
    [
      { key: `register:ip:${ip}`, limit: 30, windowSeconds: 600 },
      ...REGISTRATION_LIMITS_PER_EMAIL.map((rule) => ({
        key: `register:email:${rule.windowSeconds}:${person.email}`,
        ...rule,
      })),
    ],
    deps.clock.now(),
  );
  const cancelToken = newToken();
  const cancelTokenHash = hashToken(deps.config.sessionSecret, cancelToken);
  const result = await deps.db
    .transaction()
    .execute((trx) => takePlace(trx, classId, person, cancelTokenHash, deps.clock.now()));

  const row = await getClassRow(deps.db, classId);
  if (result.status === 'registered') {
    await deps.mailer.send(confirmationEmail(deps, row, person, cancelToken));
  } else {
    await deps.mailer.send(
      noticeEmail({
        to: person.email,
        name: CLASS_MAIL_GREETING,
        subject: `You're on the waitlist: ${row.title}`,
        paragraphs: [
          `"${row.title}" on ${whenText(row)} is full, so you are number ${result.position} on the waitlist.`,
          'If a place opens up, the first person on the waitlist gets it and we e-mail you at once.',
          `To leave the waitlist: ${cancelUrl(deps.config, row.id, cancelToken)}`,
        ],
      }),
    );
  }
  await tellTrainer(deps, row, 'class_registrations', {
    subject: `${result.status === 'registered' ? 'New registration' : 'New on the waitlist'}: ${row.title}`,
    paragraphs: [
      result.status === 'registered'
        ? `${person.name} <${person.email}> registered for "${row.title}" on ${whenText(row)}.`
        : `${person.name} <${person.email}> joined the waitlist of "${row.title}" on ${whenText(row)} (number ${result.position}).`,
      `Registered: ${Number(row.registeredCount ?? 0)} of ${row.capacity}; waiting: ${Number(row.waitlistCount ?? 0)}.`,
    ],
  });
  return result;
}

/** In the registration's transaction: a place when one is free, else the end of the waitlist. */
async function takePlace(
  trx: Trx,
  classId: number,
  person: { name: string; email: string },
  cancelTokenHash: string,
  now: Date,
): Promise<RegistrationResult> {
  const row = await lockClass(trx, classId);
  if (!row) throw notFound(CLASS_NOT_FOUND);
  if (row.status !== 'scheduled' || hasStarted(row.startsAt, now)) {
    throw badRequest('registration_closed', 'Registration for this class is closed.');
  }
  if (await findActiveRegistration(trx, classId, person.email)) {
    throw new AppError(409, 'already_registered', 'This e-mail is already registered for this class.');
  }
  const counts = await countRegistrations(trx, classId);
  const status = counts.registered < row.capacity ? 'registered' : 'waitlisted';
  await insertRegistration(trx, { classId, name: person.name, email: person.email, status, cancelTokenHash });
  return { status, position: status === 'waitlisted' ? counts.waitlisted + 1 : null };
}

/** Cancels a registration from the e-mailed link; a freed place goes to the first person waiting. */
/** What a cancel link's registration is now, so its page offers to cancel only a place still held. */
export async function cancelLinkStatus(deps: ClassDeps, token: string, ip: string) {
  await enforceRateLimits(
    deps.db,
    [{ key: `cancel-link:ip:${ip}`, limit: 60, windowSeconds: 600 }],
    deps.clock.now(),
  );
  const registration = await findRegistrationStatusByTokenHash(
    deps.db,
    hashToken(deps.config.sessionSecret, token),
  );
  if (!registration) throw badRequest('invalid_cancel_link', 'This cancellation link is invalid.');
  return { status: registration.status };
}

export async function cancelRegistration(deps: ClassDeps, token: string): Promise<{ classId: number }> {
  const promotedToken = newToken();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const registration = await findRegistrationByTokenHash(trx, hashToken(deps.config.sessionSecret, token));
    if (!registration || registration.status === 'cancelled') {
      throw badRequest('invalid_cancel_link', 'This cancellation link is invalid or was already used.');
    }
    const now = deps.clock.now();
    const row = await lockClass(trx, registration.classId);
    // Once the class has begun, the place was used (or missed): nobody waiting can take it any more.
    if (row && hasStarted(row.startsAt, now)) throw badRequest('registration_closed', CANCEL_CLOSED_MESSAGE);
    await updateRegistration(trx, registration.id, { status: 'cancelled', updatedAt: now });
    if (registration.status !== 'registered') return { registration, promoted: undefined };
    const next = await firstWaitlisted(trx, registration.classId);
    if (next) {
      // The promoted person gets a fresh cancel link with their confirmation.
      await updateRegistration(trx, next.id, {
        status: 'registered',
        cancelTokenHash: hashToken(deps.config.sessionSecret, promotedToken),
        updatedAt: now,
      });
    }
    return { registration, promoted: next };
  });

  const row = await getClassRow(deps.db, outcome.registration.classId);
  await deps.mailer.send(
    noticeEmail({
      to: outcome.registration.email,
      name: CLASS_MAIL_GREETING,
      subject: `Registration cancelled: ${row.title}`,
      paragraphs: [`Your registration for "${row.title}" on ${whenText(row)} is cancelled.`],
      action: { label: 'Find another class', url: `${deps.config.appUrl}/public/classes` },
    }),
  );
  if (outcome.promoted) {
    const promoted = outcome.promoted;
    const message = confirmationEmail(deps, row, promoted, promotedToken);
    await deps.mailer.send({
      ...message,
      subject: `A place opened up: ${row.title}`,
      text: `A place opened up and it is yours.\n\n${message.text}`,
    });
  }
  const { name, email } = outcome.registration;
  await tellTrainer(deps, row, 'class_cancellations', {
    subject: `Registration cancelled: ${row.title}`,
    paragraphs: [
      `${name} <${email}> cancelled their ${outcome.registration.status === 'registered' ? 'registration for' : 'place on the waitlist of'} "${row.title}" on ${whenText(row)}.`,
      outcome.promoted
        ? `${outcome.promoted.name} <${outcome.promoted.email}> was first on the waitlist and takes the place.`
        : `Registered: ${Number(row.registeredCount ?? 0)} of ${row.capacity}.`,
    ],
  });
  return { classId: row.id };
}

export async function listRegistrations(db: Db, classId: number): Promise<Registration[]> {
  const rows = await listRegistrationRows(db, classId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * After the trainer changes their class payment link: their upcoming classes that still use the old link take the
 * profile's new one. Classes with a link of their own, past and cancelled classes keep theirs.
 */
export async function applyPaymentLinkToUpcomingClasses(
  deps: ClassDeps,
  trainerId: number,
  previousLink: string | null,
): Promise<{ updated: number; paymentLink: string | null }> {
  const profile = await findTrainerClassDefaults(deps.db, trainerId);
  if (!profile) throw notFound('Trainer not found');
  const paymentLink = profile.basicClassPaymentLink ?? null;
  if (paymentLink === previousLink) return { updated: 0, paymentLink };
  const now = deps.clock.now();
  const updated = await replaceUpcomingPaymentLink(deps.db, trainerId, previousLink, paymentLink, now);
  return { updated, paymentLink };
}

/** One public class as an iCalendar file (a cancelled one says so, so a calendar that has it drops it). */
export async function classEventFile(deps: ClassDeps, classId: number): Promise<string> {
  const row = await findPublicClassRow(deps.db, classId);
  if (!row) throw notFound(CLASS_NOT_FOUND);
  return buildICalendar({ name: row.title, events: [calendarEvent(deps.config, row)] });
}

/**
 * The most classes a feed holds: what /public-calendar shows. Without a bound the whole-site feed grew with the
 * directory (30 MB and 15 s to build at 100,000 trainers); decision 0023.
 */
export const FEED_MAX_CLASSES = 1000;

/**
 * A subscribable feed: the coming classes, then those of the past month while there is room (a calendar app keeps
 * what it still lists), cancelled ones marked so calendar apps drop them.
 */
export async function classesFeed(deps: ClassDeps, trainerId?: number): Promise<string> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const rows = await listFeedClassRows(deps.db, { since, now, limit: FEED_MAX_CLASSES }, trainerId);
  const name =
    trainerId === undefined
      ? 'Soul Punch classes'
      : `Soul Punch classes with ${rows[0]?.trainerDisplayName?.trim() || rows[0]?.trainerName || 'your trainer'}`;
  return buildICalendar({ name, events: rows.map((r) => calendarEvent(deps.config, r)) });
}
