import {
  type Brand,
  DEFAULT_BRAND,
  HEADQUARTERS,
  LIVE_SESSION_DAYS,
  SUPPORT_EMAIL,
  SUPPORT_PATH,
  SUPPORT_REPLY_TIME,
  WEEKLY_TRAINING_TIME,
} from '@soulpunch/shared';

/**
 * The trainer guides the app serves itself at /guides/{slug}: what each portal resource is and how to use it.
 * The demo's resources link here (a brand's own links, such as its drive or chat group, are set by its admins),
 * so every link in a demo portal opens a real page. Facts come from the shared constants, as the assistant's do.
 */
export interface TrainerGuide {
  slug: string;
  /** The portal resource this guide is for, by its name in the catalogue. */
  resource: string;
  title: string;
  summary: string;
  sections: Array<{ heading: string; paragraphs?: string[]; items?: string[] }>;
  /** Where to go next, outside the app, when the guide is about another company's service. */
  next?: { label: string; url: string };
}

const support = `Questions? Write to ${SUPPORT_EMAIL}: the team replies within ${SUPPORT_REPLY_TIME}.`;

export const TRAINER_GUIDES: TrainerGuide[] = [
  {
    slug: 'video-library',
    resource: 'Self-Defense Video Library',
    title: 'The Self-Defense Video Library',
    summary: 'Every technique and drill of the curriculum on video, in the order you teach it.',
    sections: [
      {
        heading: 'What is in it',
        items: [
          'Awareness and boundary setting: voice, stance and distance before anything physical.',
          'Core strikes: palm heel, hammer fist, elbow and knee, each shown slowly, then at speed.',
          'Escapes from wrist grabs, bear hugs, hair grabs and chokes, standing and on the ground.',
          'Class plans: how each drill fits a 60- or 90-minute beginner class.',
        ],
      },
      {
        heading: 'How to use it',
        paragraphs: [
          'Watch a module before you teach it, then rehearse the cues out loud: students copy your words as much as your movement.',
          'Use the slow-motion clips when a student asks "why": showing the mechanics builds confidence faster than repeating the move.',
        ],
      },
    ],
  },
  {
    slug: 'trainer-drive',
    resource: 'Trainer Resources Drive',
    title: 'The Trainer Resources Drive',
    summary: 'Slides, handouts, workbooks and class plans, ready to print or present.',
    sections: [
      {
        heading: 'Folders',
        items: [
          'Class plans: beginner, teen, workplace and advanced formats with timings.',
          'Handouts: the personal safety plan worksheet students take home after every class.',
          'Slides: the awareness talk and the de-escalation talk, with speaker notes.',
          'Workbooks: the student workbook for multi-week series.',
        ],
      },
      {
        heading: 'Good practice',
        paragraphs: [
          'Print handouts from the latest version in the drive: the curriculum is updated after each Train the Trainer session.',
          'Do not share the drive link outside the trainer community; send students the printed or PDF handouts instead.',
        ],
      },
    ],
  },
  {
    slug: 'whatsapp-community',
    resource: 'WhatsApp Community',
    title: 'The Trainer WhatsApp Community',
    summary: 'Chat with fellow trainers and the Soul Punch team between live sessions.',
    sections: [
      {
        heading: 'What it is for',
        items: [
          'Quick questions about a drill or a class plan.',
          'Sharing what worked in your classes, and photos of your events (with your students’ consent).',
          'Announcements from headquarters: curriculum updates, live session changes and new materials.',
        ],
      },
      {
        heading: 'Community rules',
        paragraphs: [
          'Be kind and stay on topic. Never share a student’s personal details or a survivor’s story without permission.',
          `The team reads along but is not an emergency service: for account or payment matters use ${SUPPORT_EMAIL}.`,
        ],
      },
    ],
  },
  {
    slug: 'facebook-group',
    resource: 'Facebook Group',
    title: 'The Private Facebook Group',
    summary: 'The private group for certified trainers: longer discussions, recordings and events.',
    sections: [
      {
        heading: 'Joining',
        paragraphs: [
          'Ask to join with the same name as your trainer profile, and answer the membership questions: the team approves certified trainers only.',
          'Once in, introduce yourself with your city and the classes you plan to teach.',
        ],
      },
      {
        heading: 'What you find there',
        items: [
          'Recordings of past live trainings, organised by topic.',
          'Event ideas and flyers other trainers have used.',
          'Monthly challenges to grow your classes.',
        ],
      },
    ],
  },
  {
    slug: 'weekly-live-training',
    resource: 'Zoom Weekly Live Training Access',
    title: 'Weekly Live Training',
    summary: `Live training with the Soul Punch team every week: ${WEEKLY_TRAINING_TIME}.`,
    sections: [
      {
        heading: 'When',
        paragraphs: [
          `The weekly live training is on ${WEEKLY_TRAINING_TIME}. Live support sessions also run every ${LIVE_SESSION_DAYS.join(' and ')}.`,
          'Each session lasts about an hour: a technique segment, a teaching segment and open questions.',
        ],
      },
      {
        heading: 'Before you join',
        items: [
          'Join from a computer with a camera, in a space where you can move.',
          'Bring one question from your own classes: the best sessions start from real situations.',
          'Missed one? The recording goes to the private Facebook group within a few days.',
        ],
      },
    ],
  },
  {
    slug: 'affiliate-registration',
    resource: 'Affiliate Registration',
    title: 'Affiliate Registration',
    summary: 'Earn a commission on every Soul DefendHER device sold through your own link.',
    sections: [
      {
        heading: 'How it works',
        items: [
          'Register as an affiliate with the name and e-mail of your trainer account.',
          'You receive a personal link; add it to your trainer profile (Business tab) so the "Buy Soul DefendHER 2.0" button on your public card uses it.',
          'Every order placed through your link is credited to you; commissions are paid monthly.',
        ],
      },
      {
        heading: 'Tips',
        paragraphs: [
          'Show the device at the end of class, when students ask how to stay safe day to day: it is a natural follow-up, not a sales pitch.',
        ],
      },
    ],
  },
  {
    slug: 'pillar-profile',
    resource: 'Pillar Profile Setup',
    title: 'Setting up a Pillar Profile',
    summary: 'An optional link-in-bio page to collect leads and show your brand in one place.',
    sections: [
      {
        heading: 'Why use it',
        paragraphs: [
          'Pillar gives you one page for your social bios with your classes, booking links and a sign-up form for people who want to hear about your next workshop.',
          'It is optional: your Soul Punch public profile already lists your classes and contact details.',
        ],
      },
      {
        heading: 'Setting it up',
        items: [
          'Create the account with your business e-mail and choose a handle close to your trainer name.',
          'Add your Soul Punch profile link, your class registration link and your affiliate link.',
          'Paste the Pillar address in your trainer profile (Business tab) to count it in your business setup.',
        ],
      },
    ],
    next: { label: 'Go to Pillar', url: 'https://pillar.io/' },
  },
  {
    slug: 'canva-pro',
    resource: 'Canva Pro Access',
    title: 'Canva Pro and the Brand Templates',
    summary: 'Design flyers and social posts with the Soul Punch templates.',
    sections: [
      {
        heading: 'Getting access',
        paragraphs: [
          'Certified trainers are invited to the Soul Punch team in Canva, which includes the brand templates, colours and fonts.',
          'Accept the invitation with the e-mail address of your trainer account.',
        ],
      },
      {
        heading: 'What to make',
        items: [
          'Class flyers: fill in the date, place and registration link; keep the logo and colours as they are.',
          'Social posts announcing a class, with your city in the first line.',
          'A certificate of attendance to hand out at the end of a workshop.',
        ],
      },
    ],
    next: { label: 'Go to Canva', url: 'https://www.canva.com/' },
  },
  {
    slug: 'stripe-setup',
    resource: 'Stripe Payment Setup',
    title: 'Taking Card Payments with Stripe',
    summary: 'Accept card payments for your classes with a payment link.',
    sections: [
      {
        heading: 'Setting it up',
        items: [
          'Create a Stripe account in your own or your business name, and add the bank account payouts go to.',
          'Create a product for each class format and a payment link for it.',
          'Paste the payment link in your trainer profile (Business tab) and on each class: visitors then pay from your public profile.',
        ],
      },
      {
        heading: 'Good to know',
        paragraphs: [
          'Payments for your classes go to you directly; Soul Punch never sees them.',
          'Set a clear refund rule for missed classes and put it in the class notes.',
        ],
      },
    ],
    next: { label: 'Go to Stripe', url: 'https://stripe.com/' },
  },
  {
    slug: 'paypal-setup',
    resource: 'PayPal Business Setup',
    title: 'Accepting PayPal Payments',
    summary: 'Let students pay for classes with PayPal.',
    sections: [
      {
        heading: 'Setting it up',
        items: [
          'Open a PayPal Business account (a personal account cannot create payment links).',
          'Create a payment link or button for your class and copy its address.',
          'Paste it in your trainer profile (Business tab) so it counts in your business setup.',
        ],
      },
      {
        heading: 'Good to know',
        paragraphs: ['Some students prefer PayPal to cards: offering both usually fills more seats.'],
      },
    ],
    next: { label: 'Go to PayPal Business', url: 'https://www.paypal.com/us/business' },
  },
  {
    slug: 'ein',
    resource: 'How to Apply for your EIN',
    title: 'How to Apply for your EIN',
    summary: 'Get an employer identification number for your training business.',
    sections: [
      {
        heading: 'Why you need one',
        paragraphs: [
          'An EIN identifies your business to the IRS. Banks, payment providers and insurers ask for it, and it keeps your social security number off your invoices.',
        ],
      },
      {
        heading: 'Applying',
        items: [
          'Apply online with the IRS: it is free and takes about 15 minutes.',
          'When asked for your business activity, self-defense instruction falls under NAICS code 61143 (professional and management development training).',
          'Keep the confirmation letter: you need the number for your bank and your insurance.',
        ],
      },
    ],
    next: {
      label: 'Apply with the IRS',
      url: 'https://www.irs.gov/businesses/small-businesses-self-employed/apply-for-an-employer-identification-number-ein-online',
    },
  },
  {
    slug: 'next-insurance',
    resource: 'Next Insurance',
    title: 'General Liability Cover with Next Insurance',
    summary: '$1 million general liability cover for trainers, all year.',
    sections: [
      {
        heading: 'What it covers',
        paragraphs: [
          'A yearly general liability policy covers injuries and damage that happen during your classes, wherever you teach them.',
          'Many venues (schools, gyms, churches) ask for a certificate of insurance before they rent you a room.',
        ],
      },
      {
        heading: 'After you buy',
        items: [
          'Download the certificate of insurance and keep it on your phone.',
          'Tick "I have insurance" in your trainer profile and enter the provider and expiry date.',
        ],
      },
    ],
    next: { label: 'Go to Next Insurance', url: 'https://www.nextinsurance.com/' },
  },
  {
    slug: 'kk-insurance',
    resource: 'K&K Insurance',
    title: 'Per-Class Cover with K&K Insurance',
    summary: 'Insurance bought per class or event, for trainers who teach occasionally.',
    sections: [
      {
        heading: 'When it suits you',
        paragraphs: [
          'If you teach a few workshops a year, cover for each event can cost less than a yearly policy.',
          'Buy it before the event: cover cannot start after the class has taken place.',
        ],
      },
      {
        heading: 'After you buy',
        items: [
          'Send the certificate to the venue if they ask for one.',
          'Record the provider and the cover dates in your trainer profile.',
        ],
      },
    ],
    next: { label: 'Go to K&K Insurance', url: 'https://www.kandkinsurance.com/' },
  },
  {
    slug: 'equipment',
    resource: 'Self Defense Equipment',
    title: 'Self Defense Equipment',
    summary: 'Pads, kits and Soul DefendHER devices for your classes.',
    sections: [
      {
        heading: 'What to order',
        items: [
          'Strike pads and kick shields: one pad for every two students.',
          'A training kit with practice devices, so students handle the real thing safely.',
          'Soul DefendHER devices to show in class and to recommend through your affiliate link.',
        ],
      },
      {
        heading: 'Delivery',
        paragraphs: [
          `Equipment ships within 5 to 7 business days. For a missing or damaged item, write to ${SUPPORT_EMAIL}.`,
        ],
      },
    ],
  },
  {
    slug: 'marketing-guidelines',
    resource: 'Marketing Guidelines',
    title: 'Marketing Guidelines',
    summary: 'How to present the Soul Punch brand and your classes.',
    sections: [
      {
        heading: 'Using the brand',
        items: [
          'Call yourself a "Certified Soul Punch Trainer" while your certification is current.',
          'Use the logo and colours from the brand templates as they are: do not stretch, recolour or combine them with another logo.',
          'Your own business name comes first; Soul Punch appears as your certification.',
        ],
      },
      {
        heading: 'Talking about safety',
        paragraphs: [
          'Promise confidence and practical skills, never guaranteed outcomes. Avoid fear-based images and language: people come back to classes that made them feel strong.',
        ],
      },
    ],
  },
  {
    slug: 'talking-points',
    resource: 'Email & Talking Points',
    title: 'E-mails and Talking Points',
    summary: 'Ready-made e-mails and talking points for outreach.',
    sections: [
      {
        heading: 'E-mails you can adapt',
        items: [
          'To a school or college: a free 45-minute awareness talk, followed by a paid workshop for interested students.',
          'To an employer: a workplace safety training for teams, with de-escalation and travel safety.',
          'To a community centre or church: a monthly beginner class for members.',
        ],
      },
      {
        heading: 'Talking points',
        items: [
          'Most of self-defense is awareness, voice and boundaries: no fitness level is required.',
          'Every class ends with a personal safety plan students can use the same evening.',
          'The curriculum is taught by certified trainers, recertified every two years.',
        ],
      },
    ],
  },
  {
    slug: 'trainer-badges',
    resource: 'Trainer Badges',
    title: 'Certified Trainer Badges',
    summary: 'Badges for your website and social media that show you are certified.',
    sections: [
      {
        heading: 'Using the badge',
        paragraphs: [
          'Put the badge on your website, your social profiles and your class flyers, linked to your public Soul Punch profile so visitors can check your certification.',
          'The badge is valid while your certification is current; remove it if it lapses.',
        ],
      },
    ],
  },
  {
    slug: 'liability-waiver',
    resource: 'Liability Waiver Template',
    title: 'The Participant Liability Waiver',
    summary: 'The waiver every participant signs before class.',
    sections: [
      {
        heading: 'Before every class',
        items: [
          'Every participant signs the waiver before any physical activity; a parent or guardian signs for anyone under 18.',
          'Keep signed waivers for at least three years, on paper or as scans.',
          'Ask about injuries or health conditions and adapt drills for them.',
        ],
      },
      {
        heading: 'Your own agreement',
        paragraphs: [
          'This waiver is for your students. Your own Liability Waiver with Soul Punch is one of the three documents you sign in the trainer portal.',
        ],
      },
    ],
  },
  {
    slug: 'insurance-information',
    resource: 'Insurance Information',
    title: 'Insurance for Trainers',
    summary: 'What cover you need and how to keep it current.',
    sections: [
      {
        heading: 'What you need',
        items: [
          'General liability cover for every class you teach: at least $1 million per occurrence.',
          'Cover for the venue if it asks to be named as additional insured.',
          'A current certificate you can show the venue on the day.',
        ],
      },
      {
        heading: 'Keeping it current',
        paragraphs: [
          'Enter your provider and the expiry date in your trainer profile, and renew before it ends: a class taught without cover is at your own risk.',
        ],
      },
    ],
  },
  {
    slug: 'revenue-dashboard',
    resource: 'Revenue Dashboard',
    title: 'Revenue Dashboard (coming soon)',
    summary: 'Income from your classes and affiliate sales in one place.',
    sections: [
      {
        heading: 'What is planned',
        paragraphs: [
          'A monthly view of what your classes and your affiliate link earned, so you can see which formats pay off.',
          'Until then, your payment provider (Stripe or PayPal) shows your class income, and the affiliate programme sends a monthly statement.',
        ],
      },
    ],
  },
  {
    slug: 'class-metrics',
    resource: 'Class Performance Metrics',
    title: 'Class Performance Metrics (coming soon)',
    summary: 'Attendance and growth of your classes over time.',
    sections: [
      {
        heading: 'What is planned',
        paragraphs: [
          'Registrations, attendance and returning students for each class, month by month.',
          'Until then, the registrations of each class are listed on your calendar in the trainer portal.',
        ],
      },
    ],
  },
  {
    slug: 'train-the-trainer',
    resource: 'Train the Trainer',
    title: 'Train the Trainer: the In-Person Session',
    summary: `Three days of in-person certification with the Soul Punch team in ${HEADQUARTERS}.`,
    sections: [
      {
        heading: 'The three days',
        items: [
          'Day 1: the curriculum hands-on, technique by technique, with corrections.',
          'Day 2: teaching practice: you run parts of a class and get feedback from the team.',
          'Day 3: the practical assessment, then business and marketing for your first classes.',
        ],
      },
      {
        heading: 'What to bring',
        items: [
          'Comfortable training clothes, water and a notebook.',
          'Your completed online course: the in-person session builds on all six weeks.',
        ],
      },
    ],
  },
  {
    slug: 'weekly-trainings-schedule',
    resource: 'Master Weekly Trainings Schedule',
    title: 'Master Weekly Trainings Schedule',
    summary: 'Every weekly training in one place.',
    sections: [
      {
        heading: 'Every week',
        items: [
          `Weekly live training: ${WEEKLY_TRAINING_TIME}.`,
          `Live support sessions: every ${LIVE_SESSION_DAYS.join(' and ')}.`,
          'Recordings: in the private Facebook group within a few days.',
        ],
      },
      {
        heading: 'Topics rotate',
        paragraphs: [
          'Week 1: technique review. Week 2: teaching skills. Week 3: business and marketing. Week 4: open questions and guest trainers.',
        ],
      },
    ],
  },
];

