import {
  AVAILABILITY_OPTIONS,
  addYears,
  CERTIFICATION_DEFAULTS,
  CLASS_TYPE_PRESETS,
  type ClassLevel,
  type ClassType,
  classEndInstant,
  DEFAULT_CLASS_TITLE,
  EXPERIENCE_LEVELS,
  instantToZonedTime,
  type OnboardingStatus,
  type PaymentStatus,
  type PlanKey,
  SELF_MARKED_ONBOARDING_STEPS,
  SPECIALIZATION_PRESETS,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { Db } from '../db/database';
import type { NewTrainerProfile } from '../db/schema';
import type { Trx } from '../db/types';
import type { AppDeps } from '../deps';
import { geocodePlace } from '../lib/geocoder';
import { newCertificateNumber } from '../modules/certification/service';
import { sendReviewLinks } from '../modules/reviews/service';
import { DEMO_CITIES } from './cities';
import { tellCalendarStories } from './demo-calendar';
import { DEFAULT_DEMO_TRAINER_COUNT } from './demo-count';
import { stockDemoInventory, tellDemoShipments } from './demo-inventory';
import { tellReviewStories } from './demo-reviews';
import { type LoadedDemoTrainer, linkResourcesToGuides, tellDemoStories } from './demo-stories';

export const DEMO_ADMIN = { email: 'admin@soulpunch.example', name: 'Alex Morgan' };
export const DEMO_HEADQUARTERS = { email: 'jasmine.carter@soulpunch.example', name: 'Jasmine Carter' };

const FIRST_NAMES = [
  'Maria',
  'Keisha',
  'Emily',
  'Sofia',
  'Danielle',
  'Priya',
  'Rachel',
  'Monique',
  'Hannah',
  'Lauren',
  'Tamara',
  'Angela',
  'Vanessa',
  'Nicole',
  'Brianna',
  'Carmen',
  'Olivia',
  'Jessica',
  'Aaliyah',
  'Megan',
  'Rosa',
  'Tiffany',
  'Grace',
  'Marcus',
  'David',
  'Andre',
  'Luis',
  'Kevin',
  'Jordan',
  'Taylor',
];
const LAST_NAMES = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Martinez',
  'Williams',
  'Patel',
  'Thompson',
  'Robinson',
  'Lee',
  'Walker',
  'Hernandez',
  'Brooks',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Reyes',
  'Foster',
  'Coleman',
  'Hughes',
  'Sanders',
  'Price',
  'Bennett',
  'Wood',
  'Barnes',
  'Ross',
  'Henderson',
  'Jenkins',
  'Perry',
  'Powell',
  'Long',
  'Flores',
];
const BIO_OPENINGS = [
  'Former police officer teaching practical, confidence-first self-defense.',
  'Martial artist and mother of two who helps women feel safe wherever they go.',
  'Krav Maga instructor focused on real-world awareness and de-escalation.',
  'Campus safety advocate running workshops for students and staff.',
  'Corporate trainer bringing workplace violence prevention to teams of every size.',
  'Certified Soul Punch trainer passionate about empowering her community.',
];
const BIO_CLOSINGS = [
  'Classes are welcoming to all fitness levels.',
  'Every session ends with a personal safety plan.',
  'Private lessons and group workshops available.',
  'Ask about sessions for schools, churches and businesses.',
];

