import type { TrainerProfileData, trainerProfileUpdateSchema } from '@soulpunch/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../lib/app-error';
import type { FileStorage } from '../../lib/file-storage';
import { refreshTrainerCoordinates } from '../trainers/repository';
import {
  assertEmailAvailable,
  emailTakenError,
  isUniqueViolation,
  TRAINER_NOT_FOUND,
} from '../trainers/service';
import { pictureKeyFromUrl, pictureUrlFor, processPicture } from './picture';

type ProfileUpdate = z.output<typeof trainerProfileUpdateSchema>;

/** Fields kept on the trainer row; everything else of the editor lives in trainer_profiles. */
const TRAINER_FIELDS = ['email', 'phone', 'city', 'state'] as const;
const NOT_STORED = new Set(['name', 'fullName', 'firstName', 'lastName', ...TRAINER_FIELDS]);

export async function getTrainerProfile(db: Db, trainerId: number): Promise<TrainerProfileData> {
  const row = await db
    .selectFrom('trainers')
    .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
    .selectAll('trainerProfiles')
    .select([
      'trainers.id as id',
      'trainers.name',
      'trainers.email',
      'trainers.phone',
      'trainers.city',
      'trainers.state',
    ])
    .where('trainers.id', '=', trainerId)
    .executeTakeFirst();
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
    renewalDate: row.renewalDate ?? null,
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

/**
 * Saves exactly what was sent: no defaults filled in, no stored value preferred over the form.
 * Featuring a trainer in the directory is an administrator's decision.
 */
export async function saveTrainerProfile(
  db: Db,
  trainerId: number,
  input: ProfileUpdate,
  actor: { isAdmin: boolean },
): Promise<TrainerProfileData> {
  try {
    await db.transaction().execute(async (trx) => {
      const trainer = await trx
        .selectFrom('trainers')
        .leftJoin('trainerProfiles', 'trainerProfiles.trainerId', 'trainers.id')
        .select(['trainers.id', 'trainers.userId', 'trainers.email', 'trainerProfiles.featuredTrainer'])
        .where('trainers.id', '=', trainerId)
        .executeTakeFirst();
      if (!trainer) throw notFound(TRAINER_NOT_FOUND);
      if (
        !actor.isAdmin &&
        input.featuredTrainer !== undefined &&
        input.featuredTrainer !== (trainer.featuredTrainer ?? false)
      ) {
        throw forbidden('Only an administrator can feature a trainer in the directory.');
      }
      if (input.email !== undefined && input.email !== trainer.email) {
        await assertEmailAvailable(trx, input.email, trainerId, trainer.userId);
      }

      const name = input.name ?? input.fullName;
      const trainerUpdate = {
        ...(name !== undefined ? { name } : {}),
        ...Object.fromEntries(TRAINER_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]])),
      };
      const now = new Date();
      if (Object.keys(trainerUpdate).length) {
        await trx
          .updateTable('trainers')
          .set({ ...trainerUpdate, updatedAt: now })
          .where('id', '=', trainerId)
          .execute();
        if (trainer.userId !== null && (name !== undefined || input.email !== undefined)) {
          await trx
            .updateTable('users')
            .set({
              ...(name !== undefined ? { name } : {}),
              ...(input.email !== undefined ? { email: input.email } : {}),
            })
            .where('id', '=', trainer.userId)
            .execute();
        }
      }

      const profile = Object.fromEntries(
        Object.entries(input).filter(([key, value]) => !NOT_STORED.has(key) && value !== undefined),
      );
      const values = {
        ...profile,
        ...(profile.otherSocialMedia ? { otherSocialMedia: JSON.stringify(profile.otherSocialMedia) } : {}),
      };
      await trx
        .insertInto('trainerProfiles')
        .values({ trainerId, ...values })
        .onConflict((oc) => oc.column('trainerId').doUpdateSet({ ...values, updatedAt: now }))
        .execute();
      await refreshTrainerCoordinates(trx, trainerId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  return getTrainerProfile(db, trainerId);
}

/** Stores a new picture (validated and re-encoded), points the profile at it, and drops the old one. */
export async function replacePicture(
  db: Db,
  storage: FileStorage,
  trainerId: number,
  bytes: Buffer | null,
): Promise<{ profilePicture: string | null }> {
  const current = await getTrainerProfile(db, trainerId);
  const processed = bytes ? await processPicture(bytes) : undefined;
  if (processed) await storage.put(processed.key, processed.data);
  const profilePicture = processed ? pictureUrlFor(processed.key) : null;
  await db
    .insertInto('trainerProfiles')
    .values({ trainerId, profilePicture })
    .onConflict((oc) => oc.column('trainerId').doUpdateSet({ profilePicture, updatedAt: new Date() }))
    .execute();
  const oldKey = pictureKeyFromUrl(current.profilePicture);
  if (oldKey) await storage.delete(oldKey);
  return { profilePicture };
}
