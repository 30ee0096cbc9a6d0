import {
  type AdminReview,
  MAX_FEATURED_REVIEWS,
  type PublicRating,
  REVIEW_LINK_VALID_DAYS,
  type ReviewLink,
  ratingFromStarCounts,
  type reviewInputSchema,
  type StarCount,
  type Testimonial,
  type TrainerReview,
  type TrainerReviews,
} from '@soulpunch/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { DAY_MS } from '../../lib/clock';
import { enforceRateLimits } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import { mailDate } from '../mail/dates';
import { deliverMail, queueMail } from '../mail/queue';
import { noticeEmail } from '../mail/templates';
import {
  countFeaturedReviews,
  countVisibleStars,
  findReviewLink,
  findReviewRow,
  insertModeration,
  insertReview,
  insertReviewLink,
  listFeaturedReviewRows,
  listModeration,
  listRegistrationsOwedReviewLink,
  listReviewRows,
  listTrainerReviewRows,
  lockReview,
  markReviewLinkUsed,
  type ReviewRow,
  setReviewFeatured,
  setReviewHidden,
} from './repository';

type ReviewInput = z.output<typeof reviewInputSchema>;

/**
 * A class that ended longer ago than this gets no review link: when reviews first go live, years of past classes
 * do not all write to their registrants at once, and an opinion weeks later says little about the class.
 */
export const REVIEW_LINK_WINDOW_DAYS = 14;
const LINKS_PER_ROUND = 200;
/** The review page, its link carrying the token (a secret: redacted from logs by its name). */
export const REVIEW_PAGE_PATH = '/public/review';

const INVALID_LINK = 'This review link is invalid.';
const EXPIRED_LINK = `This review link has expired: reviews are taken for ${REVIEW_LINK_VALID_DAYS} days after the class.`;

/** A link is for REVIEW_LINK_VALID_DAYS after its class ended, on the app's clock. */
const linkExpired = (link: { endsAt: Date }, now: Date) =>
  now.getTime() > link.endsAt.getTime() + REVIEW_LINK_VALID_DAYS * DAY_MS;
const trainerNameOf = (row: { trainerDisplayName: string | null; trainerName: string }) =>
  row.trainerDisplayName?.trim() || row.trainerName;
/** Reviewers appear by first name only. */
const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/**
 * The scheduled round: each registration that held its place in a class that has ended (by the app's clock) gets
 * its one review link. The link's row and its e-mail are written in one transaction, so a link exists exactly when
 * its e-mail does, and a registration never gets a second one (its row is the guard, whichever round runs).
 */
export async function sendReviewLinks(deps: AppDeps, now: Date): Promise<{ sent: number }> {
  const since = new Date(now.getTime() - REVIEW_LINK_WINDOW_DAYS * DAY_MS);
  const owed = await listRegistrationsOwedReviewLink(deps.db, now, since, LINKS_PER_ROUND);
  let sent = 0;
  for (const registration of owed) {
    const token = newToken();
    const mailIds = await deps.db.transaction().execute(async (trx) => {
      const fresh = await insertReviewLink(trx, {
        registrationId: registration.registrationId,
        tokenHash: hashToken(deps.config.sessionSecret, token),
        sentAt: now,
      });
      if (!fresh) return [];
      return queueMail(trx, now, reviewLinkEmail(deps, registration, token));
    });
    if (mailIds.length) sent += 1;
    await deliverMail(deps, mailIds);
  }
  return { sent };
}

function reviewLinkEmail(
  deps: AppDeps,
  registration: Awaited<ReturnType<typeof listRegistrationsOwedReviewLink>>[number],
  token: string,
) {
  const day = mailDate(registration.startsAt, registration.timeZone);
  return noticeEmail({
    to: registration.email,
    // As the class e-mails: the name beside the address was typed by whoever registered it.
    name: 'there',
    subject: `How was "${registration.title}"?`,
    paragraphs: [
      `Thank you for coming to "${registration.title}" with ${trainerNameOf(registration)} on ${day}.`,
      'Would you rate the class? It takes a moment, and your stars help others find a good trainer. The link works once.',
    ],
    action: {
      label: 'Rate the class',
      url: `${deps.config.appUrl}${REVIEW_PAGE_PATH}?token=${encodeURIComponent(token)}`,
    },
  });
}

