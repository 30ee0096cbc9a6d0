import { describe, expect, it } from 'vitest';
import { RATING_MIN_REVIEWS, ratingFromStarCounts, ratingOf, reviewInputSchema } from './reviews';

const visible = (...stars: number[]) => stars.map((s) => ({ stars: s, hidden: false }));

describe('the public rating of a trainer', () => {
  it('is the mean of the stars, to one decimal, with the count', () => {
    expect(ratingOf(visible(5, 4, 4))).toEqual({ mean: 4.3, count: 3 });
    expect(ratingOf(visible(5, 5, 4, 2))).toEqual({ mean: 4, count: 4 });
    expect(ratingOf(visible(1, 2, 2))).toEqual({ mean: 1.7, count: 3 });
  });

  it('shows nothing until there are three reviews', () => {
    expect(RATING_MIN_REVIEWS).toBe(3);
    expect(ratingOf([])).toBeNull();
    expect(ratingOf(visible(5))).toBeNull();
    expect(ratingOf(visible(5, 1))).toBeNull();
    expect(ratingOf(visible(5, 1, 3))).toEqual({ mean: 3, count: 3 });
  });

  it('leaves a hidden review out of the mean and the count', () => {
    const reviews = [...visible(5, 5, 5), { stars: 1, hidden: true }];
    expect(ratingOf(reviews)).toEqual({ mean: 5, count: 3 });
    // Hiding one of three takes the trainer back below the threshold.
    expect(ratingOf([...visible(5, 4), { stars: 3, hidden: true }])).toBeNull();
  });

  it('reads the counts the database groups by stars the same way', () => {
    expect(
      ratingFromStarCounts([
        { stars: 5, count: 2 },
        { stars: 3, count: 1 },
      ]),
    ).toEqual({ mean: 4.3, count: 3 });
  });
});

describe('a review as posted', () => {
  const token = 'a'.repeat(43);
  it('takes 1 to 5 whole stars and an optional comment, trimmed', () => {
    expect(reviewInputSchema.parse({ token, stars: 4, comment: '  Great class  ' })).toEqual({
      token,
      stars: 4,
      comment: 'Great class',
    });
    expect(reviewInputSchema.parse({ token, stars: 5, comment: '   ' }).comment).toBeNull();
    expect(reviewInputSchema.parse({ token, stars: 1 }).comment).toBeNull();
    for (const stars of [0, 6, 4.5, '5']) {
      expect(reviewInputSchema.safeParse({ token, stars }).success).toBe(false);
    }
    expect(reviewInputSchema.safeParse({ token, stars: 5, comment: 'x'.repeat(1001) }).success).toBe(false);
  });
});
