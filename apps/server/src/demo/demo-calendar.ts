import {
  consultationSlotsInputSchema,
  DEFAULT_TIME_ZONE,
  groupEventInputSchema,
  instantToZonedTime,
  trainingSessionInputSchema,
} from '@soulpunch/shared';
import type { AppDeps } from '../deps';
import { DAY_MS, manualClock } from '../lib/clock';
import { bookSlot, publishSlots } from '../modules/calendar/consultations';
import { createGroupEvent } from '../modules/calendar/service';
import { createSession, registerForSession } from '../modules/calendar/sessions';
import type { Mailer } from '../modules/mail/mailer';
import type { LoadedDemoTrainer } from './demo-stories';

/** The demo's past e-mails reach no outbox (as in demo-stories.ts): the invites were sent before it began. */
const pastMailer: Mailer = { kind: 'outbox', send: async () => {}, close: async () => {} };

/**
 * What the admin Calendar holds when the demo loads, dated from that day (headquarters' zone, Central): two Train
 * the Trainer sessions ahead with trainers registered, consultation slots the demo admin published (some booked
 * by trainers), and a group event. The trainers are paid and waiting on their documents (in training), and none
 * is one a browser test uses (e2e/tests/progress.spec.ts lists those). Registrations and bookings were made a
 * few days before loading, through the calendar's own rules.
 */
const SESSIONS = [
  {
    inDays: 10,
    capacity: 12,
    description: 'Three days in person: the curriculum, teaching practice and the certification assessment.',
    registered: ['priya.perry@example.com', 'olivia.sanders@example.com', 'angela.jenkins@example.com'],
  },
  {
    inDays: 38,
    capacity: 16,
    description: 'The next cohort: bring comfortable clothes and your workbook.',
    registered: ['keisha.henderson@example.com', 'vanessa.mitchell@example.com'],
  },
] as const;
/** Two mornings of half-hour slots; the first two of the first morning are booked. */
const SLOT_DAYS = [5, 12] as const;
const BOOKED_BY = ['luis.rivera@example.com', 'maria.johnson@example.com'] as const;
const EVENT_IN_DAYS = 21;

/** The day `days` after `today` ('YYYY-MM-DD'). */
const dayAfter = (today: string, days: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export async function tellCalendarStories(
  deps: AppDeps,
  trainers: LoadedDemoTrainer[],
  adminUserId: number,
): Promise<void> {
  const now = deps.clock.now();
  const clock = manualClock(new Date(now.getTime() - 3 * DAY_MS));
  const past: AppDeps = { ...deps, clock, mailer: pastMailer };
  const today = instantToZonedTime(now, DEFAULT_TIME_ZONE).date;
  const who = (email: string) => {
    const found = trainers.find((t) => t.trainer.email === email);
    if (!found) throw new Error(`demo: no trainer ${email} for the calendar`);
    return { id: found.trainerId, name: found.trainer.name, email: found.trainer.email };
  };
  const timeZone = DEFAULT_TIME_ZONE;

  for (const s of SESSIONS) {
    const input = trainingSessionInputSchema.parse({
      date: dayAfter(today, s.inDays),
      startTime: '09:00',
      endTime: '17:00',
      timeZone,
      location: 'Soul Punch HQ, 4500 S Harvard Ave, Tulsa, OK',
      description: s.description,
      capacity: s.capacity,
    });
    const session = await createSession(past, adminUserId, input);
    for (const email of s.registered) await registerForSession(past, session.id, who(email));
  }

  const slots = [];
  for (const inDays of SLOT_DAYS) {
    const input = consultationSlotsInputSchema.parse({
      date: dayAfter(today, inDays),
      startTime: '13:00',
      timeZone,
      minutes: 30,
      count: 4,
    });
    slots.push(...(await publishSlots(past, adminUserId, input)));
  }
  for (const [i, email] of BOOKED_BY.entries()) {
    const slot = slots[i];
    if (slot) await bookSlot(past, slot.id, who(email));
  }

  await createGroupEvent(
    past,
    adminUserId,
    groupEventInputSchema.parse({
      title: 'Trainer Community Meetup',
      date: dayAfter(today, EVENT_IN_DAYS),
      startTime: '18:00',
      endTime: '19:30',
      timeZone,
      location: 'Video call (the link is in the WhatsApp group)',
      description: 'Certified trainers share what worked in their classes this month. Everyone is welcome.',
    }),
  );
}
