import { z } from 'zod';
import { CLASS_LEVELS, CLASS_TYPES, DEFAULT_CLASS_CAPACITY, DEFAULT_CLASS_PRICE } from './class-basics';
import { isValidTimeZone } from './class-time';
import { publicClassSchema } from './directory';
import { isCalendarDay } from './plain-format';
import { optionalText, optionalUrl, trainerEmailSchema, trainerNameSchema } from './trainers';

export * from './class-basics';

export const classMessages = {
  titleRequired: 'Class title is required',
  dateRequired: 'Date is required',
  startTimeRequired: 'Start time is required',
  locationRequired: 'Location is required',
  inThePast: 'Please choose a start time in the future',
  added: 'Your new class has been added to the calendar.',
  addFailed: 'Failed to add class. Please try again.',
} as const;

const time24 = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A class as the trainer enters it: wall-clock date and times in the class's own time zone. */
export const classInputSchema = z.strictObject({
  title: z
    .string({ error: classMessages.titleRequired })
    .trim()
    .min(1, { error: classMessages.titleRequired })
    .max(120, { error: 'Class title must be at most 120 characters' }),
  date: z
    .string({ error: classMessages.dateRequired })
    .trim()
    .refine((v) => isCalendarDay(v), { error: classMessages.dateRequired }),
  startTime: z
    .string({ error: classMessages.startTimeRequired })
    .trim()
    .regex(time24, { error: classMessages.startTimeRequired }),
  /** Omitted: two hours after the start. Not after the start: the next day. */
  endTime: z
    .string()
    .trim()
    .regex(time24, { error: 'Please enter a valid end time' })
    .nullish()
    .transform((v) => v ?? null),
  /** An IANA zone; omitted, the zone of the class's place (else the trainer's city, else Central). */
  timeZone: z.string().refine(isValidTimeZone, { error: 'Unknown time zone' }).optional(),
  location: z
    .string({ error: classMessages.locationRequired })
    .trim()
    .min(1, { error: classMessages.locationRequired })
    .max(200, { error: 'Location must be at most 200 characters' }),
  address: optionalText(200, 'Address'),
  notes: optionalText(2000, 'Notes'),
  /** Dollars; 0 is a free class. */
  price: z.coerce
    .number({ error: 'Price must be a number' })
    .min(0, { error: 'Price cannot be negative' })
    .max(10_000)
    .default(DEFAULT_CLASS_PRICE),
  capacity: z.coerce
    .number({ error: 'Capacity must be a number' })
    .int()
    .min(1, { error: 'Capacity must be at least 1' })
    .max(1000)
    .default(DEFAULT_CLASS_CAPACITY),
  type: z.enum(CLASS_TYPES).default('group'),
  level: z.enum(CLASS_LEVELS).default('all-levels'),
  tags: z
    .array(z.string().trim().max(40))
    .max(10)
    .default([])
    .transform((tags) => [...new Set(tags.filter(Boolean))]),
  /** Omitted on creation: the trainer's basic class payment link. */
  paymentLink: optionalUrl.optional(),
});
export type ClassInput = z.input<typeof classInputSchema>;

export const registrationInputSchema = z.strictObject({ name: trainerNameSchema, email: trainerEmailSchema });

export const CLASS_STATUSES = ['scheduled', 'cancelled'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

/** A class as lists and pages show it. Dates and times are in the class's time zone. */
export const classSummarySchema = z.object({
  id: z.number(),
  trainerId: z.number(),
  /** The display name, else the full name. */
  trainerName: z.string(),
  /** The first word of the trainer's own name ('Carmen' for a trainer shown as 'Coach Carmen'). */
  trainerFirstName: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  /** 'YYYY-MM-DD' in the class's zone. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** '2:00 PM - 4:00 PM'. */
  time: z.string(),
  location: z.string(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  price: z.number(),
  /** '$75', or 'Free' when the price is 0. */
  priceLabel: z.string(),
  capacity: z.number(),
  spotsLeft: z.number(),
  registeredCount: z.number(),
  waitlistCount: z.number(),
  type: z.enum(CLASS_TYPES),
  level: z.enum(CLASS_LEVELS),
  tags: z.array(z.string()),
  paymentLink: z.string().nullable(),
  status: z.enum(CLASS_STATUSES),
});
export type ClassSummary = z.output<typeof classSummarySchema>;

export const registrationSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['registered', 'waitlisted', 'cancelled']),
  createdAt: z.string(),
});
export type Registration = z.output<typeof registrationSchema>;

/** POST /api/classes/{id}/registrations. */
export const registrationResultSchema = z.object({
  status: z.enum(['registered', 'waitlisted']),
  /** Place on the waitlist, 1 for the first; null when registered. */
  position: z.number().nullable(),
});

/** POST /api/registrations/cancel: the class the cancelled registration was for. */
export const registrationCancelledSchema = z.object({ classId: z.number() });

/** POST /api/registrations/cancel-link: what the cancel link's registration is now (its page offers only what can be done). */
export const cancelLinkStatusSchema = z.object({ status: registrationSchema.shape.status });

/** GET /api/classes/time-zone: the zone the server will give a class at this place. */
export const classTimeZoneSchema = z.object({
  timeZone: z.string(),
  /** 'place': the location or address names a known place; 'trainer': the trainer's own city; 'default': neither. */
  source: z.enum(['place', 'trainer', 'default']),
});

/** POST /api/trainers/{id}/classes/payment-link: how many upcoming classes took the profile's new link. */
export const paymentLinkAppliedSchema = z.object({ updated: z.number(), paymentLink: z.string().nullable() });

/** GET /api/trainer-profile (the prototype's calendar call): upcoming classes and the usual payment link. */
export const legacyClassesAnswerSchema = z.object({
  upcomingClasses: z.array(publicClassSchema),
  basicClassPaymentLink: z.string().nullable(),
});
/** POST /api/trainer-profile: the upcoming classes as saved. */
export const legacyClassesSavedSchema = legacyClassesAnswerSchema.pick({ upcomingClasses: true });

export const classQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  location: z.string().trim().max(100).optional(),
  type: z.enum(CLASS_TYPES).optional(),
  trainerId: z.coerce.number().int().positive().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
