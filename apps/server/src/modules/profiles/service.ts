import {
  materialsUnlocked,
  type PendingEmailChange,
  type TrainerProfileData,
  type trainerProfileUpdateSchema,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import {
  emailTakenError,
  isUniqueViolation,
  refreshTrainerCoordinates,
  TRAINER_NOT_FOUND,
} from '../trainers/service';
import { setUserName } from '../users/service';
import {
  type EmailChangeRequest,
  findPendingEmailChange,
  limitEmailChangeRequests,
  recordEmailChange,
  sendEmailChangeMails,
} from './email-change';
import { pictureKeyFromUrl, pictureKeyParts, pictureUrlFor, processPicture } from './picture';
import {
  findProfileRow,
  findStoredProfileFlags,
  findTrainerEmail,
  isPictureReferenced,
  listStoredPictureUrls,
  lockTrainer,
  trainerExists,
  updateTrainerFields,
  upsertProfileValues,
} from './repository';

type ProfileUpdate = z.output<typeof trainerProfileUpdateSchema>;

/** Fields kept on the trainer row; everything else of the editor lives in trainer_profiles. */
const TRAINER_FIELDS = ['email', 'phone', 'city', 'state'] as const;
const NOT_STORED = new Set(['name', 'fullName', 'firstName', 'lastName', ...TRAINER_FIELDS]);

export async function getTrainerProfile(db: Db, trainerId: number): Promise<TrainerProfileData> {
  const row = await findProfileRow(db, trainerId);
  if (!row) throw notFound(TRAINER_NOT_FOUND);
  const [firstName = '', ...rest] = row.name.split(/\s+/);
  return {
    trainerId: row.id,
    name: row.name,
    fullName: row.name,
    firstName,
    lastName: rest.join(' '),
    email: row.email,
    phone: row.phone,
    city: row.city,
    state: row.state,
    notes: row.notes ?? null,
    bio: row.bio ?? null,
    address: row.address ?? null,
    postalCode: row.postalCode ?? null,
    website: row.website ?? null,
    instagram: row.instagram ?? null,
    facebook: row.facebook ?? null,
    tiktok: row.tiktok ?? null,
    linkedin: row.linkedin ?? null,
    twitter: row.twitter ?? null,
    pillar: row.pillar ?? null,
    youtube: row.youtube ?? null,
    otherSocialMedia: row.otherSocialMedia ?? [],
    trainingDate: row.trainingDate ?? null,
    certificationDate: row.certificationDate ?? null,
    hasInsurance: row.hasInsurance ?? false,
    insuranceProvider: (row.insuranceProvider as TrainerProfileData['insuranceProvider']) ?? null,
    insuranceExpiry: row.insuranceExpiry ?? null,
    hasStripe: row.hasStripe ?? false,
    stripePaymentLink: row.stripePaymentLink ?? null,
    hasPaypal: row.hasPaypal ?? false,
    paypalPaymentLink: row.paypalPaymentLink ?? null,
    hasPillar: row.hasPillar ?? false,
    pillarAccountLink: row.pillarAccountLink ?? null,
    hasAffiliateLink: row.hasAffiliateLink ?? false,
    affiliateLink: row.affiliateLink ?? null,
    // The spec's defaults: curriculum, marketing resources and workbooks are granted unless turned off.
    hasCurriculum: row.hasCurriculum ?? true,
    hasMarketingResources: row.hasMarketingResources ?? true,
    hasWorkbooks: row.hasWorkbooks ?? true,
    hasVideoLibrary: row.hasVideoLibrary ?? false,
    hasTrainerDrive: row.hasTrainerDrive ?? false,
    hasCanva: row.hasCanva ?? false,
    hasMarketingAssets: row.hasMarketingAssets ?? false,
    inWhatsApp: row.inWhatsApp ?? false,
    inFacebook: row.inFacebook ?? false,
    materialsUnlocked: materialsUnlocked({
      paymentStatus: row.paymentStatus,
      accessPaused: row.accessPausedAt !== null,
    }),
    displayName: row.displayName ?? null,
    profilePicture: row.profilePicture ?? null,
    publicBio: row.publicBio ?? null,
    displayLocation: row.displayLocation ?? null,
    availabilityDescription: row.availabilityDescription ?? null,
    displayContact: row.displayContact ?? null,
    experienceDescription: row.experienceDescription ?? null,
    websitePublic: row.websitePublic ?? null,
    publicSocialMedia: row.publicSocialMedia ?? null,
    publicEmail: row.publicEmail ?? null,
    publicPhone: row.publicPhone ?? null,
    basicClassPaymentLink: row.basicClassPaymentLink ?? null,
    publiclyListed: row.publiclyListed ?? true,
    featuredTrainer: row.featuredTrainer ?? false,
    yearsExperience: row.yearsExperience ?? 0,
    specializations: row.specializations ?? [],
    classTypes: row.classTypes ?? [],
    showFullName: row.showFullName ?? false,
    showEmail: row.showEmail ?? false,
    showPhone: row.showPhone ?? false,
    showCity: row.showCity ?? true,
    showState: row.showState ?? true,
    showBio: row.showBio ?? true,
    showWebsite: row.showWebsite ?? true,
    showSocialMedia: row.showSocialMedia ?? true,
  };
}

/** The profile as the editor reads it, with the sign-in e-mail change waiting for its link, if any. */
export type TrainerProfileView = TrainerProfileData & { pendingEmailChange: PendingEmailChange | null };

export async function getTrainerProfileView(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  trainerId: number,
): Promise<TrainerProfileView> {
  const profile = await getTrainerProfile(deps.db, trainerId);
  return {
    ...profile,
    pendingEmailChange: await findPendingEmailChange(deps.db, trainerId, deps.clock.now()),
  };
}

export const PROFILE_PICTURE_NOT_YOURS =
  'A picture stored on Soul Punch can only be set by uploading it. Upload your own picture, or enter an image URL from another site.';

/** A URL that points into our own picture storage, written relative or absolute. */
function isStoredPictureUrl(url: string, appUrl: string): boolean {
  if (url.startsWith('/api/pictures/')) return true;
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(appUrl).origin && parsed.pathname.startsWith('/api/pictures/');
  } catch {
    return false;
  }
}

