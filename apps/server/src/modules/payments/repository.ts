import type { PaymentStatus } from '@soulpunch/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { EnrolmentRow, EnrolmentsTable } from '../../db/schema-payments';
import type { Trx } from '../../db/types';

// --- Enrolments ---

export async function findEnrolment(db: Db, id: number): Promise<EnrolmentRow | undefined> {
  return db.selectFrom('enrolments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getEnrolment(db: Db, id: number): Promise<EnrolmentRow> {
  return db.selectFrom('enrolments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function findEnrolmentByCookieHash(db: Db, cookieHash: string) {
  return db.selectFrom('enrolments').selectAll().where('cookieHash', '=', cookieHash).executeTakeFirst();
}

/** The trainer's paid enrolment in the program (their plan); renewal fees are enrolments of their own. */
export async function findPaidEnrolmentOfTrainer(db: Db, trainerId: number) {
  return db
    .selectFrom('enrolments')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .where('status', '=', 'paid')
    .where('purpose', '=', 'program')
    .executeTakeFirst();
}

/** The unpaid enrolment a trainer an admin added started from the portal, if any (the newest). */
export async function findOpenPortalEnrolment(db: Db, trainerId: number) {
  return db
    .selectFrom('enrolments')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .where('origin', '=', 'portal')
    .where('status', '=', 'checkout')
    .where('purpose', '=', 'program')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A renewal fee of this trainer for this expiry: the paid one, or else the newest still open. */
export async function findRenewalEnrolment(
  db: Db,
  trainerId: number,
  renewsExpiresOn: string,
  status: 'paid' | 'checkout',
) {
  return db
    .selectFrom('enrolments')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .where('purpose', '=', 'renewal')
    .where('renewsExpiresOn', '=', renewsExpiresOn)
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Whether the address already has an account, a trainer or a paid enrolment. */
export async function addressInUse(db: Db, email: string): Promise<boolean> {
  const [user, trainer, paid] = await Promise.all([
    db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    db.selectFrom('trainers').select('id').where('email', '=', email).executeTakeFirst(),
    db
      .selectFrom('enrolments')
      .select('id')
      .where('email', '=', email)
      .where('status', '=', 'paid')
      .where('purpose', '=', 'program')
      .executeTakeFirst(),
  ]);
  return Boolean(user || trainer || paid);
}

export async function insertEnrolment(db: Db, values: Insertable<EnrolmentsTable>): Promise<EnrolmentRow> {
  return db.insertInto('enrolments').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEnrolment(
  db: Db,
  id: number,
  values: Updateable<EnrolmentsTable>,
): Promise<EnrolmentRow> {
  return db
    .updateTable('enrolments')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function bumpCheckoutAttempt(db: Db, id: number): Promise<EnrolmentRow> {
  return db
    .updateTable('enrolments')
    .set((eb) => ({ checkoutAttempt: eb('checkoutAttempt', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Counts one try of the e-mailed code, in one statement, while the code is live and tries are left. */
export async function spendCodeTry(db: Db, id: number, now: Date, maxTries: number) {
  return db
    .updateTable('enrolments')
    .set((eb) => ({ emailCodeAttempts: eb('emailCodeAttempts', '+', 1) }))
    .where('id', '=', id)
    .where('emailCodeHash', 'is not', null)
    .where('emailCodeExpiresAt', '>', now)
    .where('emailCodeAttempts', '<', maxTries)
    .returning(['emailCodeHash', 'emailCodeAttempts'])
    .executeTakeFirst();
}

export async function codeState(db: Db, id: number) {
  return db
    .selectFrom('enrolments')
    .select(['emailCodeHash', 'emailCodeAttempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The address is verified with this code, unless a concurrent request spent or replaced it. */
export async function markEmailVerified(db: Db, id: number, codeHash: string, now: Date) {
  return db
    .updateTable('enrolments')
    .set({
      emailVerifiedAt: now,
      emailCodeHash: null,
      emailCodeExpiresAt: null,
      emailCodeAttempts: 0,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .where('emailCodeHash', '=', codeHash)
    .returningAll()
    .executeTakeFirst();
}

export async function cancelUnpaidEnrolments(db: Db, createdBy: Date): Promise<number> {
  const expired = await db
    .updateTable('enrolments')
    .set({ status: 'cancelled', emailCodeHash: null, emailCodeExpiresAt: null, updatedAt: new Date() })
    .where('status', '=', 'checkout')
    .where('createdAt', '<=', createdBy)
    .returning('id')
    .execute();
  return expired.length;
}

/** The enrolment a provider event names by any of its ids; a paid one first when a customer id matches several. */
export async function findEnrolmentForEvent(
  trx: Trx,
  ids: { subscription: string | null; checkout: string | null; ref: string | null; customer: string | null },
): Promise<EnrolmentRow | undefined> {
  const { subscription, checkout, ref, customer } = ids;
  return (
    trx
      .selectFrom('enrolments')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(subscription ? [eb('subscriptionId', '=', subscription)] : []),
          ...(checkout ? [eb('checkoutId', '=', checkout)] : []),
          ...(ref ? [eb('publicId', '=', ref)] : []),
          ...(customer ? [eb('customerId', '=', customer)] : []),
          eb.val(false),
        ]),
      )
      // An id that names one enrolment (its subscription, checkout or our reference) wins over a shared customer.
      .orderBy((eb) =>
        eb
          .case()
          .when(
            eb.or([
              ...(subscription ? [eb('subscriptionId', '=', subscription)] : []),
              ...(checkout ? [eb('checkoutId', '=', checkout)] : []),
              ...(ref ? [eb('publicId', '=', ref)] : []),
              eb.val(false),
            ]),
          )
          .then(0)
          .else(1)
          .end(),
      )
      .orderBy(sql`case when status = 'paid' then 0 else 1 end`)
      .orderBy('id', 'desc')
      .executeTakeFirst()
  );
}

export async function markEnrolmentPaid(trx: Trx, id: number, at: Date): Promise<void> {
  await trx
    .updateTable('enrolments')
    .set({
      status: 'paid',
      paidAt: sql`least(coalesce(paid_at, ${at}), ${at})`,
      lastError: null,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function endSubscription(trx: Trx, id: number, at: Date): Promise<void> {
  await trx
    .updateTable('enrolments')
    .set({ subscriptionEndedAt: sql`least(coalesce(subscription_ended_at, ${at}), ${at})` })
    .where('id', '=', id)
    .execute();
}

/** Marks the confirm done once: false when another request confirmed first. */
export async function markEnrolmentConfirmed(trx: Trx, id: number, fullName: string, at: Date) {
  const confirmed = await trx
    .updateTable('enrolments')
    .set({ confirmedAt: at, fullName })
    .where('id', '=', id)
    .where('confirmedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(confirmed);
}

/** A flex subscription waits for its schedule at the provider, asked for after the transaction commits. */
export async function markScheduleWanted(trx: Trx, id: number, subscriptionId: string): Promise<void> {
  await trx
    .updateTable('enrolments')
    .set({ instalmentScheduleFor: subscriptionId })
    .where('id', '=', id)
    .where('instalmentsScheduledAt', 'is', null)
    .execute();
}

export async function enrolmentsAwaitingSchedule(db: Db, limit = 50): Promise<number[]> {
  const rows = await db
    .selectFrom('enrolments')
    .select('id')
    .where('instalmentScheduleFor', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The schedule the provider confirmed for this subscription; a later one (a new subscription) stays wanted. */
export async function markScheduled(db: Db, id: number, subscriptionId: string, at: Date): Promise<void> {
  await db
    .updateTable('enrolments')
    .set({ instalmentScheduleFor: null, instalmentsScheduledAt: at })
    .where('id', '=', id)
    .where('instalmentScheduleFor', '=', subscriptionId)
    .execute();
}

// --- The trainer's payment standing (the payment columns of a trainer) ---

export async function trainerPaymentState(db: Db, trainerId: number) {
  return db
    .selectFrom('trainers')
    .select([
      'id',
      'name',
      'email',
      'onboardingStatus',
      'paymentStatus',
      'pastDueSince',
      'accessPausedAt',
      'certificationSuspendedAt',
      'certificationSuspensionReason',
    ])
    .where('id', '=', trainerId)
    .executeTakeFirst();
}

export async function setPaymentStanding(
  trx: Trx,
  trainerId: number,
  paymentStatus: PaymentStatus,
  pastDueSince: Date | null,
): Promise<void> {
  await trx
    .updateTable('trainers')
    .set({
      paymentStatus,
      pastDueSince,
      // Paying what was overdue restores access at once.
      ...(pastDueSince ? {} : { accessPausedAt: null }),
      updatedAt: new Date(),
    })
    .where('id', '=', trainerId)
    .execute();
}

/** Suspends from the earliest reason's time; an earlier suspension and its reason stay. */
export async function suspendCertification(trx: Trx, trainerId: number, when: Date, reason: string) {
  await trx
    .updateTable('trainers')
    .set({
      certificationSuspendedAt: sql`least(coalesce(certification_suspended_at, ${when}), ${when})`,
      certificationSuspensionReason: sql`coalesce(certification_suspension_reason, ${reason})`,
      updatedAt: new Date(),
    })
    .where('id', '=', trainerId)
    .execute();
}

export async function reinstateCertification(trx: Trx, trainerId: number, at: Date): Promise<void> {
  await trx
    .updateTable('trainers')
    .set({ certificationSuspendedAt: null, certificationSuspensionReason: null, updatedAt: at })
    .where('id', '=', trainerId)
    .execute();
}

/** Past due since before `cutoff` and not paused yet: paused now. Returns how many. */
export async function pauseAccessPastDueSince(db: Db, cutoff: Date, now: Date): Promise<number> {
  const paused = await db
    .updateTable('trainers')
    .set({ accessPausedAt: now, updatedAt: now })
    .where('paymentStatus', '=', 'past_due')
    .where('pastDueSince', '<=', cutoff)
    .where('accessPausedAt', 'is', null)
    .returning('id')
    .execute();
  return paused.length;
}

/** Every admin action on money is written to the trainer's audit history with its reason. */
export async function recordTrainerChange(
  trx: Trx,
  trainerId: number,
  adminId: number,
  change: { field: string; from: unknown; to: unknown },
): Promise<void> {
  await trx
    .insertInto('trainerChanges')
    .values({ trainerId, changedBy: adminId, changes: JSON.stringify([change]) })
    .execute();
}

// --- Received provider events ---

/** Stores a new event; false when it was stored before (a repeat delivery). */
export async function insertEventIfNew(
  trx: Trx,
  event: { id: string; provider: string; type: string; payload: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('paymentEvents')
    .values(event)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Waits for a concurrent delivery of the same event to finish, then says whether it went through. */
export async function lockEvent(trx: Trx, id: string) {
  return trx
    .selectFrom('paymentEvents')
    .select(['processedAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function countEventAttempt(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('paymentEvents')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markEventProcessed(trx: Trx, id: string, at: Date): Promise<void> {
  await trx.updateTable('paymentEvents').set({ processedAt: at, error: null }).where('id', '=', id).execute();
}

/** An event that did not go through: stored (if new) with its error, for the admins' list and a replay. */
export async function recordEventError(
  db: Db,
  event: { id: string; provider: string; type: string; payload: string },
  message: string,
): Promise<void> {
  await db
    .insertInto('paymentEvents')
    .values({ ...event, error: message })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ error: message, attempts: eb('paymentEvents.attempts', '+', 0) })),
    )
    .execute();
}

export async function setEventError(db: Db, id: string, message: string): Promise<void> {
  await db.updateTable('paymentEvents').set({ error: message }).where('id', '=', id).execute();
}

/**
 * The event as the provider sent it, read as text: read as JSON, the CamelCasePlugin would rename its fields
 * (amount_total to amountTotal) and the handler, reading the provider's names, would find none of them.
 */
const payloadText = sql<string>`payload::text`.as('payload');

export async function listEvents(db: Db, limit: number) {
  return db
    .selectFrom('paymentEvents')
    .select(['id', 'provider', 'type', 'receivedAt', 'processedAt', 'error', payloadText])
    .orderBy('receivedAt', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The enrolments (with their trainer's name) that any of these provider ids name, and the enrolment of each charge
 * a refund or dispute names: one query each for a whole page of events.
 */
export async function enrolmentsNamedBy(
  db: Db,
  ids: {
    subscriptions: string[];
    checkouts: string[];
    refs: string[];
    customers: string[];
    charges: string[];
  },
) {
  const any = (values: string[]) => (values.length ? values : ['']);
  const enrolments = await db
    .selectFrom('enrolments')
    .leftJoin('trainers', 'trainers.id', 'enrolments.trainerId')
    .select([
      'enrolments.id',
      'enrolments.status',
      'enrolments.subscriptionId',
      'enrolments.checkoutId',
      'enrolments.publicId',
      'enrolments.customerId',
      'enrolments.purpose',
      'trainers.id as trainerId',
      'trainers.name as trainerName',
    ])
    .where((eb) =>
      eb.or([
        eb('enrolments.subscriptionId', 'in', any(ids.subscriptions)),
        eb('enrolments.checkoutId', 'in', any(ids.checkouts)),
        eb('enrolments.publicId', 'in', any(ids.refs)),
        eb('enrolments.customerId', 'in', any(ids.customers)),
      ]),
    )
    .execute();
  const charges = await db
    .selectFrom('payments')
    .select(['providerRef', 'enrolmentId'])
    .where('providerRef', 'in', any(ids.charges))
    .execute();
  return { enrolments, charges };
}

export async function findEvent(db: Db, id: string) {
  return db
    .selectFrom('paymentEvents')
    .select(['id', 'processedAt', payloadText])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A replayed event went through: processed now, one more attempt counted. */
export async function markEventReplayed(trx: Trx, id: string, at: Date): Promise<void> {
  await trx
    .updateTable('paymentEvents')
    .set((eb) => ({ processedAt: at, error: null, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

// --- The offline test provider's checkouts ---

export async function insertTestCheckout(
  db: Db,
  values: { id: string; enrolmentId: number; instalment: number | null; amountCents: number },
): Promise<void> {
  await db.insertInto('testCheckouts').values(values).execute();
}

export async function findTestCheckout(db: Db, id: string) {
  return db
    .selectFrom('testCheckouts')
    .innerJoin('enrolments', 'enrolments.id', 'testCheckouts.enrolmentId')
    .select([
      'testCheckouts.id',
      'testCheckouts.instalment',
      'testCheckouts.amountCents',
      'testCheckouts.status',
      'enrolments.id as enrolmentId',
      'enrolments.checkoutId',
      'enrolments.status as enrolmentStatus',
    ])
    .where('testCheckouts.id', '=', id)
    .executeTakeFirst();
}

export async function markTestCheckoutPaid(db: Db, id: string): Promise<void> {
  await db.updateTable('testCheckouts').set({ status: 'paid' }).where('id', '=', id).execute();
}

// --- What a first payment and its confirm create ---

/** The trainer record a first payment creates (or finds, by address), with its empty profile. */
export async function findOrCreateTrainer(
  trx: Trx,
  enrolment: EnrolmentRow,
): Promise<{ trainerId: number; created: boolean }> {
  const existing = await trx
    .selectFrom('trainers')
    .select(['id'])
    .where('email', '=', enrolment.email)
    .executeTakeFirst();
  if (existing) return { trainerId: existing.id, created: false };
  const created = await trx
    .insertInto('trainers')
    .values({
      name: enrolment.fullName,
      email: enrolment.email,
      phone: enrolment.phone,
      city: enrolment.city,
      state: enrolment.state,
      paymentStatus: 'completed',
      onboardingStatus: 'documents_pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('trainerProfiles').values({ trainerId: created.id }).execute();
  return { trainerId: created.id, created: true };
}

/** A new account for the address; null when one exists (its owner signs in: nothing of it changes here). */
export async function insertUserIfNew(trx: Trx, email: string, name: string): Promise<number | null> {
  const user = await trx
    .insertInto('users')
    .values({ email, name })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return user?.id ?? null;
}

/** Links the account to the paid trainer record with the confirmed details; false when it has an account. */
export async function linkTrainerAccount(
  trx: Trx,
  trainerId: number,
  userId: number,
  details: { name: string; phone: string | null; city: string | null; state: string | null },
): Promise<boolean> {
  const linked = await trx
    .updateTable('trainers')
    .set({ userId, ...details })
    .where('id', '=', trainerId)
    .where('userId', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(linked);
}

// --- Admin payment requests (a double submit is applied once) ---

/**
 * Claims an admin request's id for this trainer. False when it was claimed before (a repeat submit: nothing more to
 * do); on PostgreSQL a concurrent repeat waits on the key until the first commits, then sees it taken.
 */
export async function claimPaymentRequest(
  trx: Trx,
  id: string,
  trainerId: number,
  requestedBy: number,
): Promise<{ claimed: boolean; trainerId: number }> {
  const inserted = await trx
    .insertInto('paymentRequests')
    .values({ id, trainerId, requestedBy })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('trainerId')
    .executeTakeFirst();
  if (inserted) return { claimed: true, trainerId };
  const earlier = await trx
    .selectFrom('paymentRequests')
    .select('trainerId')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { claimed: false, trainerId: earlier.trainerId };
}

/** Payment moves onboarding past 'payment_pending' (only from there): to the documents, or done if all are signed. */
export async function completePaymentStep(trx: Trx, trainerId: number, documentsSigned: boolean) {
  await trx
    .updateTable('trainers')
    .set({ onboardingStatus: documentsSigned ? 'completed' : 'documents_pending', updatedAt: new Date() })
    .where('id', '=', trainerId)
    .where('onboardingStatus', '=', 'payment_pending')
    .execute();
}
