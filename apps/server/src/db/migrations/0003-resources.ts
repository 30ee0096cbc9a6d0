import { type Kysely, sql } from 'kysely';

// Brand links that only the brand knows live under this host until an administrator sets the real ones.
const BRAND = 'https://trainers.soulpunch.example';

const CATALOGUE: Array<{
  name: string;
  comingSoon?: boolean;
  resources: Array<{ name: string; description: string; badge?: string; url: string }>;
}> = [
  {
    name: 'Essential Access',
    resources: [
      {
        name: 'Self-Defense Video Library',
        description: 'Every technique and drill of the curriculum on video.',
        url: `${BRAND}/video-library`,
      },
      {
        name: 'Trainer Resources Drive',
        description: 'Slides, handouts, workbooks and class plans.',
        url: `${BRAND}/drive`,
      },
      {
        name: 'WhatsApp Community',
        description: 'Chat with fellow trainers and the Soul Punch team.',
        badge: 'Active',
        url: `${BRAND}/whatsapp`,
      },
      {
        name: 'Facebook Group',
        description: 'The private group for certified trainers.',
        url: `${BRAND}/facebook-group`,
      },
      {
        name: 'Zoom Weekly Live Training Access',
        description: 'Live training every Thursday at 7:00 PM CST.',
        badge: 'Weekly',
        url: `${BRAND}/weekly-zoom`,
      },
    ],
  },
  {
    name: 'Business Setup',
    resources: [
      {
        name: 'Affiliate Registration',
        description: 'Earn commission on every Soul DefendHER sold through your link.',
        badge: 'Revenue',
        url: `${BRAND}/affiliate`,
      },
      {
        name: 'Pillar Profile Setup',
        description: 'Optional lead capture and branding tool.',
        url: 'https://pillar.io/',
      },
      {
        name: 'Canva Pro Access',
        description: 'Design flyers and social posts with the brand templates.',
        badge: 'Pro',
        url: 'https://www.canva.com/pro/',
      },
      {
        name: 'Stripe Payment Setup',
        description: 'Take card payments for your classes.',
        url: 'https://dashboard.stripe.com/register',
      },
      {
        name: 'PayPal Business Setup',
        description: 'Accept PayPal payments for your classes.',
        url: 'https://www.paypal.com/us/business',
      },
      {
        name: 'How to Apply for your EIN',
        description: 'Get your employer identification number (NAICS code 61143).',
        url: 'https://www.irs.gov/businesses/small-businesses-self-employed/apply-for-an-employer-identification-number-ein-online',
      },
      {
        name: 'Next Insurance',
        description: '$1 million general liability coverage for trainers.',
        url: 'https://www.nextinsurance.com/',
      },
      {
        name: 'K&K Insurance',
        description: 'Per class insurance options.',
        url: 'https://www.kandkinsurance.com/',
      },
      {
        name: 'Self Defense Equipment',
        description: 'Order pads, kits and Soul DefendHER devices for your classes.',
        url: `${BRAND}/equipment`,
      },
    ],
  },
  {
    name: 'Marketing & Communication',
    resources: [
      {
        name: 'Marketing Guidelines',
        description: 'How to present the Soul Punch brand and your classes.',
        url: `${BRAND}/marketing-guidelines`,
      },
      {
        name: 'Email & Talking Points',
        description: 'Ready-made e-mails and talking points for outreach.',
        url: `${BRAND}/talking-points`,
      },
      {
        name: 'Trainer Badges',
        description: 'Certified trainer badges for your website and social media.',
        url: `${BRAND}/badges`,
      },
    ],
  },
  {
    name: 'Legal & Compliance',
    resources: [
      {
        name: 'Liability Waiver Template',
        description: 'The waiver every participant signs before class.',
        badge: 'Required',
        url: `${BRAND}/liability-waiver`,
      },
      {
        name: 'Insurance Information',
        description: 'What coverage you need and how to keep it current.',
        url: `${BRAND}/insurance`,
      },
    ],
  },
  {
    name: 'Analytics & Tracking',
    comingSoon: true,
    resources: [
      {
        name: 'Revenue Dashboard',
        description: 'Track income from classes and affiliate sales.',
        badge: 'Analytics',
        url: `${BRAND}/revenue`,
      },
      {
        name: 'Class Performance Metrics',
        description: 'Attendance and growth of your classes over time.',
        url: `${BRAND}/class-metrics`,
      },
    ],
  },
];

/** The portal's resources as data (spec portal 2, Trainer dashboard), and who opened which. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_categories')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('coming_soon', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('resources')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('resource', 'upcoming_training', 'training_schedule')`),
    )
    .addColumn('category_id', 'integer', (c) => c.references('resource_categories.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('badge', 'text')
    .addColumn('details', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('trainer_resource_visits')
    .addColumn('trainer_id', 'integer', (c) => c.notNull().references('trainers.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('first_opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('trainer_resource_visits_pk', ['trainer_id', 'resource_id'])
    .execute();

  // biome-ignore lint/suspicious/noExplicitAny: a migration writes the tables as they are at this point, not today's types.
  const trx = db as Kysely<any>;
  for (const [position, category] of CATALOGUE.entries()) {
    const row = await trx
      .insertInto('resource_categories')
      .values({ name: category.name, coming_soon: category.comingSoon ?? false, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('resources')
      .values(
        category.resources.map((r, i) => ({
          kind: 'resource',
          category_id: row.id,
          name: r.name,
          description: r.description,
          badge: r.badge ?? null,
          url: r.url,
          position: i,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('resources')
    .values([
      {
        kind: 'upcoming_training',
        name: 'Train the Trainer',
        description: 'In-person certification session',
        details: 'Tulsa, OK 7/25-7/27',
        url: `${BRAND}/train-the-trainer-slides`,
        position: 0,
      },
      {
        kind: 'training_schedule',
        name: 'Master Weekly Trainings Schedule',
        description: 'Every weekly training in one spreadsheet',
        url: `${BRAND}/weekly-trainings-schedule`,
        position: 0,
      },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['trainer_resource_visits', 'resources', 'resource_categories']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
