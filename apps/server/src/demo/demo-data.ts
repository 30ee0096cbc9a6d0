import {
  AVAILABILITY_OPTIONS,
  CLASS_TYPE_PRESETS,
  type ClassLevel,
  type ClassType,
  classEndInstant,
  DEFAULT_CLASS_TITLE,
  EXPERIENCE_LEVELS,
  instantToZonedTime,
  type OnboardingStatus,
  type PaymentStatus,
  SELF_MARKED_ONBOARDING_STEPS,
  SPECIALIZATION_PRESETS,
  zonedTimeToInstant,
} from '@soulpunch/shared';
import type { Db } from '../db/database';
import type { NewTrainerProfile } from '../db/schema';
import { geocodePlace } from '../lib/geocoder';
import { DEMO_CITIES } from './cities';

export const DEMO_ADMIN = { email: 'admin@soulpunch.example', name: 'Alex Morgan' };
export const DEMO_HEADQUARTERS = { email: 'jasmine.carter@soulpunch.example', name: 'Jasmine Carter' };
export const DEFAULT_DEMO_TRAINER_COUNT = 40;

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
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function generateDemoTrainers(count: number, seed = 2025): DemoTrainer[] {
  const rnd = random(seed);
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
        renewalDate: isoDate(renewal),
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
        publiclyListed: isHeadquarters || rnd.chance(0.9),
        featuredTrainer: isHeadquarters || rnd.chance(0.1),
        showEmail: rnd.chance(0.5),
        showPhone: rnd.chance(0.3),
        basicClassPaymentLink: hasStripe ? `https://buy.stripe.com/test_${handle}_class` : null,
      },
    });
  }
  return trainers;
}

/** Inserts the demo admin and `count` trainers (each with a trainer account; headquarters' is also an admin). */
export async function insertDemoData(db: Db, count = DEFAULT_DEMO_TRAINER_COUNT): Promise<void> {
  const trainers = generateDemoTrainers(count);
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
          batch.map(({ profile: _p, completedSteps: _s, classes: _c, ...t }) => ({
            ...t,
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
        .values(batch.map((t) => ({ ...t.profile, trainerId: idOf(t.email) })))
        .execute();
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

/** Loads the demo data only into a database with no trainers; returns whether it did. */
export async function loadDemoDataIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('trainers').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await insertDemoData(db);
  return true;
}
