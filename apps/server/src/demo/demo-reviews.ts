import { classInputSchema, instantToZonedTime } from '@soulpunch/shared';
import type { AppDeps } from '../deps';
import { DAY_MS, manualClock } from '../lib/clock';
import { classTimeZoneFor, createClass, registerForClass } from '../modules/classes/service';
import type { Mailer } from '../modules/mail/mailer';
import {
  listTrainerReviews,
  moderateReview,
  sendReviewLinks,
  setFeatured,
  submitReview,
} from '../modules/reviews/service';
import type { LoadedDemoTrainer } from './demo-stories';

/** The demo's past e-mails reach no outbox (as in demo-stories.ts). */
const pastMailer: Mailer = { kind: 'outbox', send: async () => {}, close: async () => {} };

interface DemoReview {
  stars: number;
  comment: string | null;
  featured?: boolean;
  /** Hidden by the demo admin, with this reason. */
  hidden?: string;
}

/**
 * Who has reviews, told through the classes and reviews modules: a past class, its registrants, the scheduled
 * round that sends their links when it ends, and the reviews sent through those links. Three or more visible
 * reviews show stars; Monique Perry's two do not. Sofia Mitchell (used by e2e/tests/reviews.spec.ts alone) also
 * taught a class that ended an hour before the demo loaded: its links go out at load, to the mailbox.
 */
const DEMO_REVIEWS: Record<string, DemoReview[]> = {
  'jordan.wood@example.com': [
    { stars: 5, comment: 'Practical, calm and encouraging. I left feeling ready.', featured: true },
    { stars: 5, comment: 'The awareness drills changed how I walk to my car.', featured: true },
    { stars: 4, comment: null },
    { stars: 4, comment: 'Great class; I wish it had been longer.' },
  ],
  'taylor.wood@example.com': [
    { stars: 5, comment: 'My daughter and I both loved it.', featured: true },
    { stars: 4, comment: null },
    { stars: 4, comment: 'Clear instructions and lots of practice.' },
  ],
  'monique.perry@example.com': [
    { stars: 5, comment: 'Friendly and very knowledgeable.' },
    { stars: 4, comment: null },
  ],
  'angela.campbell@example.com': [
    { stars: 5, comment: 'Worth every minute.', featured: true },
    { stars: 5, comment: null },
    { stars: 4, comment: 'Good pace for beginners.' },
    { stars: 4, comment: null },
    {
      stars: 1,
      comment: 'Call me at 555-0199 for a better class!',
      hidden: 'Advertising and a phone number',
    },
  ],
  'sofia.mitchell@example.com': [
    { stars: 5, comment: 'Empowering. Everyone should take this.', featured: true },
    { stars: 5, comment: null },
    { stars: 4, comment: 'Learned a lot in two hours.' },
  ],
};
export const DEMO_RECENT_CLASS_TRAINER = 'sofia.mitchell@example.com';
/** The registrants of that recent class, whose links the mailbox shows. */
export const DEMO_RECENT_CLASS_STUDENTS = [
  { name: 'Robin Ellis', email: 'robin.ellis@example.com' },
  { name: 'Casey Young', email: 'casey.young@example.com' },
];

const STUDENT_FIRST_NAMES = ['Ava', 'Lena', 'Grace', 'Nora', 'Ruth', 'Iris', 'Maya', 'Zoe'];
const HOUR_MS = 60 * 60 * 1000;

/** A class of the trainer's at `startsAt` (on the hour), made on a clock a week before it, as a trainer would. */
async function pastClass(deps: AppDeps, loaded: LoadedDemoTrainer, startsAt: Date) {
  const clock = deps.clock as ReturnType<typeof manualClock>;
  clock.set(new Date(startsAt.getTime() - 7 * DAY_MS));
  const location = `Community Center, ${loaded.trainer.city}, ${loaded.trainer.state}`;
  // The wall-clock day and hours of `startsAt` in the zone of the class's place.
  const { timeZone } = await classTimeZoneFor(deps.db, loaded.trainerId, { location });
  const start = instantToZonedTime(startsAt, timeZone);
  const end = instantToZonedTime(new Date(startsAt.getTime() + 2 * HOUR_MS), timeZone);
  const input = classInputSchema.parse({
    title: 'Self-Defense Fundamentals',
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    timeZone,
    location,
  });
  return createClass(deps.db, loaded.trainerId, input, clock.now());
}

