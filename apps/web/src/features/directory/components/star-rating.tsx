import { IconStarFilled } from '@tabler/icons-react';
import classes from './directory-card.module.css';

const MAX_STARS = 5;

/** Spec: every trainer is rated 5; shown as stars with the number for screen readers. */
export function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <span className={classes.stars} role="img" aria-label={`Rated ${stars} out of ${MAX_STARS} stars`}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <IconStarFilled
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={i}
          size={16}
          aria-hidden="true"
          color={i < stars ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-4)'}
        />
      ))}
    </span>
  );
}
