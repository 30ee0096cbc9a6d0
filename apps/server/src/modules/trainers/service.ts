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
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { FieldChange } from '../../db/schema';
import type { Trx } from '../../db/types';
import { badRequest, notFound } from '../../lib/app-error';
import { listAllDocuments } from '../documents/service';
import type { Mailer } from '../mail/mailer';
import { emailChangedNotice } from '../mail/templates';
import { ensureUser, grantRole, updateUserEmailAndName } from '../users/service';
import {
  ADMIN_PROFILE_COLUMNS,
  countByColumn,
  countTrainers,
  deleteOpenEmailChanges,
  findEmailHolders,
  findTrainerIdByEmail,
  findTrainerRow,
  findUnclaimedTrainerByEmail,
  insertTrainerChange,
  insertTrainerWithProfile,
  listTrainerChangeRows,
  listTrainerRows,
  refreshTrainerCoordinates,
  setTrainerAccount,
  type TrainerRow,
  updateTrainerBasics,
  upsertTrainerProfile,
} from './repository';

// The trainers module's public API for other modules (they never import trainers/repository).
export {
  findTrainerIdByEmail,
  insertTrainerChange as recordTrainerChange,
  insertTrainerWithProfile,
  refreshTrainerCoordinates,
};

/**
 * The account of a trainer record that has none: a trainer who paid and closed the browser before confirming
 * (decision 0008). Made when a sign-in link is asked for that address, so the link (which only its owner reads)
 * is what signs them in; null when no such trainer exists.
 */
export async function claimTrainerAccount(db: Db, email: string) {
  return db.transaction().execute(async (trx) => {
    const trainer = await findUnclaimedTrainerByEmail(trx, email);
    if (!trainer) return null;
    const user = await ensureUser(trx, email, trainer.name);
    await grantRole(trx, user.id, 'trainer');
    await setTrainerAccount(trx, trainer.id, user.id);
    return user;
  });
}

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
export async function assertEmailAvailable(db: Db, email: string, trainerId: number, userId: number | null) {
  const { trainerClash, userClash } = await findEmailHolders(db, email, trainerId, userId);
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
    emailChanged = await db.transaction().execute((trx) => saveTrainerEdit(trx, id, input, changedBy));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  if (emailChanged) {
    await mailer.send(emailChangedNotice(emailChanged.from, emailChanged.name, emailChanged.to, true));
  }
  return getTrainerFull(db, id);
}

/** The writes of an admin's edit, in its transaction; returns the e-mail move to announce, if any. */
async function saveTrainerEdit(trx: Trx, id: number, input: TrainerUpdate, changedBy: number) {
  const before = await findTrainerRow(trx, id);
  if (!before) throw notFound(TRAINER_NOT_FOUND);
  let emailChanged: { from: string; to: string; name: string } | undefined;
  if (input.email !== before.email) {
    await assertEmailAvailable(trx, input.email, id, before.userId);
    emailChanged = { from: before.email, to: input.email, name: input.name };
    // A link the trainer asked for earlier would move the address again: it no longer applies.
    await deleteOpenEmailChanges(trx, id);
  }

  const now = new Date();
  const { profile, ...basics } = input;
  await updateTrainerBasics(trx, id, basics, now);
  // The trainer signs in with this e-mail, so their account follows it.
  if (before.userId !== null) await updateUserEmailAndName(trx, before.userId, input.email, input.name);
  await upsertTrainerProfile(trx, id, profile, now);

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
  if (changes.length) await insertTrainerChange(trx, id, changedBy, changes);
  return emailChanged;
}

export async function listTrainerChanges(db: Db, trainerId: number): Promise<TrainerChange[]> {
  const rows = await listTrainerChangeRows(db, trainerId);
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
