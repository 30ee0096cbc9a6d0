import type { TrainerListItem } from '@soulpunch/shared';
import { memo } from 'react';
import { TrainerRow } from './trainer-row';

interface TrainerRowsProps {
  trainers: TrainerListItem[];
  /** True while the next page or search loads and these rows are the previous ones. */
  stale: boolean;
}

/** The page of trainers; it re-renders only when the rows or their staleness change. */
export const TrainerRows = memo(function TrainerRows({ trainers, stale }: TrainerRowsProps) {
  return (
    <ul
      aria-label="Trainers"
      aria-busy={stale}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--mantine-spacing-sm)',
        opacity: stale ? 0.6 : 1,
      }}
    >
      {trainers.map((trainer) => (
        <TrainerRow key={trainer.id} trainer={trainer} />
      ))}
    </ul>
  );
});
