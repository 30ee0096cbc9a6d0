import { z } from 'zod';
import { type PublicRating, publicRatingSchema } from './review-basics';

export * from './review-basics';

/**
 * Reviews from people who attended a class (issue 26, part 6). The rules the server, the web app and the tests
 * share: how stars become a public rating, and what each answer holds.
 */

/** No rating is shown until a trainer has this many visible reviews: one or two opinions are not a rating. */
export const RATING_MIN_REVIEWS = 3;
export const MAX_STARS = 5;
/** How many reviews a trainer may feature on their public profile. */
export const MAX_FEATURED_REVIEWS = 6;
export const REVIEW_COMMENT_MAX = 1000;

/** How many visible reviews gave each number of stars (what the database counts). */
export interface StarCount {
  stars: number;
  count: number;
}

/** The public rating from the visible reviews' star counts; null below RATING_MIN_REVIEWS. */
export function ratingFromStarCounts(counts: readonly StarCount[]): PublicRating | null {
  let count = 0;
  let total = 0;
  for (const c of counts) {
    count += c.count;
    total += c.stars * c.count;
  }
  if (count < RATING_MIN_REVIEWS) return null;
  return { mean: Math.round((total / count) * 10) / 10, count };
}

/** The public rating of a list of reviews: a hidden review counts for nothing. */
export function ratingOf(reviews: ReadonlyArray<{ stars: number; hidden: boolean }>): PublicRating | null {
  return ratingFromStarCounts(reviews.filter((r) => !r.hidden).map((r) => ({ stars: r.stars, count: 1 })));
}

/** A review's link, as its e-mail carries it (the API's body and the page alike). */
export const reviewTokenBodySchema = z.strictObject({ token: z.string().min(20).max(200) });

export const reviewInputSchema = z.strictObject({
  token: reviewTokenBodySchema.shape.token,
  stars: z.number().int().min(1).max(MAX_STARS),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX)
    .nullish()
    .transform((v) => v || null),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** A review link works this many days after its class ends: an opinion much later says little about the class. */
export const REVIEW_LINK_VALID_DAYS = 30;

/** POST /api/reviews/link: the class a link is for, whether it was used, and whether it has expired. */
export const reviewLinkSchema = z.object({
  classTitle: z.string(),
  trainerName: z.string(),
  /** The class's day, as its e-mails write it. */
  date: z.string(),
  reviewed: z.boolean(),
  /** Unused and more than REVIEW_LINK_VALID_DAYS after the class ended (by the server's clock). */
  expired: z.boolean(),
});
export type ReviewLink = z.output<typeof reviewLinkSchema>;

/** POST /api/reviews: what was recorded. */
export const reviewSavedSchema = z.object({ stars: z.number(), comment: z.string().nullable() });

/** One line of a review's moderation history. */
export const reviewModerationSchema = z.object({
  action: z.enum(['hidden', 'shown']),
  reason: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});

/** A review as its trainer sees it in the portal (and an admin in the reviews list, with more). */
export const trainerReviewSchema = z.object({
  id: z.number(),
  stars: z.number(),
  comment: z.string().nullable(),
  reviewerName: z.string(),
  classTitle: z.string(),
  classDate: z.string(),
  createdAt: z.string(),
  featured: z.boolean(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type TrainerReview = z.output<typeof trainerReviewSchema>;

/** GET /api/trainers/{id}/reviews. */
export const trainerReviewsSchema = z.object({
  rating: publicRatingSchema.nullable(),
  reviews: z.array(trainerReviewSchema),
});
export type TrainerReviews = z.output<typeof trainerReviewsSchema>;

export const reviewFeaturedBodySchema = z.strictObject({ featured: z.boolean() });

export const adminReviewSchema = trainerReviewSchema.extend({
  trainerId: z.number(),
  trainerName: z.string(),
  reviewerEmail: z.string(),
  history: z.array(reviewModerationSchema),
});
export type AdminReview = z.output<typeof adminReviewSchema>;

export const reviewModerationBodySchema = z.strictObject({ reason: z.string().trim().min(3).max(500) });
