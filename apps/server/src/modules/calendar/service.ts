import {
  type AdminCalendar,
  buildICalendar,
  type CalendarEvent,
  type GroupEvent,
  type groupEventInputSchema,
  type TrainerCalendar,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/app-error';
import { DAY_MS } from '../../lib/clock';
import { hashToken, newToken } from '../../lib/tokens';
import { toSlot } from './consultations';
import { listOtherDatedItems } from './dated-items';
import { bookingEvent, sessionEvent, timedFields, toBooking, toSession } from './format';
import {
  deleteFeed,
  deleteGroupEvent,
  findBooking,
  findFeed,
  findFeedOwner,
  findGroupEvent,
  type GroupEventRow,
  insertGroupEvent,
  listGroupEvents,
  listOpenSlots,
  listSessions,
  listSlots,
  listTrainerBookings,
  listUpcomingSessionsFor,
  upsertFeed,
} from './repository';
import { instantsOf } from './sessions';

export { bookingOwner, calendarJobs } from './consultations';

/** Items are kept in their own zones: the range is widened by a day each side and each item carries its own day. */
function rangeOf(from: string, to: string) {
  return { start: new Date(Date.parse(from) - DAY_MS), end: new Date(Date.parse(to) + 2 * DAY_MS) };
}

function toGroupEvent(row: GroupEventRow): GroupEvent {
  return {
    id: row.id,
    title: row.title,
    ...timedFields(row),
    location: row.location,
    description: row.description,
  };
}

/** GET /api/admin/calendar: sessions, slots with their bookings, group events and other modules' dated items. */
export async function adminCalendar(deps: AppDeps, from: string, to: string): Promise<AdminCalendar> {
  const { start, end } = rangeOf(from, to);
  const [sessions, slots, events, otherItems] = await Promise.all([
    listSessions(deps.db, start, end),
    listSlots(deps.db, start, end),
    listGroupEvents(deps.db, start, end),
    listOtherDatedItems(deps, from, to),
  ]);
  const bookings = await Promise.all(
    slots.map((s) => (s.bookingId === null ? null : findBooking(deps.db, s.bookingId))),
  );
  return {
    sessions: sessions.map(toSession),
    slots: slots.map((s, i) => {
      const booking = bookings[i];
      return { ...toSlot(s), booking: booking ? toBooking(booking) : null };
    }),
    events: events.map(toGroupEvent),
    otherItems,
  };
}

/** GET /api/trainer-calendar: upcoming sessions (and the trainer's own), free slots, the trainer's bookings. */
export async function trainerCalendar(deps: AppDeps, trainerId: number): Promise<TrainerCalendar> {
  const now = deps.clock.now();
  const [sessions, open, bookings] = await Promise.all([
    listUpcomingSessionsFor(deps.db, trainerId, now),
    listOpenSlots(deps.db, now),
    listTrainerBookings(deps.db, trainerId, now),
  ]);
  return {
    sessions: sessions.map((s) => ({
      ...toSession(s),
      registered: s.registeredAt !== null,
      attended: s.attendedAt !== null,
    })),
    openSlots: open.map(toSlot),
    bookings: bookings.map(toBooking),
  };
}

export async function createGroupEvent(
  deps: AppDeps,
  adminId: number,
  input: z.output<typeof groupEventInputSchema>,
): Promise<GroupEvent> {
  const id = await insertGroupEvent(deps.db, {
    title: input.title,
    ...instantsOf(input),
    location: input.location,
    description: input.description,
    createdBy: adminId,
    createdAt: deps.clock.now(),
  });
  const row = await findGroupEvent(deps.db, id);
  if (!row) throw notFound('Event not found');
  return toGroupEvent(row);
}

export async function removeGroupEvent(deps: AppDeps, id: number): Promise<void> {
  if (!(await deleteGroupEvent(deps.db, id))) throw notFound('Event not found');
}

// The admin's private feed --------------------------------------------------------------------------------------

export const feedPath = (token: string) => `/api/calendar/admin/${token}.ics`;

export async function feedState(deps: AppDeps, userId: number) {
  const feed = await findFeed(deps.db, userId);
  return { active: !!feed, createdAt: feed?.createdAt.toISOString() ?? null };
}

/** A new secret address (the old one stops working). Only its hash is kept: the address is shown this once. */
export async function renewFeed(deps: AppDeps, userId: number) {
  const token = newToken();
  const now = deps.clock.now();
  await upsertFeed(deps.db, userId, hashToken(deps.config.sessionSecret, token), now);
  return { url: `${deps.config.appUrl}${feedPath(token)}`, createdAt: now.toISOString() };
}

export async function revokeFeed(deps: AppDeps, userId: number) {
  await deleteFeed(deps.db, userId);
  return { active: false, createdAt: null };
}

/**
 * The feed behind a secret address: the whole calendar from a month ago to a year ahead (sessions, consultations
 * booked, group events). Unknown, revoked or no longer an admin's: 404, the same answer for each.
 */
export async function adminFeed(deps: AppDeps, token: string): Promise<string> {
  const owner = await findFeedOwner(deps.db, hashToken(deps.config.sessionSecret, token));
  if (!owner) throw notFound('This calendar address is not valid.');
  const now = deps.clock.now().getTime();
  const start = new Date(now - 30 * DAY_MS);
  const end = new Date(now + 366 * DAY_MS);
  const [sessions, slots, events] = await Promise.all([
    listSessions(deps.db, start, end),
    listSlots(deps.db, start, end),
    listGroupEvents(deps.db, start, end),
  ]);
  const booked = await Promise.all(
    slots.filter((s) => s.bookingId !== null).map((s) => findBooking(deps.db, s.bookingId as number)),
  );
  const host = new URL(deps.config.appUrl).hostname;
  const groupEvents: CalendarEvent[] = events.map((e) => ({
    uid: `group-event-${e.id}@${host}`,
    start: e.startsAt,
    end: e.endsAt,
    title: e.title,
    location: e.location,
    description: e.description,
    updatedAt: e.createdAt,
  }));
  return buildICalendar({
    name: 'Soul Punch admin calendar',
    events: [
      ...sessions.map((s) => sessionEvent(deps.config, s)),
      ...booked.flatMap((b) => (b ? [bookingEvent(deps.config, b)] : [])),
      ...groupEvents,
    ],
  });
}