/**
 * Saves exactly what was sent: no defaults filled in, no stored value preferred over the form.
 * Featuring a trainer in the directory is an administrator's decision. A new sign-in e-mail is not saved: it
 * starts a change that takes effect when the link sent to that address is confirmed. The picture is the
 * server's: a client may keep it, clear it or point it at another site, never at a file stored here.
 */
export async function saveTrainerProfile(
  deps: AppDeps,
  trainerId: number,
  input: ProfileUpdate,
  actor: { isAdmin: boolean; userId: number | null },
): Promise<TrainerProfileView> {
  const { db } = deps;
  const current = await findTrainerEmail(db, trainerId);
  if (!current) throw notFound(TRAINER_NOT_FOUND);
  // Checked before the transaction: the limit keeps its own (PGlite has a single connection).
  if (input.email !== undefined && input.email !== current.email) {
    await limitEmailChangeRequests(deps, trainerId);
  }

  let outcome: { emailChange?: EmailChangeRequest; releasedPicture: string | null };
  try {
    outcome = await db.transaction().execute((trx) => applyProfileSave(deps, trx, trainerId, input, actor));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  await releasePicture(deps, trainerId, outcome.releasedPicture);
  if (outcome.emailChange) await sendEmailChangeMails(deps, outcome.emailChange);
  return getTrainerProfileView(deps, trainerId);
}

/**
 * The writes of a profile save, in its transaction: the checks that need the stored row (featuring, the picture),
 * a new e-mail recorded as a request, then the trainer row and the profile. Returns what to do after commit.
 */
async function applyProfileSave(
  deps: AppDeps,
  trx: Trx,
  trainerId: number,
  input: ProfileUpdate,
  actor: { isAdmin: boolean; userId: number | null },
): Promise<{ emailChange?: EmailChangeRequest; releasedPicture: string | null }> {
  // The trainer's row is the lock every change of their e-mail or picture takes, so they apply one at a time.
  const trainer = await lockTrainer(trx, trainerId);
  if (!trainer) throw notFound(TRAINER_NOT_FOUND);
  const stored = await findStoredProfileFlags(trx, trainerId);
  if (
    !actor.isAdmin &&
    input.featuredTrainer !== undefined &&
    input.featuredTrainer !== (stored?.featuredTrainer ?? false)
  ) {
    throw forbidden('Only an administrator can feature a trainer in the directory.');
  }
  const storedPicture = stored?.profilePicture ?? null;
  if (
    input.profilePicture !== undefined &&
    input.profilePicture !== storedPicture &&
    input.profilePicture !== null &&
    isStoredPictureUrl(input.profilePicture, deps.config.appUrl)
  ) {
    throw badRequest('picture_not_yours', PROFILE_PICTURE_NOT_YOURS, {
      profilePicture: PROFILE_PICTURE_NOT_YOURS,
    });
  }
  const releasedPicture =
    input.profilePicture !== undefined && input.profilePicture !== storedPicture ? storedPicture : null;
  const emailChange =
    input.email !== undefined && input.email !== trainer.email
      ? await recordEmailChange(deps, trx, trainer, input.email, actor.userId)
      : undefined;

  const name = input.name ?? input.fullName;
  const trainerUpdate = {
    ...(name !== undefined ? { name } : {}),
    // The e-mail is never written here: it moves only when its link is confirmed.
    ...Object.fromEntries(
      TRAINER_FIELDS.filter((f) => f !== 'email' && input[f] !== undefined).map((f) => [f, input[f]]),
    ),
  };
  const now = new Date();
  if (Object.keys(trainerUpdate).length) {
    await updateTrainerFields(trx, trainerId, trainerUpdate, now);
    if (trainer.userId !== null && name !== undefined) await setUserName(trx, trainer.userId, name);
  }

  const profile = Object.fromEntries(
    Object.entries(input).filter(([key, value]) => !NOT_STORED.has(key) && value !== undefined),
  );
  const values = {
    ...profile,
    ...(profile.otherSocialMedia ? { otherSocialMedia: JSON.stringify(profile.otherSocialMedia) } : {}),
  };
  await upsertProfileValues(trx, trainerId, values, now);
  await refreshTrainerCoordinates(trx, trainerId);
  return { emailChange, releasedPicture };
}

/**
 * Deletes the file behind a picture URL the trainer no longer uses, only when it is theirs: a key made for
 * them, or an older key (random name, no owner) that no other trainer's profile points at. A delete that fails
 * leaves the file for the sweep.
 */
async function releasePicture(deps: Pick<AppDeps, 'db' | 'storage'>, trainerId: number, url: string | null) {
  const key = pictureKeyFromUrl(url);
  if (!key) return;
  const parts = pictureKeyParts(key);
  if (parts && parts.trainerId !== trainerId) return;
  if (!parts) {
    if (await isPictureReferenced(deps.db, url as string)) return;
  }
  await deps.storage.delete(key).catch(() => undefined);
}

/**
 * Stores a new picture (validated and re-encoded), points the profile at it, and drops the old one. Uploads of
 * one trainer take turns on the trainer's row, each dropping the one before, so parallel uploads leave one file.
 */
export async function replacePicture(
  deps: AppDeps,
  trainerId: number,
  bytes: Buffer | null,
): Promise<{ profilePicture: string | null }> {
  const { db, storage } = deps;
  if (!(await trainerExists(db, trainerId))) throw notFound(TRAINER_NOT_FOUND);
  const processed = bytes ? await processPicture(bytes, { trainerId, at: deps.clock.now() }) : undefined;
  if (processed) await storage.put(processed.key, processed.data);
  const profilePicture = processed ? pictureUrlFor(processed.key) : null;
  let previous: string | null;
  try {
    previous = await db.transaction().execute(async (trx) => {
      const trainer = await lockTrainer(trx, trainerId);
      if (!trainer) throw notFound(TRAINER_NOT_FOUND);
      const row = await findStoredProfileFlags(trx, trainerId);
      await upsertProfileValues(trx, trainerId, { profilePicture }, new Date());
      return row?.profilePicture ?? null;
    });
  } catch (error) {
    // Never referenced: remove it now rather than leave it to the sweep.
    if (processed) await storage.delete(processed.key).catch(() => undefined);
    throw error;
  }
  await releasePicture(deps, trainerId, previous);
  return { profilePicture };
}

/** A stored picture younger than this is never swept: its upload may not have reached the profile yet. */
export const PICTURE_SWEEP_MIN_AGE_MS = 15 * 60 * 1000;

/**
 * Removes every stored picture no trainer's profile points at (left by an upload that failed half-way, or a
 * delete that did not get through). Keys from before owner-named pictures carry no time; nothing makes such
 * names any more, so an unreferenced one is an orphan.
 */
export async function sweepUnusedPictures(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  now: Date,
): Promise<{ removed: string[] }> {
  const keys = (await deps.storage.list('pictures/')).filter((key) => /^pictures\/[\w-]+\.webp$/.test(key));
  if (!keys.length) return { removed: [] };
  const urls = await listStoredPictureUrls(deps.db);
  const referenced = new Set(urls.map((url) => pictureKeyFromUrl(url)));
  const removed: string[] = [];
  for (const key of keys) {
    if (referenced.has(key)) continue;
    const storedAt = pictureKeyParts(key)?.storedAt;
    if (storedAt && now.getTime() - storedAt.getTime() < PICTURE_SWEEP_MIN_AGE_MS) continue;
    await deps.storage.delete(key);
    removed.push(key);
  }
  return { removed };
}
