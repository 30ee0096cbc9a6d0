import {
  type AdminTrainerProfileAnswer,
  type adminTrainerUpdateSchema,
  computeTrainingEngagement,
  type DashboardStats,
  type OnboardingStepFlag,
  type ProgressInput,
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
import { csvCell } from '../../lib/csv';
import { listAllDocuments } from '../documents/service';
import type { Mailer } from '../mail/mailer';
import { emailChangedNotice } from '../mail/templates';
import { ensureUser, grantRole, updateUserEmailAndName } from '../users/service';
import { AWAITING_DOCUMENTS, AWAITING_NAMED, dashboardFigures } from './dashboard';
import { bandsOfKeys, type FactRow, factsOfKey } from './fact-groups';
import {
  ADMIN_PROFILE_COLUMNS,
  countTrainers,
  countTrainersByFacts,
  deleteOpenEmailChanges,
  findEmailHolders,
  findTrainerIdByEmail,
  findTrainerIdsInStage,
  findTrainerRow,
  findUnclaimedTrainerByEmail,
  insertTrainerChange,
  insertTrainerWithProfile,
  listTrainerChangeRows,
  listTrainerRows,
  listTrainerRowsWithFacts,
  refreshTrainerCoordinates,
  setTrainerAccount,
  setTrainerProfileFlag,
  setTrainerTrainingDate,
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

function profileOf(row: Pick<TrainerRow, (typeof ADMIN_PROFILE_COLUMNS)[number]>): AdminTrainerProfileAnswer {
  // A trainer without a profile row reads as the defaults of an empty profile.
  return {
    displayName: row.displayName ?? null,
    trainingDate: row.trainingDate ?? null,
    hasInsurance: row.hasInsurance ?? false,
    hasStripe: row.hasStripe ?? false,
    hasPaypal: row.hasPaypal ?? false,
    hasPillar: row.hasPillar ?? false,
    hasAffiliateLink: row.hasAffiliateLink ?? false,
    stripePaymentLink: row.stripePaymentLink ?? null,
    paypalPaymentLink: row.paypalPaymentLink ?? null,
    pillarAccountLink: row.pillarAccountLink ?? null,
    affiliateLink: row.affiliateLink ?? null,
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

/**
 * The stored facts every progress view reads (decision record 0011): the admin's list, detail and dashboard here,
 * the portal's checklist and the profile editor through getProgressFacts.
 */
function progressFactsOf(row: FactRow): ProgressInput {
  return { ...row, ...profileOf(row), accessPaused: row.accessPausedAt !== null };
}

function toListItem(row: TrainerRow): TrainerListItem {
  return { ...basicsOf(row), trainingEngagement: computeTrainingEngagement(progressFactsOf(row)) };
}

/** One trainer's progress facts, with the onboarding stage the checklist's documents step falls back on. */
export async function getProgressFacts(
  db: Db,
  id: number,
): Promise<(ProgressInput & { onboardingStatus: string }) | undefined> {
  const row = await findTrainerRow(db, id);
  return row && { ...progressFactsOf(row), onboardingStatus: row.onboardingStatus };
}

/**
 * A progress fact changed from the portal (a checklist step, or the first opening of its resource): the same
 * profile flag the admin edits, recorded in the trainer's change log like an admin's edit.
 */
export async function setProgressFlag(
  db: Db,
  trainerId: number,
  flag: OnboardingStepFlag,
  value: boolean,
  changedBy: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findTrainerRow(trx, trainerId);
    if (!before) throw notFound(TRAINER_NOT_FOUND);
    const from = profileOf(before)[flag];
    if (from === value) return;
    await setTrainerProfileFlag(trx, trainerId, flag, value, new Date());
    await insertTrainerChange(trx, trainerId, changedBy, [{ field: `profile.${flag}`, from, to: value }]);
  });
}

/**
 * Attendance at a Train the Trainer session (the admin Calendar) sets the training date: the one fact behind the
 * admin's Certification, the editor's Cert tab and the dashboard's Certification card (decision 0011), in the caller's
 * transaction and recorded in the trainer's change log. With `onlyIf` it changes only while the date is still that
 * value (null: unset), so attending never replaces an earlier date and undoing it never wipes one set otherwise.
 */
export async function setTrainingDateFact(
  trx: Trx,
  trainerId: number,
  to: string | null,
  changedBy: number | null,
  now: Date,
  onlyIf?: string | null,
): Promise<boolean> {
  const before = await findTrainerRow(trx, trainerId);
  if (!before) throw notFound(TRAINER_NOT_FOUND);
  const from = before.trainingDate ?? null;
  if (from === to || (onlyIf !== undefined && from !== onlyIf)) return false;
  await setTrainerTrainingDate(trx, trainerId, to, now);
  await insertTrainerChange(trx, trainerId, changedBy, [{ field: 'profile.trainingDate', from, to }]);
  return true;
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
  // Bands come from computed scores: the trainers are grouped by their progress facts in SQL, each group scored
  // once here, and the page read from the groups in the band (not every trainer, at 13 s for 100,000).
  const groups = await countTrainersByFacts(db, filters);
  const bands = bandsOfKeys(
    groups.map((g) => g.factKey),
    progressFactsOf,
  );
  const inBand = groups.filter((g) => bands.get(g.factKey) === band);
  const keys = [...new Set(inBand.map((g) => g.factKey))];
  const rows = await listTrainerRowsWithFacts(db, filters, keys, { limit, offset });
  return { total: inBand.reduce((sum, g) => sum + g.n, 0), items: rows.map(toListItem) };
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
    engagement: computeTrainingEngagement(progressFactsOf(row)),
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
    // A field the request left out (a business link) keeps its value.
    if (profile[field] !== undefined && beforeProfile[field] !== profile[field]) {
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

/**
 * The admin dashboard: one grouped read of the trainers (every count and band), the first trainers awaiting their
 * documents, and the documents. Nothing is read trainer by trainer, so it answers alike at 40 and 100,000.
 */
export async function getDashboardStats(db: Db): Promise<DashboardStats> {
  const [groups, awaiting, documents] = await Promise.all([
    countTrainersByFacts(db, {}),
    listTrainerRows(db, { onboardingStatus: AWAITING_DOCUMENTS }, { limit: AWAITING_NAMED, offset: 0 }),
    listAllDocuments(db),
  ]);
  const bands = bandsOfKeys(
    groups.map((g) => g.factKey),
    progressFactsOf,
  );
  const openDocumentTrainers = [
    ...new Set(
      documents.filter((d) => d.status === 'pending' || d.status === 'sent').map((d) => d.trainerId),
    ),
  ];
  const awaitingIds = await findTrainerIdsInStage(db, openDocumentTrainers, AWAITING_DOCUMENTS);
  return dashboardFigures({
    groups: groups.map((g) => ({
      onboardingStatus: g.onboardingStatus,
      paymentStatus: factsOfKey(g.factKey).paymentStatus,
      band: bands.get(g.factKey) ?? 'Very Low',
      n: g.n,
    })),
    awaiting,
    documents,
    awaitingIds: new Set(awaitingIds),
  });
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

/** Quotes every cell (numbers too, as the export always has), defused like any CSV the app writes (lib/csv.ts). */
const quotedCell = (value: unknown) => csvCell(value === null || value === undefined ? '' : String(value));

export function trainersCsv(items: TrainerListItem[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const t of items) {
    const record: Record<(typeof CSV_COLUMNS)[number], unknown> = {
      ...t,
      ...t.trainingEngagement,
      band: progressBand(t.trainingEngagement.overall),
    };
    lines.push(CSV_COLUMNS.map((c) => quotedCell(record[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