/**
 * What a review link is for, whether it was used and whether it has expired (the page offers the form only for an
 * unused link still in its time).
 */
export async function reviewLinkStatus(deps: AppDeps, token: string, ip: string): Promise<ReviewLink> {
  await enforceRateLimits(
    deps.db,
    [{ key: `review-link:ip:${ip}`, limit: 60, windowSeconds: 600 }],
    deps.clock.now(),
  );
  const link = await findReviewLink(deps.db, hashToken(deps.config.sessionSecret, token));
  if (link?.registrationStatus !== 'registered') throw badRequest('invalid_review_link', INVALID_LINK);
  return {
    classTitle: link.title,
    trainerName: trainerNameOf(link),
    date: mailDate(link.startsAt, link.timeZone),
    reviewed: link.usedAt !== null,
    expired: link.usedAt === null && linkExpired(link, deps.clock.now()),
  };
}

/**
 * The attendee's review, through their link: only a link we sent (so only a registrant who held a place), only
 * once (the link is spent in the review's transaction; a second use, even at the same moment, is refused), and only
 * within REVIEW_LINK_VALID_DAYS of the class's end (410 after).
 */
export async function submitReview(
  deps: AppDeps,
  input: ReviewInput,
  ip: string,
): Promise<{ stars: number; comment: string | null }> {
  const now = deps.clock.now();
  await enforceRateLimits(deps.db, [{ key: `review:ip:${ip}`, limit: 30, windowSeconds: 600 }], now);
  const tokenHash = hashToken(deps.config.sessionSecret, input.token);
  await deps.db.transaction().execute(async (trx) => {
    const link = await findReviewLink(trx, tokenHash);
    if (link?.registrationStatus !== 'registered') {
      throw badRequest('invalid_review_link', INVALID_LINK);
    }
    if (link.usedAt === null && linkExpired(link, now)) {
      throw new AppError(410, 'review_link_expired', EXPIRED_LINK);
    }
    if (!(await markReviewLinkUsed(trx, link.registrationId, now))) {
      throw new AppError(409, 'review_link_used', 'This link was used already: the class has your review.');
    }
    await insertReview(trx, {
      registrationId: link.registrationId,
      classId: link.classId,
      trainerId: link.trainerId,
      stars: input.stars,
      comment: input.comment,
      createdAt: now,
    });
  });
  return { stars: input.stars, comment: input.comment };
}

/** Each trainer's public rating (null below the threshold), from their visible reviews. */
export async function publicRatings(db: Db, trainerIds: number[]): Promise<Map<number, PublicRating | null>> {
  const byTrainer = new Map<number, StarCount[]>();
  for (const row of await countVisibleStars(db, trainerIds)) {
    const list = byTrainer.get(row.trainerId) ?? [];
    list.push(row);
    byTrainer.set(row.trainerId, list);
  }
  return new Map(trainerIds.map((id) => [id, ratingFromStarCounts(byTrainer.get(id) ?? [])]));
}

/** The reviews a trainer featured, as their public profile shows them. */
export async function testimonialsOf(db: Db, trainerId: number): Promise<Testimonial[]> {
  const rows = await listFeaturedReviewRows(db, trainerId);
  return rows.map((r) => ({
    id: r.id,
    stars: r.stars,
    comment: r.comment ?? '',
    reviewerName: firstNameOf(r.reviewerName),
    classTitle: r.classTitle,
    date: mailDate(r.classStartsAt, r.classTimeZone),
  }));
}

