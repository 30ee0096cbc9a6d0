import { z } from 'zod';

/**
 * What the public answers carry of reviews (directory.ts): kept apart from reviews.ts, so the public pages' code
 * holds these two schemas and not the review forms' and the admin's.
 */

/** A trainer's public rating: the mean of the visible reviews' stars (one decimal) and how many there are. */
export const publicRatingSchema = z.object({ mean: z.number(), count: z.number() });
export type PublicRating = z.output<typeof publicRatingSchema>;

/** A review the trainer featured, as their public profile shows it: the reviewer by first name only. */
export const testimonialSchema = z.object({
  id: z.number(),
  stars: z.number(),
  comment: z.string(),
  reviewerName: z.string(),
  classTitle: z.string(),
  date: z.string(),
});
export type Testimonial = z.output<typeof testimonialSchema>;
