import { z } from 'zod';
import { isValidTimeZone } from './class-time';
import { isCalendarDay } from './plain-format';
import { optionalText } from './trainers';

/**
 * The admin Calendar (issue 26, part 5): Train the Trainer sessions, consultation slots and bookings, group events,
 * and other dated items (renewals, insurance expiries) that other modules put on it. Times are entered as a
 * wall-clock date and time in a named zone and stored as UTC instants with that zone.
 */

const time24 = /^([01]\d|2[0-3]):[0-5]\d$/;
export const calendarDaySchema = z
  .string({ error: 'Date is required' })
  .trim()
  .refine((v) => isCalendarDay(v), { error: 'Date is required' });
const clockTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(time24, { error: `${label} is required` });
const timeZone = z.string().refine(isValidTimeZone, { error: 'Unknown time zone' });
const title = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(120, { error: `${label} must be at most 120 characters` });
const place = z
  .string({ error: 'Place is required' })
  .trim()
  .min(1, { error: 'Place is required' })
  .max(200, { error: 'Place must be at most 200 characters' });

/** A timed entry as the admin types it; the end is on the same day, after the start. */
const timedInput = {
  date: calendarDaySchema,
  startTime: clockTime('Start time'),
  endTime: clockTime('End time'),
  timeZone,
};
const endAfterStart = (v: { startTime: string; endTime: string }) => v.endTime > v.startTime;
const END_AFTER_START = { error: 'The end must be after the start', path: ['endTime'] };

export const MAX_SESSION_CAPACITY = 500;

export const trainingSessionInputSchema = z
  .strictObject({
    title: title('Title').default('Train the Trainer'),
    ...timedInput,
    location: place,
    description: optionalText(2000, 'Description'),
    capacity: z.coerce
      .number({ error: 'Capacity must be a number' })
      .int({ error: 'Capacity must be a whole number' })
      .min(1, { error: 'Capacity must be at least 1' })
      .max(MAX_SESSION_CAPACITY, { error: `Capacity must be at most ${MAX_SESSION_CAPACITY}` }),
  })
  .refine(endAfterStart, END_AFTER_START);
export type TrainingSessionInput = z.input<typeof trainingSessionInputSchema>;

export const groupEventInputSchema = z
  .strictObject({
    title: title('Title'),
    ...timedInput,
    location: place,
    description: optionalText(2000, 'Description'),
  })
  .refine(endAfterStart, END_AFTER_START);
export type GroupEventInput = z.input<typeof groupEventInputSchema>;

export const SLOT_MINUTES = [15, 30, 45, 60, 90] as const;
export const MAX_SLOTS_AT_ONCE = 16;

/** Consecutive consultation slots from a start time: `count` slots of `minutes` each, on one day. */
export const consultationSlotsInputSchema = z
  .strictObject({
    date: calendarDaySchema,
    startTime: clockTime('Start time'),
    timeZone,
    minutes: z.coerce.number().refine((m) => (SLOT_MINUTES as readonly number[]).includes(m), {
      error: `A slot lasts ${SLOT_MINUTES.join(', ')} minutes`,
    }),
    count: z.coerce
      .number({ error: 'Number of slots must be a number' })
      .int()
      .min(1, { error: 'Publish at least one slot' })
      .max(MAX_SLOTS_AT_ONCE, { error: `At most ${MAX_SLOTS_AT_ONCE} slots at once` }),
    /** Where the consultation happens: a video link, a phone number, a room. */
    location: place.default('Video call (the link comes by e-mail)'),
  })
  .refine(
    (v) => {
      const [h = 0, m = 0] = v.startTime.split(':').map(Number);
      return h * 60 + m + v.minutes * v.count <= 24 * 60;
    },
    { error: 'The slots must end the same day', path: ['count'] },
  );
export type ConsultationSlotsInput = z.input<typeof consultationSlotsInputSchema>;

export const moveBookingInputSchema = z.strictObject({ slotId: z.number().int().positive() });
export const attendanceInputSchema = z.strictObject({ attended: z.boolean() });

/** When an entry happens, in its own zone: what every calendar entry shares. */
const timed = {
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  /** 'YYYY-MM-DD' in the entry's zone. */
  date: z.string(),
  /** '2:00 PM - 4:00 PM' in the entry's zone. */
  time: z.string(),
};

