import {
  type AdminTrainerProfile,
  type adminTrainerUpdateSchema,
  computeTrainingEngagement,
  type DashboardStats,
  PROGRESS_BANDS,
  progressBand,
  type TrainerChange,
  type TrainerFull,
  type TrainerListItem,
  type trainerListQuerySchema,
} from '@soulpunch/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Database, FieldChange } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { listAllDocuments } from '../documents/service';
import type { Mailer } from '../mail/mailer';
import { emailChangedNotice } from '../mail/templates';
import {
  ADMIN_PROFILE_COLUMNS,
  countByColumn,
  countTrainers,
  findTrainerRow,
  listTrainerRows,
  refreshTrainerCoordinates,
  type TrainerRow,
} from './repository';

type ListQuery = z.output<typeof trainerListQuerySchema>;
type TrainerUpdate = z.output<typeof adminTrainerUpdateSchema>;

export const TRAINER_NOT_FOUND = 'Trainer not found';
const EMAIL_TAKEN = 'This email is already used by another account';

function profileOf(row: Pick<TrainerRow, (typeof ADMIN_PROFILE_COLUMNS)[number]>): AdminTrainerProfile {
  // A trainer without a profile row reads as the defaults of an empty profile.
  return {
    displayName: row.displayName ?? null,
    trainingDate: row.trainingDate ?? null,
    hasInsurance: row.hasInsurance ?? false,
    hasStripe: row.hasStripe ?? false,
    hasPaypal: row.hasPaypal ?? false,
    hasPillar: row.hasPillar ?? false,
    hasAffiliateLink: row.hasAffiliateLink ?? false,
    hasCurriculum: row.hasCurriculum ?? true,
    hasMarketingResources: row.hasMarketingResources ?? true,
    hasWorkbooks: row.hasWorkbooks ?? true,
    hasVideoLibrary: row.hasVideoLibrary ?? false,
    hasTrainerDrive: row.hasTrainerDrive ?? false,
    inWhatsApp: row.inWhatsApp ?? false,
    inFacebook: row.inFacebook ?? false,
    instagram: row.instagram ?? null,
    website: row.website ?? null,
  };
}

function toListItem(row: TrainerRow): TrainerListItem {
  return { ...basicsOf(row), trainingEngagement: computeTrainingEngagement({ ...row, ...profileOf(row) }) };
}

function basicsOf(row: TrainerRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    state: row.state,
    paymentStatus: row.paymentStatus,
    onboardingStatus: row.onboardingStatus,
    isHeadquarters: row.isHeadquarters,
  };
}

/** A page of trainers with their scores, and the true total of the filtered list. */
export async function listTrainers(
  db: Db,
  query: ListQuery,
): Promise<{ items: TrainerListItem[]; total: number }> {
  const { limit, offset, band, ...filters } = query;
  if (!band) {
    const [total, rows] = await Promise.all([
      countTrainers(db, filters),
      listTrainerRows(db, filters, { limit, offset }),
    ]);
    return { total, items: rows.map(toListItem) };
  }
  // Bands come from computed scores, so this filter runs over the scored list rather than in SQL.
  const all = await listAllTrainers(db, query);
  return { total: all.length, items: all.slice(offset, offset + limit) };
}

export async function listAllTrainers(
  db: Db,
  query: Omit<ListQuery, 'limit' | 'offset'>,
): Promise<TrainerListItem[]> {
  const { band, ...filters } = query;
  const items = (await listTrainerRows(db, filters)).map(toListItem);
  return band ? items.filter((t) => progressBand(t.trainingEngagement.overall) === band) : items;
}

