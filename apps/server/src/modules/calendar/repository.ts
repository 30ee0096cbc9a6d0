import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  ConsultationSlotsTable,
  GroupEventsTable,
  TrainingSessionsTable,
} from '../../db/schema-calendar';
import type { Executor, Trx } from '../../db/types';

/** Every query of the admin Calendar: sessions and registrations, slots and bookings, group events, feeds. */

// Training sessions ---------------------------------------------------------------------------------------------

const SESSION_COLUMNS = [
  'trainingSessions.id',
  'trainingSessions.title',
  'trainingSessions.startsAt',
  'trainingSessions.endsAt',
  'trainingSessions.timeZone',
  'trainingSessions.location',
  'trainingSessions.description',
  'trainingSessions.capacity',
  'trainingSessions.status',
  'trainingSessions.sequence',
  'trainingSessions.updatedAt',
] as const;

function sessionsWithCounts(db: Executor) {
  return db
    .selectFrom('trainingSessions')
    .select(SESSION_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('trainingRegistrations')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('trainingRegistrations.sessionId', '=', 'trainingSessions.id')
        .as('registeredCount'),
    );
}
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function insertSession(db: Executor, values: Insertable<TrainingSessionsTable>) {
  const row = await db
    .insertInto('trainingSessions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findSession(db: Executor, id: number) {
  return sessionsWithCounts(db).where('trainingSessions.id', '=', id).executeTakeFirst();
}

/** Sessions overlapping [from, to). */
export function listSessions(db: Db, from: Date, to: Date) {
  return sessionsWithCounts(db)
    .where('trainingSessions.startsAt', '<', to)
    .where('trainingSessions.endsAt', '>', from)
    .orderBy('trainingSessions.startsAt')
    .execute();
}

/** Scheduled sessions not yet over, with whether this trainer registered and attended. */
export function listUpcomingSessionsFor(db: Db, trainerId: number, now: Date) {
  return sessionsWithCounts(db)
    .leftJoin('trainingRegistrations as mine', (join) =>
      join.onRef('mine.sessionId', '=', 'trainingSessions.id').on('mine.trainerId', '=', trainerId),
    )
    .select(['mine.registeredAt', 'mine.attendedAt'])
    .where((eb) =>
      eb.or([
        eb.and([eb('trainingSessions.endsAt', '>', now), eb('trainingSessions.status', '=', 'scheduled')]),
        eb('mine.trainerId', 'is not', null),
      ]),
    )
    .orderBy('trainingSessions.startsAt')
    .execute();
}

/** Locks the session for a registration: two trainers taking the last seat are served one after the other. */
export function lockSession(trx: Trx, id: number) {
  return trx
    .selectFrom('trainingSessions')
    .select(['id', 'status', 'startsAt', 'endsAt', 'capacity', 'timeZone'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function countRegistered(trx: Trx, sessionId: number) {
  const row = await trx
    .selectFrom('trainingRegistrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sessionId', '=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findRegistration(db: Executor, sessionId: number, trainerId: number) {
  return db
    .selectFrom('trainingRegistrations')
    .selectAll()
    .where('sessionId', '=', sessionId)
    .where('trainerId', '=', trainerId)
    .executeTakeFirst();
}

export async function insertRegistration(trx: Trx, sessionId: number, trainerId: number, at: Date) {
  await trx
    .insertInto('trainingRegistrations')
    .values({ sessionId, trainerId, registeredAt: at })
    .onConflict((oc) => oc.columns(['sessionId', 'trainerId']).doNothing())
    .execute();
}

export async function deleteRegistration(trx: Trx, sessionId: number, trainerId: number) {
  const result = await trx
    .deleteFrom('trainingRegistrations')
    .where('sessionId', '=', sessionId)
    .where('trainerId', '=', trainerId)
    .where('attendedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setAttendance(
  trx: Trx,
  sessionId: number,
  trainerId: number,
  attendedAt: Date | null,
  markedBy: number,
) {
  await trx
    .updateTable('trainingRegistrations')
    .set({ attendedAt, attendanceMarkedBy: markedBy })
    .where('sessionId', '=', sessionId)
    .where('trainerId', '=', trainerId)
    .execute();
}

export function listRegistrants(db: Executor, sessionId: number) {
  return db
    .selectFrom('trainingRegistrations')
    .innerJoin('trainers', 'trainers.id', 'trainingRegistrations.trainerId')
    .select([
      'trainingRegistrations.trainerId',
      'trainingRegistrations.registeredAt',
      'trainingRegistrations.attendedAt',
      'trainers.name',
      'trainers.email',
    ])
    .where('trainingRegistrations.sessionId', '=', sessionId)
    .orderBy('trainers.name')
    .execute();
}

/** An admin's edit; `changed` (what calendars show moved or changed) bumps the invite's SEQUENCE. */
export async function updateSessionRow(
  trx: Trx,
  id: number,
  values: Pick<
    TrainingSessionsTable,
    'title' | 'startsAt' | 'endsAt' | 'timeZone' | 'location' | 'description' | 'capacity'
  >,
  changed: boolean,
  now: Date,
) {
  await trx
    .updateTable('trainingSessions')
    .set((eb) => ({
      ...values,
      sequence: changed ? eb('sequence', '+', 1) : eb.ref('sequence'),
      updatedAt: now,
    }))
    .where('id', '=', id)
    .execute();
}

/** The session moved: each registration is reminded again for its new time. */
export async function resetSessionReminders(trx: Trx, sessionId: number) {
  await trx
    .updateTable('trainingRegistrations')
    .set({ reminderSentAt: null })
    .where('sessionId', '=', sessionId)
    .execute();
}

/** Registrations of scheduled sessions starting within (now, until] that have had no reminder yet. */
export function listRegistrationsToRemind(db: Db, now: Date, until: Date) {
  return db
    .selectFrom('trainingRegistrations')
    .innerJoin('trainingSessions', 'trainingSessions.id', 'trainingRegistrations.sessionId')
    .select(['trainingRegistrations.sessionId', 'trainingRegistrations.trainerId'])
    .where('trainingSessions.status', '=', 'scheduled')
    .where('trainingRegistrations.reminderSentAt', 'is', null)
    .where('trainingSessions.startsAt', '>', now)
    .where('trainingSessions.startsAt', '<=', until)
    .orderBy('trainingSessions.startsAt')
    .execute();
}

/** Takes one registration's reminder: true for exactly one caller, however many rounds or instances ask. */
export async function claimSessionReminder(trx: Trx, sessionId: number, trainerId: number, now: Date) {
  const row = await trx
    .updateTable('trainingRegistrations')
    .set({ reminderSentAt: now })
    .where('sessionId', '=', sessionId)
    .where('trainerId', '=', trainerId)
    .where('reminderSentAt', 'is', null)
    .returning('sessionId')
    .executeTakeFirst();
  return row !== undefined;
}

/** A registrant's name and address, for their reminder. */
export function findRegistrant(db: Executor, sessionId: number, trainerId: number) {
  return db
    .selectFrom('trainingRegistrations')
    .innerJoin('trainers', 'trainers.id', 'trainingRegistrations.trainerId')
    .select(['trainers.name', 'trainers.email'])
    .where('trainingRegistrations.sessionId', '=', sessionId)
    .where('trainingRegistrations.trainerId', '=', trainerId)
    .executeTakeFirst();
}

export async function cancelSessionRow(trx: Trx, id: number, now: Date) {
  await trx
    .updateTable('trainingSessions')
    .set((eb) => ({ status: 'cancelled', sequence: eb('sequence', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .execute();
}

// Consultation slots and bookings ------------------------------------------------------------------------------

const BOOKING_COLUMNS = [
  'consultationBookings.id',
  'consultationBookings.slotId',
  'consultationBookings.trainerId',
  'consultationBookings.status',
  'consultationBookings.sequence',
  'consultationBookings.updatedAt',
  'consultationSlots.startsAt',
  'consultationSlots.endsAt',
  'consultationSlots.timeZone',
  'consultationSlots.location',
  'consultationSlots.hostId',
  'trainers.name as trainerName',
  'trainers.email as trainerEmail',
  'hosts.name as hostName',
  'hosts.email as hostEmail',
] as const;

function bookings(db: Executor) {
  return db
    .selectFrom('consultationBookings')
    .innerJoin('consultationSlots', 'consultationSlots.id', 'consultationBookings.slotId')
    .innerJoin('trainers', 'trainers.id', 'consultationBookings.trainerId')
    .innerJoin('users as hosts', 'hosts.id', 'consultationSlots.hostId')
    .select(BOOKING_COLUMNS);
}
export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

export function findBooking(db: Executor, id: number) {
  return bookings(db).where('consultationBookings.id', '=', id).executeTakeFirst();
}

export function listTrainerBookings(db: Db, trainerId: number, since: Date) {
  return bookings(db)
    .where('consultationBookings.trainerId', '=', trainerId)
    .where('consultationBookings.status', '=', 'booked')
    .where('consultationSlots.endsAt', '>', since)
    .orderBy('consultationSlots.startsAt')
    .execute();
}

export async function insertSlots(trx: Trx, slots: Insertable<ConsultationSlotsTable>[]) {
  return trx.insertInto('consultationSlots').values(slots).returning('id').execute();
}

function slots(db: Executor) {
  return db
    .selectFrom('consultationSlots')
    .innerJoin('users as hosts', 'hosts.id', 'consultationSlots.hostId')
    .leftJoin('consultationBookings', (join) =>
      join
        .onRef('consultationBookings.slotId', '=', 'consultationSlots.id')
        .on('consultationBookings.status', '=', 'booked'),
    )
    .select([
      'consultationSlots.id',
      'consultationSlots.startsAt',
      'consultationSlots.endsAt',
      'consultationSlots.timeZone',
      'consultationSlots.location',
      'hosts.name as hostName',
      'consultationBookings.id as bookingId',
    ]);
}

export function listSlots(db: Db, from: Date, to: Date) {
  return slots(db)
    .where('consultationSlots.startsAt', '<', to)
    .where('consultationSlots.endsAt', '>', from)
    .orderBy('consultationSlots.startsAt')
    .execute();
}

export function listOpenSlots(db: Db, after: Date) {
  return slots(db)
    .where('consultationSlots.startsAt', '>', after)
    .where('consultationBookings.id', 'is', null)
    .orderBy('consultationSlots.startsAt')
    .limit(200)
    .execute();
}

/** Locks a slot and says whether a booking holds it: two trainers taking it are served one after the other. */
export async function lockSlot(trx: Trx, id: number) {
  const slot = await trx
    .selectFrom('consultationSlots')
    .select(['id', 'startsAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!slot) return undefined;
  const holder = await trx
    .selectFrom('consultationBookings')
    .select('id')
    .where('slotId', '=', id)
    .where('status', '=', 'booked')
    .executeTakeFirst();
  return { ...slot, bookingId: holder?.id ?? null };
}

export async function insertBooking(trx: Trx, slotId: number, trainerId: number, at: Date) {
  const row = await trx
    .insertInto('consultationBookings')
    .values({ slotId, trainerId, bookedAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function lockBooking(trx: Trx, id: number) {
  return trx
    .selectFrom('consultationBookings')
    .select(['id', 'slotId', 'trainerId', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves a booking to another slot: a new reminder is due for the new time. */
export async function moveBookingRow(trx: Trx, id: number, slotId: number, now: Date) {
  await trx
    .updateTable('consultationBookings')
    .set((eb) => ({ slotId, reminderSentAt: null, sequence: eb('sequence', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .execute();
}

export async function cancelBookingRow(trx: Trx, id: number, now: Date) {
  await trx
    .updateTable('consultationBookings')
    .set((eb) => ({ status: 'cancelled', sequence: eb('sequence', '+', 1), updatedAt: now }))
    .where('id', '=', id)
    .execute();
}

export async function deleteOpenSlot(trx: Trx, id: number) {
  await trx.deleteFrom('consultationSlots').where('id', '=', id).execute();
}

/** Bookings whose consultation starts within the reminder window and that have had no reminder yet. */
export async function listBookingsToRemind(db: Db, now: Date, until: Date) {
  const rows = await db
    .selectFrom('consultationBookings')
    .innerJoin('consultationSlots', 'consultationSlots.id', 'consultationBookings.slotId')
    .select('consultationBookings.id')
    .where('consultationBookings.status', '=', 'booked')
    .where('consultationBookings.reminderSentAt', 'is', null)
    .where('consultationSlots.startsAt', '>', now)
    .where('consultationSlots.startsAt', '<=', until)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes a booking's reminder: true for exactly one caller, however many rounds or instances ask. */
export async function claimReminder(trx: Trx, id: number, now: Date) {
  const row = await trx
    .updateTable('consultationBookings')
    .set({ reminderSentAt: now })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .where('reminderSentAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// Group events ---------------------------------------------------------------------------------------------------

const EVENT_COLUMNS = [
  'id',
  'title',
  'startsAt',
  'endsAt',
  'timeZone',
  'location',
  'description',
  'createdAt',
] as const;
export type GroupEventRow = Awaited<ReturnType<typeof listGroupEvents>>[number];

export async function insertGroupEvent(db: Executor, values: Insertable<GroupEventsTable>) {
  const row = await db.insertInto('groupEvents').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findGroupEvent(db: Executor, id: number) {
  return db.selectFrom('groupEvents').select(EVENT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listGroupEvents(db: Db, from: Date, to: Date) {
  return db
    .selectFrom('groupEvents')
    .select(EVENT_COLUMNS)
    .where('startsAt', '<', to)
    .where('endsAt', '>', from)
    .orderBy('startsAt')
    .execute();
}

export async function deleteGroupEvent(db: Db, id: number) {
  const result = await db.deleteFrom('groupEvents').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// The admin's private feed ---------------------------------------------------------------------------------------

export function findFeed(db: Db, userId: number) {
  return db
    .selectFrom('adminCalendarFeeds')
    .select('createdAt')
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function upsertFeed(db: Db, userId: number, tokenHash: string, now: Date) {
  await db
    .insertInto('adminCalendarFeeds')
    .values({ userId, tokenHash, createdAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ tokenHash, createdAt: now }))
    .execute();
}

export async function deleteFeed(db: Db, userId: number) {
  await db.deleteFrom('adminCalendarFeeds').where('userId', '=', userId).execute();
}

/** The feed's owner, while they are still an administrator (a removed admin's address stops working). */
export function findFeedOwner(db: Db, tokenHash: string) {
  return db
    .selectFrom('adminCalendarFeeds')
    .innerJoin('userRoles', 'userRoles.userId', 'adminCalendarFeeds.userId')
    .select('adminCalendarFeeds.userId')
    .where('adminCalendarFeeds.tokenHash', '=', tokenHash)
    .where('userRoles.role', '=', 'admin')
    .executeTakeFirst();
}

/** Every admin's address, for the booking e-mails (the host is told; the others see it on the calendar). */
export function findUserContact(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
}
