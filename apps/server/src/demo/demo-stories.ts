import { randomBytes } from 'node:crypto';
import {
  addYears,
  CERTIFICATION_DEFAULTS,
  CURRENCY,
  PLANS,
  planTotalCents,
  resourceInputSchema,
  type SessionUser,
} from '@soulpunch/shared';
import type { EnrolmentRow } from '../db/schema-payments';
import type { AppDeps } from '../deps';
import { DAY_MS, manualClock } from '../lib/clock';
import { hashToken, newToken } from '../lib/tokens';
import { syncResourceArticles } from '../modules/assistant/knowledge';
import { brandDay } from '../modules/certification/dates';
import { runCertificationRound } from '../modules/certification/round';
import { issueCertification, renewCertification } from '../modules/certification/service';
import {
  createRequiredDocuments,
  DISCLOSURE,
  giveConsent,
  listTrainerDocuments,
  recordSignature,
  runDocumentSchedule,
} from '../modules/documents/service';
import type { Mailer } from '../modules/mail/mailer';
import type { ProviderEvent } from '../modules/payments/events';
import { addMonths } from '../modules/payments/ledger';
import { createTestProvider } from '../modules/payments/providers';
import {
  insertEnrolment,
  markEnrolmentConfirmed,
  markTestCheckoutPaid,
  updateEnrolment,
} from '../modules/payments/repository';
import { pauseLapsedAccess, processPaymentEvent } from '../modules/payments/service';
import { firstPaymentEvents, instalmentEvent, openTestCheckout } from '../modules/payments/test-provider';
import { guidePath, TRAINER_GUIDES } from '../modules/portal/guides';
import { updateResourceRow } from '../modules/portal/repository';
import { listAdminResources } from '../modules/portal/resources-admin';
import { DEMO_ADMIN, type DemoTrainer } from './demo-data';

/** A demo trainer as loaded: its record and account. */
export interface LoadedDemoTrainer {
  trainer: DemoTrainer;
  trainerId: number;
  userId: number;
  isAdmin: boolean;
}

/**
 * The demo's past happened before the demo began: its e-mails (receipts, signing links, reminders) are queued and
 * recorded as sent like any other, but reach no outbox, so the mailbox shows only what is sent from now on.
 */
const pastMailer: Mailer = { kind: 'outbox', send: async () => {}, close: async () => {} };

/** Signatures of the demo's past were made from a documentation address (RFC 5737), never a real one. */
const DEMO_SIGNER_IP = '192.0.2.10';
const DEMO_SIGNER_AGENT = 'Soul Punch demo data';
/** The generated trainings begin in 2023 (demo-data.ts): those of that year are years before any load day. */
const FIRST_TRAINING_YEAR_END = '2024-01-01';
/** The demo's certificate that is due for renewal expires this many days after the demo is loaded. */
const DUE_IN_DAYS = 45;
/**
 * A second certificate comes due, 30 days after loading, whose trainer has attended no refresher since: renewal
 * shows what is missing (and, when an admin makes renewal require the fee alone, the trainer pays it from the
 * portal: e2e/tests/renewal-fee.spec.ts).
 */
export const DEMO_DUE_WITHOUT_REFRESHER = { email: 'jordan.wood@example.com', inDays: 30 } as const;
/** The trainer with the certificate due attended the weekly live training this many days ago (a refresher). */
const REFRESHER_DAYS_AGO = 10;
/** The demo's renewals came in this many days before the certificate expired. */
const RENEWED_DAYS_BEFORE_EXPIRY = 20;
/** The in-person training follows the 6-week online course. */
const ENROLMENT_TO_TRAINING_DAYS = 45;

/**
 * Tells each paid demo trainer's story through the payments and documents modules, on a clock set to when each
 * step happened: the test provider's payment events go through the webhook's own handler (ledger, payment
 * standing, event log), the documents are created and sent, signed with consent and audit trail, and the
 * scheduled rounds then run once at `now` (reminders due, documents expired, resources paused past the grace).
 * Signed documents get their sealed PDF on first download (sealing each here would slow every start).
 */
