import type { CertificationEvent, CertificationStatus } from '@soulpunch/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { CertificationRecordRow } from '../../db/schema-certification';
import type { Executor, Trx } from '../../db/types';

export async function findRecord(
  db: Executor,
  trainerId: number,
): Promise<CertificationRecordRow | undefined> {
  return db
    .selectFrom('certificationRecords')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .executeTakeFirst();
}

/** The record under a row lock, so two admins acting at once apply one after the other. */
export async function lockRecord(trx: Trx, trainerId: number): Promise<CertificationRecordRow | undefined> {
  return trx
    .selectFrom('certificationRecords')
    .selectAll()
    .where('trainerId', '=', trainerId)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockTrainer(trx: Trx, trainerId: number) {
  return trx
    .selectFrom('trainers')
    .select(['id', 'name', 'email', 'userId', 'paymentStatus', 'onboardingStatus'])
    .where('id', '=', trainerId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findTrainerContact(db: Executor, trainerId: number) {
  return db
    .selectFrom('trainers')
    .select(['id', 'name', 'email', 'paymentStatus', 'onboardingStatus'])
    .where('id', '=', trainerId)
    .executeTakeFirst();
}

/** Writes the record's state; a fee paid for an expiry the record no longer has is spent (null). */
export async function saveRecord(
  trx: Executor,
  row: Pick<CertificationRecordRow, 'trainerId' | 'certificateNumber' | 'status' | 'issuedOn' | 'expiresOn'>,
  at: Date,
): Promise<void> {
  await trx
    .insertInto('certificationRecords')
    .values({ ...row, createdAt: at, updatedAt: at })
    .onConflict((oc) =>
      oc.column('trainerId').doUpdateSet({
        certificateNumber: row.certificateNumber,
        status: row.status,
        issuedOn: row.issuedOn,
        expiresOn: row.expiresOn,
        renewalFeePaidFor: sql`case when certification_records.renewal_fee_paid_for = excluded.expires_on then certification_records.renewal_fee_paid_for end`,
        updatedAt: at,
      }),
    )
    .execute();
}

/** Records (or, with null, withdraws) a renewal fee paid for this expiry; only while the record still has it. */
export async function setRenewalFeePaidFor(
  trx: Trx,
  trainerId: number,
  expiresOn: string,
  paid: boolean,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('certificationRecords')
    .set({ renewalFeePaidFor: paid ? expiresOn : null, updatedAt: at })
    .where('trainerId', '=', trainerId)
    .where('expiresOn', '=', expiresOn)
    .execute();
}

/** The administrators' choice of what renewal requires, with who saved it; undefined while the default applies. */
export async function findSettings(db: Executor) {
  return db
    .selectFrom('certificationSettings as s')
    .leftJoin('users as u', 'u.id', 's.updatedBy')
    .select(['s.renewalRequires', 's.updatedAt', 'u.name as updatedByName'])
    .executeTakeFirst();
}

export async function saveSettings(db: Db, renewalRequires: string, updatedBy: number, at: Date) {
  await db
    .insertInto('certificationSettings')
    .values({ id: true, renewalRequires, updatedBy, updatedAt: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ renewalRequires, updatedBy, updatedAt: at }))
    .execute();
}

export async function setRecordStatus(
  trx: Executor,
  trainerId: number,
  changes: { status?: CertificationStatus; expiresOn?: string; insurancePausedAt?: Date | null },
  at: Date,
): Promise<void> {
  await trx
    .updateTable('certificationRecords')
    .set({ ...changes, updatedAt: at })
    .where('trainerId', '=', trainerId)
    .execute();
}

export async function insertHistory(
  trx: Executor,
  entry: {
    trainerId: number;
    action: CertificationEvent['action'];
    fromStatus: CertificationStatus | null;
    toStatus: CertificationStatus;
    expiresOn: string | null;
    reason: string | null;
    byUserId: number | null;
    at: Date;
  },
): Promise<void> {
  await trx.insertInto('certificationHistory').values(entry).execute();
}

/** The record's history, newest first, with the name of who acted. */
export async function listHistory(db: Executor, trainerId: number) {
  return db
    .selectFrom('certificationHistory as h')
    .leftJoin('users as u', 'u.id', 'h.byUserId')
    .select(['h.action', 'h.fromStatus', 'h.toStatus', 'h.expiresOn', 'h.reason', 'h.at', 'u.name as byName'])
    .where('h.trainerId', '=', trainerId)
    .orderBy('h.id', 'desc')
    .execute();
}

/** The admin's action in the trainer's own change log too (the admin's trainer page lists it). */
export async function insertTrainerChange(
  trx: Executor,
  trainerId: number,
  adminId: number,
  change: { field: string; from: unknown; to: unknown },
): Promise<void> {
  await trx
    .insertInto('trainerChanges')
    .values({ trainerId, changedBy: adminId, changes: JSON.stringify([change]) })
    .execute();
}

/**
 * When the trainer last completed a training session, the latest of: a Train the Trainer session on the admin
 * Calendar whose attendance an admin marked (its start), the weekly live training marked on the checklist, and
 * the profile's training date (trainers trained before the Calendar). Undefined when none.
 */
export async function findLastTraining(db: Executor, trainerId: number): Promise<Date | undefined> {
  const [attended, mark, profile] = await Promise.all([
    db
      .selectFrom('trainingRegistrations as r')
      .innerJoin('trainingSessions as s', 's.id', 'r.sessionId')
      .select((eb) => eb.fn.max('s.startsAt').as('startsAt'))
      .where('r.trainerId', '=', trainerId)
      .where('r.attendedAt', 'is not', null)
      .executeTakeFirst(),
    db
      .selectFrom('trainerOnboardingSteps')
      .select('completedAt')
      .where('trainerId', '=', trainerId)
      .where('step', '=', 'weekly_training_access')
      .executeTakeFirst(),
    db
      .selectFrom('trainerProfiles')
      .select('trainingDate')
      .where('trainerId', '=', trainerId)
      .executeTakeFirst(),
  ]);
  const days = [
    attended?.startsAt ? new Date(attended.startsAt) : undefined,
    mark?.completedAt,
    profile?.trainingDate ? new Date(`${profile.trainingDate}T00:00:00Z`) : undefined,
  ].filter((d): d is Date => d !== undefined && !Number.isNaN(d.getTime()));
  return days.length ? new Date(Math.max(...days.map((d) => d.getTime()))) : undefined;
}

/** Issued records the scheduled round watches: not suspended nor revoked, with their trainer's contact. */
export async function listWatchedRecords(db: Executor) {
  return db
    .selectFrom('certificationRecords as c')
    .innerJoin('trainers as t', 't.id', 'c.trainerId')
    .select(['c.trainerId', 'c.status', 'c.expiresOn', 'c.certificateNumber', 't.name', 't.email'])
    .where('c.status', 'in', ['certified', 'renewal_due', 'lapsed'])
    .where('c.expiresOn', 'is not', null)
    .orderBy('c.trainerId')
    .execute();
}

/** Claims a reminder: true only the first time (trainer, subject, due day, threshold), so each is sent once. */
export async function claimReminder(
  trx: Executor,
  reminder: {
    trainerId: number;
    subject: 'certification' | 'insurance';
    dueOn: string;
    kind: string;
    sentAt: Date;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('certificationReminders')
    .values(reminder)
    .onConflict((oc) => oc.doNothing())
    .returning('kind')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The latest reminder sent for this expiry, for the dashboard. */
export async function findLastReminder(db: Executor, trainerId: number, dueOn: string) {
  const row = await db
    .selectFrom('certificationReminders')
    .select('kind')
    .where('trainerId', '=', trainerId)
    .where('subject', '=', 'certification')
    .where('dueOn', '=', dueOn)
    .orderBy('sentAt', 'desc')
    .orderBy(sql`case when kind = 'lapsed' then -1 else kind::int end`)
    .executeTakeFirst();
  return row?.kind ?? null;
}

export async function numberTaken(db: Db, certificateNumber: string): Promise<boolean> {
  const row = await db
    .selectFrom('certificationRecords')
    .select('trainerId')
    .where('certificateNumber', '=', certificateNumber)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the current cycle began: the last issue or renewal. */
export async function findCycleStart(db: Executor, trainerId: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('certificationHistory')
    .select('at')
    .where('trainerId', '=', trainerId)
    .where('action', 'in', ['issued', 'renewed', 'migrated'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.at;
}

/**
 * The certificate's expiry of the trainer in a query that selects from `trainers`, for the public profile's
 * 'Certified through <month year>' (the standing rule already keeps out anyone not certified).
 */
export const certifiedThrough = sql<string | null>`(
  select c.expires_on from certification_records c where c.trainer_id = trainers.id
)`;

/** Certificates (not revoked) whose expiry falls between two days, with their trainer's name: the Calendar's. */
export async function listExpiriesBetween(db: Executor, from: string, to: string) {
  return db
    .selectFrom('certificationRecords as c')
    .innerJoin('trainers as t', 't.id', 'c.trainerId')
    .select(['c.trainerId', 'c.expiresOn', 't.name'])
    .where('c.status', '!=', 'revoked')
    .where('c.expiresOn', '>=', from)
    .where('c.expiresOn', '<=', to)
    .execute();
}

/** Current insurance policies (each trainer's latest) whose expiry falls between two days. */
export async function listPolicyExpiriesBetween(db: Executor, from: string, to: string) {
  return db
    .selectFrom('insurancePolicies as p')
    .innerJoin('trainers as t', 't.id', 'p.trainerId')
    .select(['p.trainerId', 'p.expiresOn', 't.name'])
    .where('p.expiresOn', '>=', from)
    .where('p.expiresOn', '<=', to)
    .where(({ eb, selectFrom }) =>
      eb(
        'p.id',
        '=',
        selectFrom('insurancePolicies as latest')
          .select((l) => l.fn.max('latest.id').as('id'))
          .whereRef('latest.trainerId', '=', 'p.trainerId'),
      ),
    )
    .execute();
}

/**
 * An issued certificate by its number, with its trainer's name: the public verify page, the credential's status
 * and the downloads. The same one query whatever was typed, so a malformed number costs what an unknown one does.
 */
export async function findByCertificateNumber(db: Executor, certificateNumber: string) {
  return db
    .selectFrom('certificationRecords as c')
    .innerJoin('trainers as t', 't.id', 'c.trainerId')
    .select(['c.trainerId', 'c.certificateNumber', 'c.status', 'c.issuedOn', 'c.expiresOn', 't.name'])
    .where('c.certificateNumber', '=', certificateNumber)
    .where('c.status', '!=', 'in_training')
    .executeTakeFirst();
}
