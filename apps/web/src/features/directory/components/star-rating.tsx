import { Group } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

const MAX_STARS = 5;

/** Spec: every trainer is rated 5; shown as stars with the number for screen readers. */
export function StarRating({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <Group gap={2} role="img" aria-label={`Rated ${stars} out of ${MAX_STARS} stars`} wrap="nowrap">
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <IconStarFilled
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={i}
          size={16}
          aria-hidden="true"
          color={i < stars ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-4)'}
        />
      ))}
    </Group>
  );
}
