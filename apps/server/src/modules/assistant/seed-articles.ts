import {
  type ArticleAudience,
  BIO_MAX_LENGTH,
  CERTIFICATION_DEFAULTS,
  DEFAULT_CLASS_CAPACITY,
  DEFAULT_CLASS_PRICE,
  DEFAULT_CLASS_TITLE,
  DOCUMENT_TYPE_TITLES,
  formatUsd,
  fullPlanSavePercent,
  HEADQUARTERS,
  type LegalDocumentContent,
  LIVE_SESSION_DAYS,
  MAGIC_LINK_TTL_MINUTES,
  ONBOARDING_STEPS,
  PLANS,
  PRIVACY_POLICY_PATH,
  planTotalCents,
  privacyPolicy,
  SUPPORT_EMAIL,
  SUPPORT_PATH,
  SUPPORT_REPLY_TIME,
  TERMS_AND_CONDITIONS_PATH,
  TERMS_OF_SERVICE_PATHS,
  termsAndConditions,
  termsOfService,
  WEEKLY_TRAINING_TIME,
} from '@soulpunch/shared';

/**
 * The knowledge base the assistant starts with, written as the brand speaks to its trainers. Facts come from the
 * product's own constants (prices, steps, limits) so an article cannot drift from what the app does. Each is
 * inserted once by slug: an admin's later edit is never overwritten, and a new seed article reaches old databases.
 * An article no admin edited is re-rendered at start when its text changes (seedKnowledgeBase), so a new price
 * reaches databases seeded earlier.
 */
export interface SeedArticle {
  slug: string;
  title: string;
  body: string;
  sourceUrl: string | null;
  audience: ArticleAudience;
}

export interface SeedSettings {
  graceDays: number;
  expiryDays: number;
  firstReminderDays: number;
  reminderIntervalDays: number;
}

const full = PLANS.full;
const flex = PLANS.flex;

/** A legal page from packages/shared as Markdown, so the assistant quotes the very text the site shows. */
export function legalToMarkdown(doc: LegalDocumentContent): string {
  const parts = [`${doc.dateLine}.`, ...(doc.introduction ?? [])];
  for (const section of doc.sections) {
    parts.push(`## ${section.heading}`, ...section.paragraphs);
    if (section.items?.length) parts.push(section.items.map((item) => `- ${item}`).join('\n'));
  }
  return parts.join('\n\n');
}