export const sessionRegistrantSchema = z.object({
  trainerId: z.number(),
  name: z.string(),
  email: z.string(),
  registeredAt: z.string(),
  attended: z.boolean(),
});

export const trainingSessionSchema = z.object({
  id: z.number(),
  title: z.string(),
  ...timed,
  location: z.string(),
  description: z.string().nullable(),
  capacity: z.number(),
  registeredCount: z.number(),
  seatsLeft: z.number(),
  status: z.enum(['scheduled', 'cancelled']),
});
export type TrainingSession = z.output<typeof trainingSessionSchema>;

export const trainingSessionDetailSchema = trainingSessionSchema.extend({
  registrants: z.array(sessionRegistrantSchema),
});
export type TrainingSessionDetail = z.output<typeof trainingSessionDetailSchema>;

export const BOOKING_STATUSES = ['booked', 'cancelled'] as const;

export const consultationBookingSchema = z.object({
  id: z.number(),
  slotId: z.number(),
  trainerId: z.number(),
  trainerName: z.string(),
  ...timed,
  location: z.string(),
  status: z.enum(BOOKING_STATUSES),
});
export type ConsultationBooking = z.output<typeof consultationBookingSchema>;

export const consultationSlotSchema = z.object({
  id: z.number(),
  ...timed,
  location: z.string(),
  /** The admin who holds the consultation. */
  hostName: z.string(),
  /** The booking holding it, for admins; trainers only see whether it is taken. */
  booking: consultationBookingSchema.nullable(),
});
export type ConsultationSlot = z.output<typeof consultationSlotSchema>;

export const groupEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  ...timed,
  location: z.string(),
  description: z.string().nullable(),
});
export type GroupEvent = z.output<typeof groupEventSchema>;

/**
 * A whole-day item another module puts on the admin Calendar as it falls (the certification record's renewal
 * dates, insurance expiries). The calendar module lists them from its registered sources; it stores none.
 */
export const DATED_ITEM_KINDS = ['certification_renewal', 'insurance_expiry'] as const;
export const datedItemSchema = z.object({
  kind: z.enum(DATED_ITEM_KINDS),
  /** 'YYYY-MM-DD'. */
  date: z.string(),
  title: z.string(),
  trainerId: z.number().nullable(),
  /** A screen of the app where the item is dealt with (e.g. the trainer's admin page). */
  href: z.string().nullable(),
});
export type DatedItem = z.output<typeof datedItemSchema>;

/**
 * GET /api/admin/calendar?from=&to=: everything between two days (inclusive), each kind in its own list; without
 * a range, the current month of the app's clock.
 */
export const adminCalendarQuerySchema = z
  .strictObject({ from: calendarDaySchema.optional(), to: calendarDaySchema.optional() })
  .refine((v) => (v.from === undefined) === (v.to === undefined), {
    error: 'Give both ends of the range, or neither',
    path: ['to'],
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'The range must end after it starts',
    path: ['to'],
  })
  .refine((v) => !v.from || !v.to || Date.parse(v.to) - Date.parse(v.from) <= 62 * 86_400_000, {
    error: 'At most two months at once',
    path: ['to'],
  });
export const adminCalendarSchema = z.object({
  sessions: z.array(trainingSessionSchema),
  slots: z.array(consultationSlotSchema),
  events: z.array(groupEventSchema),
  otherItems: z.array(datedItemSchema),
});
export type AdminCalendar = z.output<typeof adminCalendarSchema>;

/** GET /api/trainer-calendar: what a trainer can book or register for, and what they hold. */
export const trainerSessionSchema = trainingSessionSchema.extend({
  registered: z.boolean(),
  attended: z.boolean(),
});
export type TrainerSession = z.output<typeof trainerSessionSchema>;
export const trainerCalendarSchema = z.object({
  sessions: z.array(trainerSessionSchema),
  openSlots: z.array(consultationSlotSchema.omit({ booking: true })),
  bookings: z.array(consultationBookingSchema),
});
export type TrainerCalendar = z.output<typeof trainerCalendarSchema>;

/** The admin's private feed: the secret address, shown once when made (only its hash is kept). */
export const adminFeedSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export const adminFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export const feedTokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
