import {
  buildOnboardingChecklist,
  DEFAULT_TIME_ZONE,
  instantToZonedTime,
  isOnboardingStepLocked,
  isTrainingUpcoming,
  type OnboardingChecklist,
  onboardingStepFlag,
  SELF_MARKED_ONBOARDING_STEPS,
  type SelfMarkedOnboardingStep,
} from '@soulpunch/shared';
import type { Db } from '../../db/database';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { documentsComplete } from '../documents/service';
import { getProgressFacts, setProgressFlag, TRAINER_NOT_FOUND } from '../trainers/service';
import {
  findAccessPause,
  findLiveResource,
  hasAnyDocument,
  insertVisit,
  listCategories,
  listLiveResources,
  listMarkedSteps,
  listVisitedResourceIds,
  markStep,
  unmarkStep,
} from './repository';

/**
 * The checklist from the same stored facts as the admin's scores (decision record 0011): payment and documents
 * from the account, the material and community steps from the profile's flags, the weekly link as marked.
 */
export async function getOnboardingChecklist(db: Db, trainerId: number): Promise<OnboardingChecklist> {
  const facts = await getProgressFacts(db, trainerId);
  if (!facts) throw notFound(TRAINER_NOT_FOUND);
  const marked = await listMarkedSteps(db, trainerId);
  return buildOnboardingChecklist({
    ...facts,
    // From the signed documents themselves; a trainer from before e-signature has none and follows onboarding.
    documentsSigned: (await hasAnyDocument(db, trainerId))
      ? await documentsComplete(db, trainerId)
      : facts.onboardingStatus === 'completed',
    weeklyTrainingMarked: marked.includes('weekly_training_access'),
  });
}

/** Portal resources pause (never disappear) while a lapsed instalment stays unpaid past its grace period. */
export async function assertResourcesAvailable(db: Db, trainerId: number): Promise<void> {
  const trainer = await findAccessPause(db, trainerId);
  if (trainer?.accessPausedAt) {
    throw new AppError(
      403,
      'access_paused',
      'Your portal resources are paused because an instalment is unpaid. Pay now to restore access at once.',
    );
  }
}

export const isSelfMarkedStep = (step: string): step is SelfMarkedOnboardingStep =>
  (SELF_MARKED_ONBOARDING_STEPS as readonly string[]).includes(step);

export const STEP_LOCKED = 'This step opens once your payment is complete.';

/**
 * Marks or unmarks a self-marked step: the material and community steps write the profile flag the admin edits
 * (so the admin's bars move with it), the weekly link its own mark. `changedBy` is the user, for the change log.
 */
export async function setOnboardingStep(
  db: Db,
  trainerId: number,
  step: string,
  completed: boolean,
  changedBy: number | null,
): Promise<OnboardingChecklist> {
  if (!isSelfMarkedStep(step)) {
    throw badRequest('step_not_editable', 'This step follows your account and cannot be changed here.');
  }
  const facts = await getProgressFacts(db, trainerId);
  if (!facts) throw notFound(TRAINER_NOT_FOUND);
  // Unmarking is refused too: it would take back a material granted for after the payment.
  if (isOnboardingStepLocked(step, facts)) throw badRequest('step_locked', STEP_LOCKED);
  const flag = onboardingStepFlag(step);
  if (flag) await setProgressFlag(db, trainerId, flag, completed, changedBy);
  else if (completed) await markStep(db, trainerId, step);
  else await unmarkStep(db, trainerId, step);
  return getOnboardingChecklist(db, trainerId);
}

export interface PortalResource {
  id: number;
  name: string;
  description: string;
  badge: string | null;
  details: string | null;
  url: string;
  visited: boolean;
  /** An upcoming training's first and last day ('YYYY-MM-DD'); null for other resources. */
  startsOn: string | null;
  endsOn: string | null;
}

export interface PortalResources {
  categories: Array<{ id: number; name: string; comingSoon: boolean; resources: PortalResource[] }>;
  upcomingTraining: PortalResource[];
  trainingSchedule: PortalResource[];
}

/**
 * The resource catalogue, each marked visited when this trainer has opened it before. An upcoming training shows
 * until its last day is over (a day as headquarters in Tulsa counts it).
 */
export async function getPortalResources(
  db: Db,
  trainerId: number | null,
  now: Date,
): Promise<PortalResources> {
  const [categories, resources, visits] = await Promise.all([
    listCategories(db),
    listLiveResources(db),
    trainerId === null ? Promise.resolve([]) : listVisitedResourceIds(db, trainerId),
  ]);
  const visited = new Set(visits);
  const toResource = (r: (typeof resources)[number]): PortalResource => ({
    id: r.id,
    name: r.name,
    description: r.description,
    badge: r.badge,
    details: r.details,
    url: r.url,
    visited: visited.has(r.id),
    startsOn: r.startsOn,
    endsOn: r.endsOn,
  });
  const today = instantToZonedTime(now, DEFAULT_TIME_ZONE).date;
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: c.name,
      comingSoon: c.comingSoon,
      resources: resources.filter((r) => r.kind === 'resource' && r.categoryId === c.id).map(toResource),
    })),
    upcomingTraining: resources
      .filter((r) => r.kind === 'upcoming_training' && isTrainingUpcoming(r.startsOn, r.endsOn, today))
      .sort((a, b) => (a.startsOn ?? '').localeCompare(b.startsOn ?? ''))
      .map(toResource),
    trainingSchedule: resources.filter((r) => r.kind === 'training_schedule').map(toResource),
  };
}

/**
 * Records that a trainer opened a resource; `firstVisit` tells the portal to show its one-time toast. The first
 * opening of a step's resource (the video library, the WhatsApp community...) ticks that step: opening it is
 * reaching it. Only the first, so a later untick (by the trainer or an admin) stands; a material step waits for
 * the payment like a mark would.
 */
export async function recordResourceVisit(db: Db, trainerId: number, resourceId: number, userId: number) {
  const resource = await findLiveResource(db, resourceId);
  if (!resource) throw notFound('No such resource.');
  const firstVisit = await insertVisit(db, trainerId, resourceId);
  const step = resource.onboardingStep;
  if (firstVisit && step) {
    const facts = await getProgressFacts(db, trainerId);
    if (facts && !isOnboardingStepLocked(step, facts)) {
      await setOnboardingStep(db, trainerId, step, true, userId);
    }
  }
  return { firstVisit };
}
