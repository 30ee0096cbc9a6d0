import {
  type ConsultationBooking,
  type ConsultationSlot,
  type consultationSlotsInputSchema,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { ScheduledJob } from '../../lib/scheduler';
import type { MailMessage } from '../mail/mailer';
import { deliverMail, queueMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import { trainerToNotify } from '../notifications/service';
import { bookingEvent, invite, timedFields, toBooking, whenText } from './format';
import {
  type BookingRow,
  cancelBookingRow,
  claimReminder,
  deleteOpenSlot,
  findBooking,
  insertBooking,
  insertSlots,
  listBookingsToRemind,
  listSlots,
  lockBooking,
  lockSlot,
  moveBookingRow,
} from './repository';
import { sendSessionReminders } from './sessions';

type SlotsInput = z.output<typeof consultationSlotsInputSchema>;
export const SLOT_NOT_FOUND = 'Consultation slot not found';
export const BOOKING_NOT_FOUND = 'Booking not found';
/** The reminder goes this long before a consultation (at the first scheduled round inside the window). */
export const CONSULTATION_REMINDER_HOURS = 24;

const started = (startsAt: Date, now: Date) => startsAt.getTime() <= now.getTime();
const inThePast = () => badRequest('in_the_past', 'This consultation has begun or is over.');

/** An admin publishes `count` consecutive slots of `minutes` each, which they will host. */
export async function publishSlots(
  deps: AppDeps,
  hostId: number,
  input: SlotsInput,
): Promise<ConsultationSlot[]> {
  const first = zonedTimeToInstant(input.date, input.startTime, input.timeZone);
  if (started(first, deps.clock.now())) {
    throw badRequest('in_the_past', 'Please choose a time in the future.', { startTime: 'In the past' });
  }
  const length = input.minutes * 60_000;
  const values = Array.from({ length: input.count }, (_, i) => ({
    hostId,
    startsAt: new Date(first.getTime() + i * length),
    endsAt: new Date(first.getTime() + (i + 1) * length),
    timeZone: input.timeZone,
    location: input.location,
  }));
  const ids = await deps.db.transaction().execute((trx) => insertSlots(trx, values));
  const made = new Set(ids.map((r) => r.id));
  const rows = await listSlots(deps.db, first, new Date(first.getTime() + input.count * length));
  return rows.filter((r) => made.has(r.id)).map((r) => ({ ...toSlot(r), booking: null }));
}

export function toSlot(row: Awaited<ReturnType<typeof listSlots>>[number]) {
  return { id: row.id, ...timedFields(row), location: row.location, hostName: row.hostName };
}

/** An admin withdraws a slot nobody holds; a booked one must be cancelled (or moved) first, which tells the trainer. */
export async function withdrawSlot(deps: AppDeps, slotId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const slot = await lockSlot(trx, slotId);
    if (!slot) throw notFound(SLOT_NOT_FOUND);
    if (slot.bookingId !== null)
      throw new AppError(
        409,
        'slot_booked',
        'A trainer has booked this slot: cancel or move the booking first.',
      );
    await deleteOpenSlot(trx, slotId);
  });
}

/** The free slot to book or move to, locked in the caller's transaction. */
async function takeFreeSlot(trx: Trx, slotId: number, now: Date) {
  const slot = await lockSlot(trx, slotId);
  if (!slot) throw notFound(SLOT_NOT_FOUND);
  if (started(slot.startsAt, now)) throw badRequest('in_the_past', 'This slot has already begun.');
  if (slot.bookingId !== null) throw new AppError(409, 'slot_taken', 'Someone has just booked this slot.');
  return slot;
}

type BookingChange = 'booked' | 'moved' | 'cancelled';

/** The trainer and the host each get the invite (or its update, or its cancellation). */
function bookingMails(deps: AppDeps, row: BookingRow, change: BookingChange, by: string): MailMessage[] {
  const event = bookingEvent(deps.config, row);
  const subject = {
    booked: 'Consultation booked',
    moved: 'Consultation moved',
    cancelled: 'Consultation cancelled',
  }[change];
  const line = {
    booked: `${by} booked a consultation: ${whenText(row)}.`,
    moved: `${by} moved the consultation to ${whenText(row)}.`,
    cancelled: `${by} cancelled the consultation of ${whenText(row)}.`,
  }[change];
  const people = [
    { email: row.trainerEmail, name: row.trainerName, url: '/trainer-portal/calendar' },
    { email: row.hostEmail, name: row.hostName, url: '/admin/calendar' },
  ];
  return people.map((person) =>
    noticeEmail({
      to: person.email,
      name: person.name,
      subject: `${subject}: ${row.trainerName} with ${row.hostName}`,
      paragraphs: [
        line,
        ...(change === 'cancelled' ? [] : [`Where: ${row.location}`]),
        change === 'cancelled'
          ? 'The attached update removes it from your calendar.'
          : 'The attached invite puts it in your calendar; a reminder comes the day before.',
      ],
      action: { label: 'Open the calendar', url: `${deps.config.appUrl}${person.url}` },
      attachments: invite(event.title, event, change === 'cancelled' ? 'CANCEL' : 'REQUEST'),
    }),
  );
}