const BY_SLUG = new Map(TRAINER_GUIDES.map((g) => [g.slug, g]));

export const guidePath = (slug: string) => `/guides/${slug}`;

export const findGuide = (slug: string): TrainerGuide | undefined => BY_SLUG.get(slug);

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The guide as a page of its own: readable without the web app's script, in the brand's name and colour. */
export function renderGuidePage(guide: TrainerGuide, brand: Brand = DEFAULT_BRAND): string {
  return inBrand(guideDocument(guide.title, guide.summary, guideBody(guide)), brand);
}

/** An address under /guides that names no guide. */
export function renderGuideNotFound(brand: Brand = DEFAULT_BRAND): string {
  return inBrand(
    guideDocument(
      'Guide not found',
      'There is no trainer guide at this address. Your resources are listed on your trainer dashboard.',
      '',
    ),
    brand,
  );
}

/**
 * The guides are written in the default brand's name, support address and link colour; an administrator's brand
 * replaces them (decision record 0016).
 */
function inBrand(html: string, brand: Brand): string {
  const recoloured =
    brand.primaryColor === DEFAULT_BRAND.primaryColor
      ? html
      : html.replace('a{color:#c2255c}', `a{color:${brand.primaryColor}}`);
  return recoloured
    .replaceAll(DEFAULT_BRAND.name, escapeHtml(brand.name))
    .replaceAll(DEFAULT_BRAND.supportEmail, escapeHtml(brand.supportEmail));
}

