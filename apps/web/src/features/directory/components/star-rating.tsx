import type { PublicRating } from '@soulpunch/shared';
import { IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './directory-card.module.css';

const MAX_STARS = 5;

const reviewsText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** Five stars, `filled` of them coloured, read out as `label`. */
function Stars({ filled, label, children }: { filled: number; label: string; children?: ReactNode }) {
  const stars = Math.max(0, Math.min(MAX_STARS, Math.round(filled)));
  return (
    <span className={classes.stars} role="img" aria-label={label}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <IconStarFilled
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={i}
          size={16}
          aria-hidden="true"
          color={i < stars ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-4)'}
        />
      ))}
      {children}
    </span>
  );
}

/**
 * The mean of the reviews from people who attended, as stars with the mean and the count beside them. No rating
 * (fewer than three reviews) shows nothing at all: no empty stars, no 'no reviews yet'.
 */
export function StarRating({ rating }: { rating: PublicRating | null }) {
  if (!rating) return null;
  const mean = rating.mean.toFixed(1);
  return (
    <Stars
      filled={rating.mean}
      label={`Rated ${mean} out of ${MAX_STARS} stars from ${reviewsText(rating.count)}`}
    >
      <span className={classes.ratingText} aria-hidden="true">
        {mean} ({reviewsText(rating.count)})
      </span>
    </Stars>
  );
}

/** One review's stars. */
export function ReviewStars({ stars }: { stars: number }) {
  return <Stars filled={stars} label={`${stars} out of ${MAX_STARS} stars`} />;
}