/** A small seeded generator, so the same count always gives the same people. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    some: <T>(list: readonly T[], min: number, max: number): T[] => {
      const count = min + Math.floor(next() * (max - min + 1));
      return [...list].sort(() => next() - 0.5).slice(0, count);
    },
  };
}

const STATE_TIME_ZONES: Record<string, string> = {
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  CO: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  ID: 'America/Boise',
  NY: 'America/New_York',
  PA: 'America/New_York',
  GA: 'America/New_York',
  FL: 'America/New_York',
  NC: 'America/New_York',
  OH: 'America/New_York',
  MI: 'America/Detroit',
  MA: 'America/New_York',
  MD: 'America/New_York',
  KY: 'America/Kentucky/Louisville',
};
export const timeZoneForState = (state: string) => STATE_TIME_ZONES[state] ?? 'America/Chicago';

const CLASS_KINDS: ReadonlyArray<{ title: string; type: ClassType; level: ClassLevel; tags: string[] }> = [
  { title: DEFAULT_CLASS_TITLE, type: 'group', level: 'beginner', tags: ['beginner friendly'] },
  {
    title: "Women's Self-Defense Workshop",
    type: 'workshop',
    level: 'all-levels',
    tags: ['women', 'awareness'],
  },
  { title: 'Teen Safety Bootcamp', type: 'series', level: 'beginner', tags: ['teens'] },
  {
    title: 'Workplace Safety Training',
    type: 'corporate',
    level: 'custom',
    tags: ['corporate', 'de-escalation'],
  },
  { title: 'Private Self-Defense Lesson', type: 'private', level: 'custom', tags: ['one-on-one'] },
  { title: 'Advanced Escape Techniques', type: 'group', level: 'advanced', tags: ['advanced'] },
];
const VENUES = [
  'Community Center',
  'YMCA',
  'Public Library Meeting Room',
  'Martial Arts Studio',
  'Recreation Center',
];

export interface DemoClass {
  title: string;
  type: ClassType;
  level: ClassLevel;
  tags: string[];
  /** Days after the day the data is loaded. */
  dayOffset: number;
  startTime: string;
  price: number;
  capacity: number;
  venue: string;
}

/**
 * What happened to a demo trainer, told through the payments and documents modules when the demo loads
 * (demo-stories.ts), so every screen shows the same story. Days count back from the day the data is loaded.
 */
export interface DemoStory {
  /** How the certification was paid for; null: not paid yet (no payment, no documents, not listed). */
  plan: PlanKey | null;
  /** Days before loading that a recent enrolment paid; null: 45 days before the training date. */
  enrolledDaysAgo: number | null;
  /** A flex plan whose latest instalment failed and stays unpaid: past due, resources paused after the grace. */
  pastDue: boolean;
  /** The three required documents: signed the day after they were sent, still waiting, or left to expire. */
  documents: 'signed' | 'sent' | 'expired' | null;
}