async function mailAndAnswer(deps: AppDeps, bookingId: number, mailIds: number[]) {
  await deliverMail(deps, mailIds);
  const row = await findBooking(deps.db, bookingId);
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return toBooking(row);
}

/**
 * A trainer books a free slot. The slot row is locked while it is checked, and the database holds one booking per
 * slot at most, so of two trainers racing for it one books and the other is told it is taken.
 */
export async function bookSlot(
  deps: AppDeps,
  slotId: number,
  trainer: { id: number; name: string },
): Promise<ConsultationBooking> {
  const { id, mailIds } = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await takeFreeSlot(trx, slotId, now);
    const bookingId = await insertBooking(trx, slotId, trainer.id, now);
    const row = (await findBooking(trx, bookingId)) as BookingRow;
    return {
      id: bookingId,
      mailIds: await queueMail(trx, now, ...bookingMails(deps, row, 'booked', trainer.name)),
    };
  });
  return mailAndAnswer(deps, id, mailIds);
}

/** The booking, locked; the caller has checked who may change it. */
async function openBooking(trx: Trx, bookingId: number, now: Date) {
  const booking = await lockBooking(trx, bookingId);
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  if (booking.status === 'cancelled')
    throw new AppError(409, 'booking_cancelled', 'This consultation was already cancelled.');
  const current = (await findBooking(trx, bookingId)) as BookingRow;
  if (started(current.startsAt, now)) throw inThePast();
  return current;
}

/** Who a booking belongs to: its trainer or any admin may move or cancel it. */
export async function bookingOwner(deps: AppDeps, bookingId: number): Promise<number> {
  const row = await findBooking(deps.db, bookingId);
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return row.trainerId;
}

/** The trainer or an admin moves a booking to another free slot; both get the updated invite. */
export async function moveBooking(
  deps: AppDeps,
  bookingId: number,
  toSlotId: number,
  by: string,
): Promise<ConsultationBooking> {
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const current = await openBooking(trx, bookingId, now);
    if (current.slotId === toSlotId)
      throw badRequest('nothing_to_change', 'The booking is already at that time.');
    await takeFreeSlot(trx, toSlotId, now);
    await moveBookingRow(trx, bookingId, toSlotId, now);
    const row = (await findBooking(trx, bookingId)) as BookingRow;
    return queueMail(trx, now, ...bookingMails(deps, row, 'moved', by));
  });
  return mailAndAnswer(deps, bookingId, mailIds);
}

/** The trainer or an admin cancels a booking before it begins; the slot is free again, both are told. */
export async function cancelBooking(
  deps: AppDeps,
  bookingId: number,
  by: string,
): Promise<ConsultationBooking> {
  const mailIds = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await openBooking(trx, bookingId, now);
    await cancelBookingRow(trx, bookingId, now);
    const row = (await findBooking(trx, bookingId)) as BookingRow;
    return queueMail(trx, now, ...bookingMails(deps, row, 'cancelled', by));
  });
  return mailAndAnswer(deps, bookingId, mailIds);
}

/** The host is always reminded; the trainer unless they turned reminders off (their notification choices). */
function reminderMails(deps: AppDeps, row: BookingRow, remindTrainer: boolean): MailMessage[] {
  const people = [
    ...(remindTrainer ? [{ email: row.trainerEmail, name: row.trainerName, other: row.hostName }] : []),
    { email: row.hostEmail, name: row.hostName, other: row.trainerName },
  ];
  return people.map((p) =>
    noticeEmail({
      to: p.email,
      name: p.name,
      subject: `Reminder: consultation with ${p.other}`,
      paragraphs: [`Your consultation with ${p.other} is ${whenText(row)}.`, `Where: ${row.location}`],
      action: { label: 'Open the calendar', url: `${deps.config.appUrl}/trainer-portal/calendar` },
    }),
  );
}

/**
 * Reminds the trainer and the host of each consultation starting within CONSULTATION_REMINDER_HOURS. Each booking's
 * reminder is claimed in the transaction that queues its mail, so it goes exactly once, whatever the rounds,
 * instances or retries; a moved booking is reminded again for its new time.
 */
export async function sendConsultationReminders(deps: AppDeps, now: Date) {
  const until = new Date(now.getTime() + CONSULTATION_REMINDER_HOURS * 3_600_000);
  let sent = 0;
  for (const id of await listBookingsToRemind(deps.db, now, until)) {
    const mailIds = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimReminder(trx, id, now))) return [];
      const row = (await findBooking(trx, id)) as BookingRow;
      const remindTrainer = (await trainerToNotify(trx, row.trainerId, 'reminders')) !== undefined;
      return queueMail(trx, now, ...reminderMails(deps, row, remindTrainer));
    });
    if (mailIds.length) sent += 1;
    await deliverMail(deps, mailIds);
  }
  return { reminded: sent };
}

export function calendarJobs(deps: AppDeps): ScheduledJob[] {
  return [
    {
      name: 'calendar:consultation-reminders',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => sendConsultationReminders(deps, now),
    },
    {
      name: 'calendar:session-reminders',
      everyMs: deps.config.jobsEveryMs,
      run: (now) => sendSessionReminders(deps, now),
    },
  ];
}
