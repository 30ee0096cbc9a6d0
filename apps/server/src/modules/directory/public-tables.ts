/**
 * The tables whose changes the database announces on the `public_directory` channel, each by its name (migrations
 * 0011, 0012, 0020, 0021, 0025, 0027), and what each public answer is made from: a change rebuilds only the kept
 * answers that read its table (decision record 0018). A notice that names no table here (an older trigger, or
 * notices missed while the listening connection was down) rebuilds every answer.
 */
export const ANNOUNCED_TABLES = [
  'trainers',
  'trainer_profiles',
  'documents',
  'certification_records',
  'classes',
  'class_registrations',
  'reviews',
  'branding',
] as const;

export type AnnouncedTable = (typeof ANNOUNCED_TABLES)[number];

export const isAnnouncedTable = (name: string): name is AnnouncedTable =>
  (ANNOUNCED_TABLES as readonly string[]).includes(name);

/** Who is listed (the standing rule, trainerInGoodStanding) and what their card shows. */
export const TRAINER_STANDING: readonly AnnouncedTable[] = [
  'trainers',
  'trainer_profiles',
  'documents',
  'certification_records',
];

/** A trainer's card or profile: the standing, their next classes (without places left) and their rating. */
export const TRAINER_ANSWER: readonly AnnouncedTable[] = [...TRAINER_STANDING, 'classes', 'reviews'];

/** The classes lists and a class's answer: listed trainers' classes and the places left. */
export const CLASS_ANSWER: readonly AnnouncedTable[] = [
  ...TRAINER_STANDING,
  'classes',
  'class_registrations',
];

/** The calendar feeds: listed trainers' classes, without places left. */
export const CALENDAR_FEED: readonly AnnouncedTable[] = [...TRAINER_STANDING, 'classes'];

/**
 * A server-rendered page's own reading (its meta and status, and whatever its API calls read beyond the kept
 * answers, which add their own): everything but the registrations, which only the classes answers show.
 */
export const PAGE_ANSWER: readonly AnnouncedTable[] = ANNOUNCED_TABLES.filter(
  (table) => table !== 'class_registrations',
);