export interface DemoTrainer {
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  paymentStatus: PaymentStatus;
  onboardingStatus: OnboardingStatus;
  isHeadquarters: boolean;
  profile: Omit<NewTrainerProfile, 'trainerId'>;
  completedSteps: string[];
  classes: DemoClass[];
  story: DemoStory;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function generateDemoTrainers(count: number, seed = 2025): DemoTrainer[] {
  const rnd = random(seed);
  // The stories draw from their own sequence, so the people (names, e-mails, profiles) stay as they were.
  const storyRnd = random(seed + 1);
  let flexSeen = 0;
  const usedEmails = new Set<string>();
  const trainers: DemoTrainer[] = [];
  for (let i = 0; i < count; i++) {
    const isHeadquarters = i === 0;
    const place = DEMO_CITIES[i % DEMO_CITIES.length] ?? DEMO_CITIES[0];
    if (!place) throw new Error('no demo cities');
    const first = isHeadquarters ? 'Jasmine' : rnd.pick(FIRST_NAMES);
    const last = isHeadquarters ? 'Carter' : rnd.pick(LAST_NAMES);
    let email = isHeadquarters ? DEMO_HEADQUARTERS.email : `${slug(first)}.${slug(last)}@example.com`;
    for (let n = 2; usedEmails.has(email); n++) email = `${slug(first)}.${slug(last)}${n}@example.com`;
    usedEmails.add(email);

    // How far along this trainer is: drives every optional field, so progress varies realistically.
    const diligence = isHeadquarters ? 1 : rnd.next();
    const has = (base: number) => isHeadquarters || rnd.chance(Math.min(0.97, base * 0.4 + diligence * 0.6));
    const paymentStatus: PaymentStatus = isHeadquarters
      ? 'completed'
      : rnd.chance(0.75)
        ? 'completed'
        : rnd.chance(0.8)
          ? 'pending'
          : 'failed';
    const onboardingStatus: OnboardingStatus =
      paymentStatus !== 'completed' ? 'payment_pending' : has(0.6) ? 'completed' : 'documents_pending';

    let story = demoStory(storyRnd, paymentStatus, onboardingStatus, isHeadquarters);
    if (story.plan === 'flex' && isPastDueFlex(++flexSeen)) {
      story = { ...story, pastDue: true, enrolledDaysAgo: PAST_DUE_ENROLLED_DAYS_AGO };
    }
    const trained = new Date(Date.UTC(2023, 0, 1) + Math.floor(rnd.next() * 1000) * 86_400_000);
    const renewal = new Date(trained);
    renewal.setUTCFullYear(renewal.getUTCFullYear() + 2);
    const handle = `${slug(first)}${slug(last)}_selfdefense`;
    const website = has(0.4) ? `https://www.${slug(first)}${slug(last)}defense.example` : null;
    const hasInsurance = has(0.5);
    const [hasStripe, hasPaypal, hasPillar, hasAffiliateLink] = [has(0.5), has(0.3), has(0.2), has(0.6)];
    const years = isHeadquarters ? 15 : Math.floor(rnd.next() * 12);
    const experience =
      EXPERIENCE_LEVELS[years >= 5 ? 3 : years >= 3 ? 2 : years >= 2 ? 1 : 0] ?? EXPERIENCE_LEVELS[0];

    trainers.push({
      name: `${first} ${last}`,
      email,
      phone: `(${place.areaCode}) 555-01${String(i % 100).padStart(2, '0')}`,
      city: place.city,
      state: place.state,
      paymentStatus,
      onboardingStatus,
      isHeadquarters,
      story,
      completedSteps: SELF_MARKED_ONBOARDING_STEPS.filter(() => has(0.5)),
      classes:
        paymentStatus === 'completed'
          ? Array.from({ length: isHeadquarters ? 6 : Math.floor(rnd.next() * 5) }, () => {
              const kind = rnd.pick(CLASS_KINDS);
              return {
                ...kind,
                dayOffset: 2 + Math.floor(rnd.next() * 90),
                startTime: rnd.pick(['09:00', '10:00', '13:00', '14:00', '18:00', '18:30']),
                price: kind.type === 'corporate' ? 150 : rnd.pick([0, 25, 45, 75, 75]),
                capacity: kind.type === 'private' ? 2 : rnd.pick([8, 12, 15, 20, 25]),
                venue: `${rnd.pick(VENUES)}, ${place.city}, ${place.state}`,
              };
            })
          : [],
      profile: {
        displayName: `${first} ${last}`,
        bio: `${rnd.pick(BIO_OPENINGS)} ${rnd.pick(BIO_CLOSINGS)}`,
        publicBio: has(0.7) ? `${rnd.pick(BIO_OPENINGS)} ${rnd.pick(BIO_CLOSINGS)}` : null,
        website,
        websitePublic: website,
        instagram: has(0.6) ? `@${handle}` : null,
        facebook: has(0.5) ? `https://www.facebook.com/${handle}` : null,
        tiktok: has(0.25) ? `@${handle}` : null,
        youtube: has(0.15) ? `https://www.youtube.com/@${handle}` : null,
        linkedin: has(0.2) ? `https://www.linkedin.com/in/${slug(first)}-${slug(last)}` : null,
        trainingDate: isoDate(trained),
        certificationDate: isoDate(trained),
        hasInsurance,
        insuranceProvider: hasInsurance ? rnd.pick(['next', 'kk', 'other']) : null,
        insuranceExpiry: hasInsurance ? isoDate(renewal) : null,
        hasStripe,
        stripePaymentLink: hasStripe ? `https://buy.stripe.com/test_${handle}` : null,
        hasPaypal,
        paypalPaymentLink: hasPaypal ? `https://www.paypal.com/ncp/payment/${handle}` : null,
        hasPillar,
        pillarAccountLink: hasPillar ? `https://pillar.io/${handle}` : null,
        hasAffiliateLink,
        affiliateLink: hasAffiliateLink ? `https://soulpunch.example/shop?aff=${slug(first)}${i + 1}` : null,
        hasVideoLibrary: has(0.6),
        hasTrainerDrive: has(0.6),
        hasCanva: has(0.4),
        hasMarketingAssets: has(0.5),
        inWhatsApp: has(0.7),
        inFacebook: has(0.5),
        displayLocation: `${place.city}, ${place.state}`,
        availabilityDescription: rnd.pick(AVAILABILITY_OPTIONS).value,
        experienceDescription: experience,
        yearsExperience: years,
        specializations: rnd.some(SPECIALIZATION_PRESETS, 1, 3),
        classTypes: rnd.some(CLASS_TYPE_PRESETS, 1, 3),
        // Only a certified trainer goes public: one who has not paid yet keeps the profile private.
        publiclyListed: (isHeadquarters || rnd.chance(0.9)) && paymentStatus === 'completed',
        featuredTrainer: isHeadquarters || rnd.chance(0.1),
        showEmail: rnd.chance(0.5),
        showPhone: rnd.chance(0.3),
        basicClassPaymentLink: hasStripe ? `https://buy.stripe.com/test_${handle}_class` : null,
      },
    });
  }
  return trainers;
}

/**
 * The story of one trainer: the people keep the payment and onboarding the generator gave them (tests know them
 * by name), and a paid trainer gets a plan, and documents signed, waiting or expired.
 */
function demoStory(
  rnd: ReturnType<typeof random>,
  paymentStatus: PaymentStatus,
  onboardingStatus: OnboardingStatus,
  isHeadquarters: boolean,
): DemoStory {
  if (paymentStatus !== 'completed') {
    return { plan: null, enrolledDaysAgo: null, pastDue: false, documents: null };
  }
  if (onboardingStatus !== 'completed') {
    // Paid recently: the documents went out with the confirmation and wait (some reminded), or ran out.
    const expired = rnd.chance(0.45);
    return {
      plan: 'full',
      enrolledDaysAgo: expired ? 35 + Math.floor(rnd.next() * 25) : 1 + Math.floor(rnd.next() * 9),
      pastDue: false,
      documents: expired ? 'expired' : 'sent',
    };
  }
  if (isHeadquarters || !rnd.chance(0.3)) {
    return { plan: 'full', enrolledDaysAgo: null, pastDue: false, documents: 'signed' };
  }
  // On the flex plan, enrolled two to five months ago.
  return {
    plan: 'flex',
    enrolledDaysAgo: 50 + Math.floor(rnd.next() * 100),
    pastDue: false,
    documents: 'signed',
  };
}

/** The third trainer on the flex plan (then every sixth) let the latest instalment fail: past due. */
const isPastDueFlex = (flexSeen: number) => flexSeen % 6 === 3;
/** Enrolled 100 days ago: the fourth instalment fell due more than the grace period before loading. */
const PAST_DUE_ENROLLED_DAYS_AGO = 100;

/**
 * Inserts the demo admin and `count` trainers (each with a trainer account; headquarters' is also an admin).
 * The first `storiesFor` paid trainers start where a first payment leaves one and tellDemoStories then pays, sends
 * and signs through the modules; the others (all of them for `npm run seed` and benchmarks) are the people alone,
 * as they end up.
 */
export async function insertDemoData(
  db: Db,
  count = DEFAULT_DEMO_TRAINER_COUNT,
  { storiesFor = 0 } = {},
): Promise<LoadedDemoTrainer[]> {
  const trainers = generateDemoTrainers(count);
  const loadDay = new Date().toISOString().slice(0, 10);
  const loaded: LoadedDemoTrainer[] = [];
  await db.transaction().execute(async (trx) => {
    const admin = await trx
      .insertInto('users')
      .values(DEMO_ADMIN)
      .onConflict((oc) => oc.column('email').doUpdateSet({ name: DEMO_ADMIN.name }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('userRoles')
      .values({ userId: admin.id, role: 'admin' })
      .onConflict((oc) => oc.doNothing())
      .execute();

    for (let start = 0; start < trainers.length; start += 500) {
      const batch = trainers.slice(start, start + 500);
      const users = await trx
        .insertInto('users')
        .values(batch.map((t) => ({ email: t.email, name: t.name })))
        .returning(['id', 'email'])
        .execute();
      const userIds = new Map(users.map((u) => [u.email, u.id]));
      await trx
        .insertInto('userRoles')
        .values(users.map((u) => ({ userId: u.id, role: 'trainer' as const })))
        .execute();
      // Headquarters runs the brand: its trainer is also an administrator, so 'Admin View' can be tried.
      const headquarters = userIds.get(DEMO_HEADQUARTERS.email);
      if (headquarters !== undefined) {
        await trx.insertInto('userRoles').values({ userId: headquarters, role: 'admin' }).execute();
      }
      const rows = await trx
        .insertInto('trainers')
        .values(
          batch.map(({ profile: _p, completedSteps: _s, classes: _c, story, ...t }, i) => ({
            ...t,
            ...(start + i < storiesFor && story.plan
              ? { paymentStatus: 'pending' as const, onboardingStatus: 'documents_pending' as const }
              : {}),
            ...(geocodePlace(t) ?? {}),
            userId: userIds.get(t.email) ?? null,
          })),
        )
        .returning(['id', 'email'])
        .execute();
      const trainerIds = new Map(rows.map((r) => [r.email, r.id]));
      const idOf = (email: string) => {
        const id = trainerIds.get(email);
        if (id === undefined) throw new Error(`trainer ${email} was not inserted`);
        return id;
      };
      await trx
        .insertInto('trainerProfiles')
        .values(
          batch.map((t) => ({ ...t.profile, ...certificationDates(t, loadDay), trainerId: idOf(t.email) })),
        )
        .execute();
      {
        // The trainers whose stories follow are issued their certificates there, through the module.
        const certified = batch.filter(
          (t, i) =>
            start + i >= storiesFor && t.paymentStatus === 'completed' && t.onboardingStatus === 'completed',
        );
        if (certified.length) {
          await trx
            .insertInto('certificationRecords')
            .values(certified.map((t) => certifiedRecord(idOf(t.email), t, loadDay)))
            .execute();
        }
      }
      for (const t of batch) {
        const userId = userIds.get(t.email);
        if (userId === undefined) throw new Error(`no account for ${t.email}`);
        loaded.push({ trainer: t, trainerId: idOf(t.email), userId, isAdmin: t.isHeadquarters });
      }
      const steps = batch.flatMap((t) =>
        t.completedSteps.map((step) => ({ trainerId: idOf(t.email), step })),
      );
      if (steps.length) await trx.insertInto('trainerOnboardingSteps').values(steps).execute();
      const classes = batch.flatMap((t) => t.classes.map((c) => demoClassRow(idOf(t.email), t, c)));
      if (classes.length) await trx.insertInto('classes').values(classes).execute();
    }
    // The demo's next Train the Trainer: the prototype's July 25-27, in the next year it is still ahead.
    const today = instantToZonedTime(new Date(), 'America/Chicago').date;
    let year = Number(today.slice(0, 4));
    if (`${year}-07-27` < today) year += 1;
    await trx
      .updateTable('resources')
      .set({ startsOn: `${year}-07-25`, endsOn: `${year}-07-27` })
      .where('kind', '=', 'upcoming_training')
      .where('name', '=', 'Train the Trainer')
      .execute();
  });
  return loaded;
}

/**
 * Certification follows the training, 45 days after enrolling: a recent flex enrolment trained lately, and a
 * trainer whose documents are not signed has not been certified yet.
 */
function certificationDates(t: DemoTrainer, today: string) {
  const { documents, plan, enrolledDaysAgo } = t.story;
  if (documents === 'sent' || documents === 'expired') {
    return { trainingDate: null, certificationDate: null };
  }
  if (plan !== 'flex' || enrolledDaysAgo === null) return {};
  const trained = new Date(Date.parse(`${today}T00:00:00Z`) + (45 - enrolledDaysAgo) * 86_400_000);
  return { trainingDate: isoDate(trained), certificationDate: isoDate(trained) };
}

/**
 * The people alone (`npm run seed`): a trainer paid and onboarded holds a certificate issued at training,
 * renewed every 2 years (from the old expiry) while it came due, so the generated set is listed as the demo is.
 */
function certifiedRecord(trainerId: number, t: DemoTrainer, today: string) {
  const issuedOn = t.profile.trainingDate ?? today;
  let expiresOn = addYears(issuedOn, CERTIFICATION_DEFAULTS.validityYears);
  while (expiresOn < today) expiresOn = addYears(expiresOn, CERTIFICATION_DEFAULTS.validityYears);
  return {
    trainerId,
    certificateNumber: newCertificateNumber(),
    status: 'certified' as const,
    issuedOn,
    expiresOn,
  };
}

/** A demo class on a real future date, at a wall-clock time in the trainer's own time zone. */
function demoClassRow(trainerId: number, trainer: DemoTrainer, c: DemoClass) {
  const timeZone = timeZoneForState(trainer.state);
  const today = instantToZonedTime(new Date(), timeZone).date;
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + c.dayOffset * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    trainerId,
    title: c.title,
    startsAt: zonedTimeToInstant(day, c.startTime, timeZone),
    endsAt: classEndInstant(day, c.startTime, null, timeZone),
    timeZone,
    location: c.venue,
    address: null,
    notes:
      c.type === 'private'
        ? 'Contact the trainer to choose a time that suits you.'
        : 'Wear comfortable clothes and bring water.',
    priceCents: c.price * 100,
    capacity: c.capacity,
    type: c.type,
    level: c.level,
    tags: c.tags,
    paymentLink: trainer.profile.basicClassPaymentLink ?? null,
  };
}

/**
 * Loads the demo data only into a database with no trainers; returns whether it did. The people first, then
 * their payments and documents through the modules' own rules (demo-stories.ts).
 */
export async function loadDemoDataIfEmpty(deps: AppDeps): Promise<boolean> {
  // The planner's statistics of the load are gathered as the app starts (db/statistics.ts).
  const loaded = await loadInOneTransaction(deps);
  // The review round, once at load after commit (as the scheduled one would at its hour): the links of a class
  // that ended just before go to the mailbox.
  if (loaded) await sendReviewLinks(deps, deps.clock.now());
  return loaded;
}

function loadInOneTransaction(deps: AppDeps): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const db = asOneTransaction(trx);
    const existing = await db.selectFrom('trainers').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const loaded = await insertDemoData(db, deps.config.demoTrainers, {
      storiesFor: DEFAULT_DEMO_TRAINER_COUNT,
    });
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ADMIN.email)
      .executeTakeFirstOrThrow();
    // The shelf and the starter kit exist before the stories issue certificates: each brings a kit to pack.
    await stockDemoInventory({ ...deps, db }, admin.id);
    // Only the demo's own trainers live their stories: at a generated count the rest are loaded as they end up.
    await tellDemoStories({ ...deps, db }, loaded.slice(0, DEFAULT_DEMO_TRAINER_COUNT));
    await tellDemoShipments({ ...deps, db }, admin.id);
    await linkResourcesToGuides({ ...deps, db }, admin.id);
    await tellReviewStories({ ...deps, db }, loaded.slice(0, DEFAULT_DEMO_TRAINER_COUNT), admin.id);
    await tellCalendarStories({ ...deps, db }, loaded.slice(0, DEFAULT_DEMO_TRAINER_COUNT), admin.id);
    return true;
  });
}

/**
 * The demo loads in one transaction: all of it or, if any step fails, nothing (an empty database loads again at
 * the next start). The modules' own transactions become part of it, which also saves a commit for each.
 */
function asOneTransaction(trx: Trx): Db {
  const inside = { execute: <T>(work: (t: Trx) => Promise<T>) => work(trx) };
  return new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') return () => inside;
      const value = Reflect.get(target, property, target);
      // Kysely keeps its state in private fields: its methods run on the transaction itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as Db;
}