function toTrainerReview(r: ReviewRow): TrainerReview {
  return {
    id: r.id,
    stars: r.stars,
    comment: r.comment,
    reviewerName: firstNameOf(r.reviewerName),
    classTitle: r.classTitle,
    classDate: mailDate(r.classStartsAt, r.classTimeZone),
    createdAt: r.createdAt.toISOString(),
    featured: r.featured,
    hidden: r.hiddenAt !== null,
    hiddenReason: r.hiddenReason,
  };
}

/** The trainer's own reviews (hidden ones too, with why) and their public rating. */
export async function listTrainerReviews(db: Db, trainerId: number): Promise<TrainerReviews> {
  const rows = await listTrainerReviewRows(db, trainerId);
  const rating = (await publicRatings(db, [trainerId])).get(trainerId) ?? null;
  return { rating, reviews: rows.map(toTrainerReview) };
}

/** The trainer features a review on their profile, or stops: only a visible one with a comment, a few at most. */
export async function setFeatured(
  deps: AppDeps,
  trainerId: number,
  reviewId: number,
  featured: boolean,
): Promise<TrainerReview> {
  await deps.db.transaction().execute(async (trx) => {
    const review = await lockReview(trx, reviewId);
    if (!review || review.trainerId !== trainerId) throw notFound('Review not found');
    if (featured === review.featured) return;
    if (featured) {
      if (review.hiddenAt) throw badRequest('review_hidden', 'A hidden review cannot be featured.');
      if (!review.comment)
        throw badRequest('validation_error', 'Only a review with a comment can be featured.');
      if ((await countFeaturedReviews(trx, trainerId)) >= MAX_FEATURED_REVIEWS) {
        throw badRequest(
          'too_many_featured',
          `At most ${MAX_FEATURED_REVIEWS} reviews can be featured: stop featuring one first.`,
        );
      }
    }
    await setReviewFeatured(trx, reviewId, featured);
  });
  return toTrainerReview((await findReviewRow(deps.db, reviewId)) as ReviewRow);
}

const ADMIN_LIST_LIMIT = 500;

async function toAdminReviews(db: Db, rows: ReviewRow[]): Promise<AdminReview[]> {
  const history = await listModeration(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...toTrainerReview(r),
    trainerId: r.trainerId,
    trainerName: r.trainerName,
    reviewerEmail: r.reviewerEmail,
    history: history
      .filter((h) => h.reviewId === r.id)
      .map((h) => ({ action: h.action, reason: h.reason, by: h.byEmail, at: h.at.toISOString() })),
  }));
}

/** Admin: the latest reviews of every trainer, hidden ones included, each with its moderation history. */
export async function listAdminReviews(db: Db): Promise<AdminReview[]> {
  return toAdminReviews(db, await listReviewRows(db, ADMIN_LIST_LIMIT));
}

/**
 * Admin: hides a review (it leaves the rating and the profile) or shows it again, with a reason recorded with who
 * and when. Hiding a hidden review, or showing a visible one, changes nothing and says so.
 */
export async function moderateReview(
  deps: AppDeps,
  adminUserId: number,
  reviewId: number,
  action: 'hidden' | 'shown',
  reason: string,
): Promise<AdminReview> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const review = await lockReview(trx, reviewId);
    if (!review) throw notFound('Review not found');
    if ((review.hiddenAt !== null) === (action === 'hidden')) {
      throw new AppError(
        409,
        'nothing_to_change',
        action === 'hidden' ? 'This review is hidden already.' : 'This review is not hidden.',
      );
    }
    await setReviewHidden(trx, reviewId, action === 'hidden' ? { at: now, reason } : null);
    await insertModeration(trx, { reviewId, action, reason, byUserId: adminUserId, at: now });
  });
  const [review] = await toAdminReviews(deps.db, [(await findReviewRow(deps.db, reviewId)) as ReviewRow]);
  return review as AdminReview;
}