export function seedArticles(s: SeedSettings): SeedArticle[] {
  return [
    {
      slug: 'certification-program',
      title: 'The Soul Punch trainer certification program',
      audience: 'public',
      sourceUrl: TERMS_AND_CONDITIONS_PATH,
      body: `## What the program is
The Soul Punch trainer certification is a 6-week online course followed by a 3-day in-person Train the Trainer session with the Soul Punch team, headquartered in ${HEADQUARTERS}. The dates and place of the next Train the Trainer session are listed under Upcoming Training on your trainer dashboard.

## Price and payment plans
There are two ways to pay. ${full.label}: ${formatUsd(full.amountCents)} once (the list price is ${formatUsd(full.listPriceCents)}, so you save ${fullPlanSavePercent()}%). ${flex.label}: ${formatUsd(flex.amountCents)} per month for ${flex.instalments} months, ${formatUsd(planTotalCents('flex'))} in all. You choose the plan at checkout (/onboarding/checkout) and pay on the payment provider's secure page.

## How long certification lasts and renewal
Certification is valid for 2 years from the date your certificate is issued, and renewal is required to stay certified. Your certificate number, status and expiry date (Valid Through) are on the Certificate card of your trainer dashboard.

## The 8 onboarding steps
After payment your onboarding checklist on the trainer dashboard has 8 steps: ${ONBOARDING_STEPS.map((step, i) => `${i + 1}. ${step.label}`).join('; ')}. Account Created, Payment Completed and Documents Signed follow your account by themselves; you tick the other five yourself once you have joined each resource, and opening a resource under Essential Access ticks its step for you. Video Library Access and Trainer Drive Access open once your payment is complete; what headquarters grants you shows there too.

## Weekly live training
Certified trainers meet live on Zoom every week, ${WEEKLY_TRAINING_TIME}. The Zoom link is under Essential Access in the resources on your trainer dashboard.

## The documents you sign
Every trainer signs three documents before entering the portal: the ${Object.values(DOCUMENT_TYPE_TITLES)
        .join(', the ')
        .replace(/, the ([^,]*)$/, ' and the $1')}.`,
    },
    {
      slug: 'support',
      title: 'Getting help from the Soul Punch team',
      audience: 'public',
      sourceUrl: SUPPORT_PATH,
      body: `## E-mail support
Write to ${SUPPORT_EMAIL}. We reply within ${SUPPORT_REPLY_TIME}. Include your name and the e-mail address you use on the platform so we can find your account quickly.

## Live video support sessions
Talk to the Soul Punch team face to face in the live video support sessions, held every ${LIVE_SESSION_DAYS.join(' and ')}. The Join Live Session button is on the Support page (${SUPPORT_PATH}).

## Weekly live training
Certified trainers meet for live training every week: ${WEEKLY_TRAINING_TIME}. The Zoom link is listed under Essential Access in the resources on your trainer dashboard.

## WhatsApp community
Connect with fellow trainers, share tips and get quick answers in the WhatsApp community. The invitation is in the resources on your trainer dashboard.`,
    },
    {
      slug: 'terms-and-conditions',
      title: termsAndConditions.title,
      audience: 'public',
      sourceUrl: TERMS_AND_CONDITIONS_PATH,
      body: legalToMarkdown(termsAndConditions),
    },
    {
      slug: 'privacy-policy',
      title: privacyPolicy.title,
      audience: 'public',
      sourceUrl: PRIVACY_POLICY_PATH,
      body: legalToMarkdown(privacyPolicy),
    },
    {
      slug: 'terms-of-service',
      title: termsOfService.title,
      audience: 'public',
      sourceUrl: TERMS_OF_SERVICE_PATHS.portal,
      body: legalToMarkdown(termsOfService),
    },
    {
      slug: 'faq-ein-and-business-setup',
      title: 'Setting up your training business: EIN and business basics',
      audience: 'trainer',
      sourceUrl:
        'https://www.irs.gov/businesses/small-businesses-self-employed/apply-for-an-employer-identification-number-ein-online',
      body: `## You run your own business
As a certified trainer you are an independent business: you set up your own business, take your own class payments and keep your own records. The Business Setup resources on your dashboard walk you through it.

## Getting an EIN (employer identification number)
An EIN is the federal tax id number of your business. Apply for it online with the IRS: it is free and you get the number at the end of the application. When asked for your business activity, self-defense instruction falls under NAICS code 61143. The link is the How to Apply for your EIN resource under Business Setup.

## Business structure and taxes
Whether to work as a sole proprietor or form an LLC, and how to handle tax, depends on your state and your situation. This is not legal or tax advice: follow the IRS's official guidance and ask an accountant or attorney in your state.

## Bank account and records
Once you have an EIN, open a separate business bank account and connect your payment accounts (Stripe or PayPal) to it, so class income and costs stay apart from your personal money.`,
    },
    {
      slug: 'faq-insurance',
      title: 'Liability insurance and waivers for your classes',
      audience: 'trainer',
      sourceUrl: 'https://www.nextinsurance.com/',
      body: `## Do I need insurance?
Yes. Carry liability insurance before you teach. Two options are in the Business Setup resources: Next Insurance, with $1 million general liability coverage for trainers, and K&K Insurance, with per-class insurance options if you teach only now and then.

## Recording your insurance
On the Certification tab of your profile, tick the liability insurance box, choose your provider (Next Insurance, K&K Insurance or Other Provider) and enter the expiry date, so the team can see your coverage is current. Renew before the expiry date.

## The participant liability waiver
Every participant signs the Liability Waiver Template (Legal & Compliance resources, marked Required) before class. Keep the signed waivers with your records. The Insurance Information resource explains what coverage you need and how to keep it current.

## Not legal advice
What your policy covers is set by the policy itself: read it, and ask your insurer or an attorney in your state about your own situation.`,
    },
    {
      slug: 'faq-class-payments',
      title: 'Taking payments for your classes: Stripe, PayPal and Pillar',
      audience: 'trainer',
      sourceUrl: 'https://dashboard.stripe.com/register',
      body: `## How students pay you
Students pay you directly: Soul Punch does not collect class fees for you. Use a Stripe or PayPal business account (links under Business Setup in your resources: Stripe Payment Setup and PayPal Business Setup).

## Adding your payment links to your profile
On the Business tab of your profile, tick Stripe, PayPal or Pillar account and paste your payment link (or Pillar profile link) in the field that appears. Save your profile.

## Registration links on your classes
Each class on your calendar can carry a payment or registration link. Classes with a link show a Registration Link button, and visitors see a Register link on your directory card and the public class list.

## Pillar
Pillar is optional: a lead capture and branding tool with its own profile page. Set it up through the Pillar Profile Setup resource under Business Setup.`,
    },
    {
      slug: 'faq-affiliate',
      title: 'Affiliate links and Soul DefendHER commission',
      audience: 'trainer',
      sourceUrl: '/trainer-portal/profile',
      body: `## Earning commission
Register as an affiliate through the Affiliate Registration resource (Business Setup, marked Revenue) and you earn commission on every Soul DefendHER sold through your link.

## Where your affiliate link goes
On the Business tab of your profile, tick the affiliate link box and paste your link. Your card in the public trainer directory then shows a 'Buy Soul DefendHER 2.0' button that opens your affiliate link, so students buy through you.

## Equipment for your classes
Pads, kits and Soul DefendHER devices for your own classes are ordered through the Self Defense Equipment resource under Business Setup.`,
    },
    {
      slug: 'faq-classes-and-calendar',
      title: 'Scheduling classes on your calendar',
      audience: 'trainer',
      sourceUrl: '/trainer-portal/calendar',
      body: `## Adding a class
Open your Class Calendar (/trainer-portal/calendar) and press Add Class. Enter the title, date, start time, location and optional notes. The default title is '${DEFAULT_CLASS_TITLE}', a class lasts 2 hours unless you set an end time, the default price is $${DEFAULT_CLASS_PRICE} and the default capacity is ${DEFAULT_CLASS_CAPACITY} people. Times are kept in the class's own time zone.

## Where your classes appear
Your upcoming classes show on your calendar, on the public class list (/classes), on the public calendar and on your card in the trainer directory, as long as your profile is listed and your documents are signed.

## Registrations and capacity
Visitors register with their name and e-mail. When a class is full, new registrations go on a waitlist. Each person gets a link to cancel their own registration.

## Calendar feeds
Visitors and you can subscribe to class calendar feeds (iCalendar files): all classes, or the classes of one trainer, so classes show up in Google Calendar, Apple Calendar or Outlook.`,
    },
    {
      slug: 'faq-portal-and-profile',
      title: 'Your trainer portal and public profile',
      audience: 'trainer',
      sourceUrl: '/trainer-portal/profile',
      body: `## Signing in
You sign in with your e-mail only: enter it on the Trainer Portal login and we e-mail you a sign-in link. The link works once and expires after ${MAGIC_LINK_TTL_MINUTES} minutes; check your spam folder if it does not arrive, or press Send Another Link. You stay signed in for 7 days without use, and at most 30 days after signing in.

## The dashboard
The dashboard shows your onboarding checklist, your certification dates and the resources: Essential Access, Business Setup, Marketing & Communication, Legal & Compliance and Analytics & Tracking (coming soon).

## Editing your profile
Open My Profile (/trainer-portal/profile). The Profile Completion card shows how complete each of the six sections is: Personal, Social, Cert, Business, Materials and Public Profile. Your public bio can be up to ${BIO_MAX_LENGTH} characters. A profile picture must be a PNG or JPG of at most 2 MB.

## Appearing in the trainer directory
Turn on the show-in-directory toggle on the Public Profile tab to appear in the public Find a Trainer directory and map. Trainers with an unsigned required document, with resources paused for an unpaid instalment, or with a suspended certification are left out until it is put right; your dashboard says why.

## Missing access to materials
If you are missing access to the video library, trainer drive, workbooks, Canva or marketing assets, write to ${SUPPORT_EMAIL} and we will restore your access.`,
    },
    {
      slug: 'faq-renewal',
      title: 'Renewing your certification',
      audience: 'trainer',
      sourceUrl: TERMS_AND_CONDITIONS_PATH,
      body: `## When renewal is due
Your certification is valid for 2 years from the date it is issued (Terms & Conditions, Licensing and Certification). To keep teaching as a certified Soul Punch trainer after that date you must renew. A certification that is not renewed expires, and your directory listing and portal access end with it.

## Finding your renewal date
Your renewal date is the expiry date (Valid Through) on the Certificate card of your trainer dashboard; Soul Punch keeps it. You are reminded by e-mail and on the dashboard before it expires (${CERTIFICATION_DEFAULTS.reminderDays.join(', ')} days before) and again if it lapses.

## How to renew (recertification)
Once renewal is due, the Certificate card lists what renewal requires, such as a refresher training session attended since renewal came due, and each requirement you have met. When all are met, press Renew Certification. Renewing extends your certificate ${CERTIFICATION_DEFAULTS.validityYears} years from its current expiry date, whatever day you renew, so renewing early loses nothing. A lapsed certificate can be renewed the same way; until then you are not listed in the directory. If a renewal fee applies, our team records it with your renewal. Write to ${SUPPORT_EMAIL} with any question, and keep attending the weekly live training (${WEEKLY_TRAINING_TIME}) to stay current with the curriculum.`,
    },
    {
      slug: 'faq-program-payments',
      title: 'Paying for your certification: full payment, flex plan and failed instalments',
      audience: 'trainer',
      sourceUrl: TERMS_AND_CONDITIONS_PATH,
      body: `## The two plans
${full.label} is ${formatUsd(full.amountCents)} once. The ${flex.label} is ${formatUsd(flex.amountCents)} a month for ${flex.instalments} monthly instalments (${formatUsd(planTotalCents('flex'))} in all), charged automatically to the card you paid with.

## When a monthly instalment fails
If an instalment cannot be charged, your account shows as past due, we e-mail you a link to pay now, and your dashboard shows a banner with the same link. You have ${s.graceDays} days of grace to pay.

## After the grace period
If the instalment is still unpaid after ${s.graceDays} days, your portal resources pause: nothing is deleted, and paying restores access at once.

## Refunds and chargebacks
Under the Terms & Conditions there are no refunds once access to the program has been granted, and you agree to raise any payment concern with Soul Punch instead of filing a chargeback. A refund or a dispute suspends the certification until an administrator reinstates it. Write to ${SUPPORT_EMAIL} about any payment problem.`,
    },
    {
      slug: 'faq-documents',
      title: 'Signing your documents',
      audience: 'trainer',
      sourceUrl: '/trainer-portal/dashboard',
      body: `## Which documents
You sign three documents: the Trainer Agreement, the Non-Disclosure Agreement and the Liability Waiver. They are sent to you as soon as your payment is confirmed.

## How signing works
Open each document from your dashboard. The first time, you agree to use electronic records and signatures (you can withdraw that consent). Read the full text, tick 'I have read and agree', type your full name and, if you like, draw your signature. We record the time, your device and a fingerprint of the exact text you signed.

## Your signed copy
When you sign, you receive the signed PDF by e-mail and can download it from the portal at any time. It carries a certificate of completion; anyone can check it is genuine at /verify.

## Reminders and expiry
If a document stays unsigned, we send a reminder after ${s.firstReminderDays} days and then every ${s.reminderIntervalDays} days. An unsigned document expires after ${s.expiryDays} days; ask support to send it again. Until all three are signed you are not shown in the public directory.`,
    },
    {
      slug: 'use-of-force-and-legal-questions',
      title: 'Use of force and legal questions: what the curriculum teaches',
      audience: 'trainer',
      sourceUrl: TERMS_AND_CONDITIONS_PATH,
      body: `## The curriculum's guidance
The Soul Punch curriculum puts awareness, avoidance, boundary setting and de-escalation first. Physical techniques are taught as a last resort, to create a chance to escape and get to safety, never to punish or to win a fight. Once the threat stops, you stop and get away.

## Teaching it in class
Teach the techniques exactly as shown in the Self-Defense Video Library and the Trainer Resources Drive, and use the talking points from the official material when students ask about the law. Do not give students legal advice about what force is allowed.

## Legal questions
Self-defense and use-of-force law differs from state to state. Neither this assistant nor a trainer can tell someone whether force was or would be lawful: point students, and yourself, to the official material and to a licensed attorney or local law enforcement in their state. Your own legal duties as a trainer are set by the Trainer Agreement and the Terms & Conditions.`,
    },
    {
      slug: 'admin-knowledge-base-guide',
      title: 'Admin guide: keeping the assistant\u2019s knowledge base',
      audience: 'admin',
      sourceUrl: null,
      body: `## How the assistant answers
The assistant answers trainers only from the published articles of the knowledge base. Drafts and retired articles are never used. Each article has an audience: public, trainer or admin; admin articles such as this one are never shown to trainers.

## Unanswered questions
The admin list of asked questions shows recent and unanswered questions with the trainers' thumbs up or down. Turn an unanswered question into a draft article, write the answer, then publish it: the next question uses it.

## Resources
Articles about portal resources follow the resources catalogue: edit the resource (name, description, link) and the assistant's article changes with it.`,
    },
  ];
}