export async function tellDemoStories(deps: AppDeps, trainers: LoadedDemoTrainer[]): Promise<void> {
  const now = deps.clock.now();
  const clock = manualClock(now);
  const past: AppDeps = { ...deps, clock, mailer: pastMailer };
  const provider = createTestProvider(deps.config, (e) => openTestCheckout(deps.db, e));
  const today = now.toISOString().slice(0, 10);
  // Certificates count whole days in the brand's zone (Central): 'due in 45 days' must hold after midnight UTC too.
  const certificationDay = brandDay(now);
  /** 3 PM UTC (morning to afternoon across the US) `days` before today, never after now. */
  const dayAt = (days: number, minutes = 0) =>
    new Date(
      Math.min(Date.parse(`${today}T15:00:00Z`) - days * DAY_MS + minutes * 60_000, now.getTime() - 1),
    );

  const admin = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN.email)
    .executeTakeFirstOrThrow();

  // One trainer's certificate comes due for renewal in the demo, whatever day it is loaded (the dashboard's notice):
  // the last trainer paid in full and signed who trained in the demo's first year, so the same one every day.
  const dueSoonId = trainers.findLast(
    ({ trainer }) =>
      trainer.story.plan === 'full' &&
      trainer.story.documents === 'signed' &&
      !trainer.isHeadquarters &&
      `${trainer.profile.trainingDate}` < FIRST_TRAINING_YEAR_END &&
      Date.parse(`${trainer.profile.trainingDate}T15:00:00Z`) + 2 * DAY_MS < lateIssueFor(certificationDay),
  )?.trainerId;
  for (const [index, loaded] of trainers.entries()) {
    const { trainer, trainerId } = loaded;
    const { story } = trainer;
    if (!story.plan) continue;
    const enrolledAt =
      story.enrolledDaysAgo !== null
        ? dayAt(story.enrolledDaysAgo, index)
        : new Date(
            Date.parse(`${trainer.profile.trainingDate}T15:00:00Z`) -
              ENROLMENT_TO_TRAINING_DAYS * DAY_MS +
              index * 60_000,
          );
    clock.set(enrolledAt);
    let enrolment = await insertEnrolment(deps.db, {
      publicId: `enr_${randomBytes(12).toString('base64url')}`,
      cookieHash: hashToken(deps.config.sessionSecret, newToken()),
      fullName: trainer.name,
      email: trainer.email,
      phone: trainer.phone,
      city: trainer.city,
      state: trainer.state,
      termsAgreedAt: enrolledAt,
      plan: story.plan,
      amountCents: PLANS[story.plan].amountCents,
      totalCents: planTotalCents(story.plan),
      currency: CURRENCY,
      provider: 'test',
      emailVerifiedAt: enrolledAt,
      // The record exists already (its account and profile are loaded with the people): the payment finds it.
      trainerId,
      testCard: 'pays',
      createdAt: enrolledAt,
      updatedAt: enrolledAt,
    });
    const checkoutId = await openTestCheckout(deps.db, enrolment);
    enrolment = await updateEnrolment(deps.db, enrolment.id, {
      checkoutId,
      checkoutUrl: `${deps.config.appUrl}/test-checkout/${checkoutId}`,
    });
    await markTestCheckoutPaid(deps.db, checkoutId);
    for (const event of firstPaymentEvents(enrolment, checkoutId, enrolledAt.getTime())) {
      await paymentEvent(past, provider, event);
    }
    const confirmed = enrolment;
    await deps.db
      .transaction()
      .execute((trx) => markEnrolmentConfirmed(trx, confirmed.id, trainer.name, enrolledAt));
    await createRequiredDocuments(past, trainerId);

    if (story.documents === 'signed') {
      await signEverything(past, loaded, enrolledAt);
      const due =
        trainerId === dueSoonId
          ? { inDays: DUE_IN_DAYS, refresher: true }
          : trainer.email === DEMO_DUE_WITHOUT_REFRESHER.email
            ? { inDays: DEMO_DUE_WITHOUT_REFRESHER.inDays, refresher: false }
            : null;
      await certify(past, trainerId, admin.id, enrolledAt, certificationDay, due);
    }
    if (story.plan === 'flex') await billInstalments(past, provider, enrolment, story.pastDue, now);
  }

  clock.set(now);
  await runDocumentSchedule(past, now);
  await pauseLapsedAccess(past, now);
  await runCertificationRound(past, now);
}

/**
 * The trainer attended Train the Trainer 45 days after enrolling (the checklist's training step, marked then) and
 * the admin issued the certificate the next day, through the certification service; a certificate that would
 * have come due since was renewed 20 days before its expiry, each time 2 years from the old expiry. With `due`
 * the admin issued it late, so that it expires `due.inDays` from today; with `due.refresher` the trainer has
 * attended the weekly live training (a refresher) since renewal came due, so the trainer can renew.
 */
async function certify(
  deps: AppDeps,
  trainerId: number,
  adminId: number,
  enrolledAt: Date,
  today: string,
  due: { inDays: number; refresher: boolean } | null,
): Promise<void> {
  const clock = deps.clock as ReturnType<typeof manualClock>;
  const trainedAt = new Date(enrolledAt.getTime() + ENROLMENT_TO_TRAINING_DAYS * DAY_MS);
  // Marked when the training happened (a mark the generator gave the trainer is redated to it).
  await deps.db
    .deleteFrom('trainerOnboardingSteps')
    .where('trainerId', '=', trainerId)
    .where('step', '=', 'weekly_training_access')
    .execute();
  await deps.db
    .insertInto('trainerOnboardingSteps')
    .values({
      trainerId,
      step: 'weekly_training_access',
      // The latest training attended: a refresher lately for the trainer whose certificate is due.
      completedAt: due?.refresher
        ? new Date(Date.parse(`${today}T15:00:00Z`) - REFRESHER_DAYS_AGO * DAY_MS)
        : trainedAt,
    })
    .execute();
  const admin = { userId: adminId, admin: true };
  const issueAt = trainedAt.getTime() + DAY_MS;
  clock.set(new Date(due ? lateIssueFor(today, due.inDays) : issueAt));
  let record = await issueCertification(deps, trainerId, admin, 'Completed Train the Trainer');
  for (;;) {
    const renewAt = Date.parse(`${record.expiresOn}T15:00:00Z`) - RENEWED_DAYS_BEFORE_EXPIRY * DAY_MS;
    if (renewAt > Date.parse(`${today}T00:00:00Z`)) break;
    clock.set(new Date(renewAt));
    record = await renewCertification(
      deps,
      trainerId,
      admin,
      'Renewal fee paid and refresher session attended',
    );
  }
}