/** Registers people for a class, a day before it starts, each from a documentation address (RFC 5737). */
async function registerStudents(
  deps: AppDeps,
  classId: number,
  startsAt: Date,
  students: Array<{ name: string; email: string }>,
) {
  const clock = deps.clock as ReturnType<typeof manualClock>;
  clock.set(new Date(startsAt.getTime() - DAY_MS));
  for (const [i, student] of students.entries()) {
    await registerForClass(deps, classId, student, `192.0.2.${100 + i}`);
  }
}

/** The review links' e-mails of the demo's past, read back from the mail queue as a student reads their inbox. */
async function reviewTokenFor(deps: AppDeps, email: string): Promise<string> {
  const mail = await deps.db
    .selectFrom('mailQueue')
    .select('textBody')
    .where('toAddress', '=', email)
    .where('subject', 'like', 'How was%')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = mail.textBody.match(/\/public\/review\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`demo: no review link for ${email}`);
  return token;
}

export async function tellReviewStories(
  deps: AppDeps,
  trainers: LoadedDemoTrainer[],
  adminUserId: number,
): Promise<void> {
  const now = deps.clock.now();
  const clock = manualClock(now);
  const past: AppDeps = { ...deps, clock, mailer: pastMailer };
  const lastHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  let told = 0;
  for (const loaded of trainers) {
    const reviews = DEMO_REVIEWS[loaded.trainer.email];
    if (!reviews) continue;
    // Days apart, all within the last two weeks (the public calendar feed shows the last 30 days).
    const startsAt = new Date(lastHour - (4 + 2 * told++) * DAY_MS);
    const made = await pastClass(past, loaded, startsAt);
    const students = reviews.map((_, i) => ({
      name: `${STUDENT_FIRST_NAMES[i % STUDENT_FIRST_NAMES.length]} ${loaded.trainer.name.split(' ')[1]?.[0] ?? 'S'}.`,
      email: `student${i + 1}.${loaded.trainer.email}`,
    }));
    await registerStudents(past, made.id, startsAt, students);
    clock.set(new Date(Date.parse(made.end) + HOUR_MS));
    await sendReviewLinks(past, clock.now());
    for (const [i, review] of reviews.entries()) {
      clock.advance(3 * HOUR_MS);
      const token = await reviewTokenFor(past, students[i]?.email as string);
      await submitReview(past, { token, stars: review.stars, comment: review.comment }, '192.0.2.50');
    }
    await featureAndHide(past, loaded.trainerId, reviews, adminUserId);

    if (loaded.trainer.email === DEMO_RECENT_CLASS_TRAINER) {
      // Ended an hour before the demo loaded: the round at load sends these links (loadDemoDataIfEmpty).
      const recent = await pastClass(past, loaded, new Date(lastHour - 3 * HOUR_MS));
      await registerStudents(past, recent.id, new Date(lastHour - 3 * HOUR_MS), DEMO_RECENT_CLASS_STUDENTS);
    }
  }
  clock.set(now);
}

async function featureAndHide(deps: AppDeps, trainerId: number, reviews: DemoReview[], adminUserId: number) {
  // Newest first, as the trainer's list shows them.
  const stored = (await listTrainerReviews(deps.db, trainerId)).reviews.slice().reverse();
  for (const [i, review] of reviews.entries()) {
    const id = stored[i]?.id as number;
    if (review.featured) await setFeatured(deps, trainerId, id, true);
    if (review.hidden) await moderateReview(deps, adminUserId, id, 'hidden', review.hidden);
  }
}