export async function getTrainerFull(db: Db, id: number): Promise<TrainerFull> {
  const row = await findTrainerRow(db, id);
  if (!row) throw notFound(TRAINER_NOT_FOUND);
  const profile = profileOf(row);
  return {
    ...basicsOf(row),
    status: row.status,
    profile,
    engagement: computeTrainingEngagement({ ...row, ...profile }),
  };
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';
export const emailTakenError = () => badRequest('validation_error', EMAIL_TAKEN, { email: EMAIL_TAKEN });

/** A trainer's e-mail is also their sign-in: no other trainer or account may hold it. */
export async function assertEmailAvailable(
  db: Kysely<Database>,
  email: string,
  trainerId: number,
  userId: number | null,
) {
  const trainerClash = await db
    .selectFrom('trainers')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', trainerId)
    .executeTakeFirst();
  const userClash = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .$if(userId !== null, (qb) => qb.where('id', '!=', userId as number))
    .executeTakeFirst();
  if (trainerClash || userClash) throw emailTakenError();
}

/**
 * An admin's edit: validated input, unique e-mail, every changed field recorded with its old and new value. A new
 * e-mail takes effect at once (the administrator vouches for it) and the old address is told.
 */
export async function updateTrainer(
  db: Db,
  id: number,
  input: TrainerUpdate,
  changedBy: number,
  mailer: Mailer,
): Promise<TrainerFull> {
  let emailChanged: { from: string; to: string; name: string } | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      const before = await findTrainerRow(trx, id);
      if (!before) throw notFound(TRAINER_NOT_FOUND);
      if (input.email !== before.email) {
        await assertEmailAvailable(trx, input.email, id, before.userId);
        emailChanged = { from: before.email, to: input.email, name: input.name };
        // A link the trainer asked for earlier would move the address again: it no longer applies.
        await trx
          .deleteFrom('emailChanges')
          .where('trainerId', '=', id)
          .where('usedAt', 'is', null)
          .execute();
      }

      const now = new Date();
      const { profile, ...basics } = input;
      await trx
        .updateTable('trainers')
        .set({ ...basics, updatedAt: now })
        .where('id', '=', id)
        .execute();
      if (before.userId !== null) {
        // The trainer signs in with this e-mail, so their account follows it.
        await trx
          .updateTable('users')
          .set({ email: input.email, name: input.name })
          .where('id', '=', before.userId)
          .execute();
      }
      await trx
        .insertInto('trainerProfiles')
        .values({ trainerId: id, ...profile })
        .onConflict((oc) => oc.column('trainerId').doUpdateSet({ ...profile, updatedAt: now }))
        .execute();

      const beforeProfile = profileOf(before);
      const changes: FieldChange[] = [];
      for (const field of ['name', 'email', 'phone', 'city', 'state'] as const) {
        if (before[field] !== basics[field]) changes.push({ field, from: before[field], to: basics[field] });
      }
      for (const field of ADMIN_PROFILE_COLUMNS) {
        if (beforeProfile[field] !== profile[field]) {
          changes.push({ field: `profile.${field}`, from: beforeProfile[field], to: profile[field] });
        }
      }
      await refreshTrainerCoordinates(trx, id);
      if (changes.length) {
        await trx
          .insertInto('trainerChanges')
          .values({ trainerId: id, changedBy, changes: JSON.stringify(changes) })
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  if (emailChanged) {
    await mailer.send(emailChangedNotice(emailChanged.from, emailChanged.name, emailChanged.to, true));
  }
  return getTrainerFull(db, id);
}

export async function listTrainerChanges(db: Db, trainerId: number): Promise<TrainerChange[]> {
  const rows = await db
    .selectFrom('trainerChanges')
    .leftJoin('users', 'users.id', 'trainerChanges.changedBy')
    .select([
      'trainerChanges.id',
      'trainerChanges.changedAt',
      'trainerChanges.changes',
      'users.name as changedByName',
      'users.email as changedByEmail',
    ])
    .where('trainerChanges.trainerId', '=', trainerId)
    .orderBy('trainerChanges.changedAt', 'desc')
    .orderBy('trainerChanges.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    changedAt: r.changedAt.toISOString(),
    changedBy: r.changedByEmail
      ? { name: r.changedByName ?? r.changedByEmail, email: r.changedByEmail }
      : null,
    changes: r.changes,
  }));
}

export async function getDashboardStats(db: Db): Promise<DashboardStats> {
  const [byPaymentStatus, byOnboardingStatus, all] = await Promise.all([
    countByColumn(db, 'paymentStatus'),
    countByColumn(db, 'onboardingStatus'),
    listAllTrainers(db, {}),
  ]);
  const byBand: Record<string, number> = Object.fromEntries(PROGRESS_BANDS.map((b) => [b, 0]));
  for (const t of all) {
    const band = progressBand(t.trainingEngagement.overall);
    byBand[band] = (byBand[band] ?? 0) + 1;
  }
  // Documents arrive with the e-signature issue; until then nothing is pending.
  const pendingDocuments = (await listAllDocuments(db)).filter(
    (d) => d.status === 'pending' || d.status === 'sent',
  );
  return { trainerCount: all.length, byPaymentStatus, byOnboardingStatus, byBand, pendingDocuments };
}

const CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'city',
  'state',
  'paymentStatus',
  'onboardingStatus',
  'profileSetup',
  'businessSetup',
  'materialAccess',
  'communityEngagement',
  'overall',
  'band',
] as const;

/** Quotes every cell, and defuses values a spreadsheet would run as a formula. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Also after leading spaces, and the full-width signs some spreadsheets read as the same operators.
  if (/^[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function trainersCsv(items: TrainerListItem[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const t of items) {
    const record: Record<(typeof CSV_COLUMNS)[number], unknown> = {
      ...t,
      ...t.trainingEngagement,
      band: progressBand(t.trainingEngagement.overall),
    };
    lines.push(CSV_COLUMNS.map((c) => csvCell(record[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