/** When the admin issued a demo certificate that is now due: `inDays` from `today`, less its validity. */
const lateIssueFor = (today: string, inDays = DUE_IN_DAYS) =>
  Date.parse(`${addYears(today, -CERTIFICATION_DEFAULTS.validityYears)}T15:00:00Z`) + inDays * DAY_MS;

type Provider = ReturnType<typeof createTestProvider>;

async function paymentEvent(deps: AppDeps, provider: Provider, event: ProviderEvent) {
  const answer = await processPaymentEvent(deps, provider, event);
  if (answer.status !== 200 || answer.body.refused) {
    throw new Error(`demo payment event ${event.type} was not applied: ${JSON.stringify(answer.body)}`);
  }
}

/** The day after the documents arrived: consent to sign electronically, then each document signed. */
async function signEverything(deps: AppDeps, loaded: LoadedDemoTrainer, sentAt: Date) {
  const clock = deps.clock as ReturnType<typeof manualClock>;
  const { trainer, trainerId, userId } = loaded;
  const user: SessionUser = {
    id: userId,
    email: trainer.email,
    name: trainer.name,
    roles: loaded.isAdmin ? ['trainer', 'admin'] : ['trainer'],
    trainerId,
  };
  const ctx = { user, ip: DEMO_SIGNER_IP, userAgent: DEMO_SIGNER_AGENT };
  clock.set(new Date(sentAt.getTime() + DAY_MS + 90 * 60_000));
  await giveConsent(deps, ctx, {
    disclosureVersion: DISCLOSURE.version,
    disclosureSha256: DISCLOSURE.sha256,
  });
  for (const doc of await listTrainerDocuments(deps.db, trainerId)) {
    clock.advance(4 * 60_000);
    await recordSignature(deps, doc.id, ctx, {
      templateHash: doc.templateHash,
      agreed: true,
      fullName: trainer.name,
      signatureImage: null,
    });
  }
}

/**
 * The flex plan's later instalments, each billed on its due day as the test provider bills them: paid with the
 * saved card, or (past due) the latest one due fails with a page to pay it now. Later ones stay scheduled for the
 * app's own billing round.
 */
async function billInstalments(
  deps: AppDeps,
  provider: Provider,
  enrolment: EnrolmentRow,
  pastDue: boolean,
  now: Date,
) {
  const clock = deps.clock as ReturnType<typeof manualClock>;
  const due: number[] = [];
  for (let n = 2; n <= PLANS.flex.instalments; n++) {
    const day = addMonths(enrolment.createdAt, n - 1);
    if (Date.parse(`${day}T12:00:00Z`) <= now.getTime()) due.push(n);
  }
  for (const n of due) {
    const at = new Date(`${addMonths(enrolment.createdAt, n - 1)}T12:00:00Z`);
    clock.set(at);
    let payNowUrl: string | null = null;
    if (pastDue && n === due[due.length - 1]) {
      // The saved card stopped working: this instalment and the ones after it fail until the trainer pays.
      await updateEnrolment(deps.db, enrolment.id, { testCard: 'fails' });
      payNowUrl = `${deps.config.appUrl}/test-checkout/${await openTestCheckout(deps.db, enrolment, n)}`;
    }
    await paymentEvent(deps, provider, instalmentEvent(enrolment, n, payNowUrl, at.getTime()));
  }
}

/**
 * The catalogue's links go to the brand's own places (its drive, its chat group), which a demo does not have: in
 * the demo each resource opens the trainer guide the app serves about it. The links change as an admin's edit
 * changes them, in one go: the rows, then the assistant's articles about them (syncResourceArticles).
 */
export async function linkResourcesToGuides(deps: AppDeps, adminUserId: number): Promise<void> {
  const guides = new Map(TRAINER_GUIDES.map((g) => [g.resource, g]));
  const { resources } = await listAdminResources(deps.db);
  await deps.db.transaction().execute(async (trx) => {
    const changed: number[] = [];
    for (const r of resources) {
      const guide = guides.get(r.name);
      if (!guide) continue;
      // The admin's own check of a link: a full address.
      const url = resourceInputSchema.shape.url.parse(`${deps.config.appUrl}${guidePath(guide.slug)}`);
      await updateResourceRow(trx, r.id, {
        name: r.name,
        description: r.description,
        badge: r.badge,
        details: r.details,
        url,
        kind: r.kind,
        categoryId: r.categoryId,
        position: r.order,
        startsOn: r.startsOn,
        endsOn: r.endsOn,
      });
      changed.push(r.id);
    }
    await syncResourceArticles(trx, changed, adminUserId, deps.clock.now());
  });
}