function guideBody(guide: TrainerGuide): string {
  const body = guide.sections
    .map((s) => {
      const paragraphs = (s.paragraphs ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
      const items = s.items?.length
        ? `<ul>\n${s.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('\n')}\n</ul>`
        : '';
      return `<h2>${escapeHtml(s.heading)}</h2>\n${paragraphs}\n${items}`;
    })
    .join('\n');
  const next = guide.next
    ? `<p><a href="${escapeHtml(guide.next.url)}" rel="noopener noreferrer">${escapeHtml(guide.next.label)}</a></p>`
    : '';
  return `${body}\n${next}`;
}

function guideDocument(title: string, summary: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Soul Punch Trainer Guides</title>
<meta name="description" content="${escapeHtml(summary)}">
<meta name="robots" content="noindex">
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f8f9fa;margin:0;line-height:1.6}
header{background:#1a1b1e;color:#fff;padding:12px 24px;font-weight:700}
main{max-width:720px;margin:0 auto;padding:24px;background:#fff}
h1{font-size:1.75rem;margin:0 0 8px}h2{font-size:1.2rem;margin-top:28px}
.summary{color:#495057;font-size:1.05rem}a{color:#c2255c}footer{max-width:720px;margin:0 auto;padding:16px 24px;color:#495057}
</style>
</head>
<body>
<header>Soul Punch Trainer Guides</header>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="summary">${escapeHtml(summary)}</p>
${content}
</main>
<footer><p>${escapeHtml(support)} <a href="/trainer-portal/dashboard">Back to the Trainer Portal</a> · <a href="${SUPPORT_PATH}">Support</a></p></footer>
</body>
</html>
`;
}
