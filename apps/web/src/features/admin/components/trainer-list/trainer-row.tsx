import { Button } from '@mantine/core';
import type { TrainerListItem } from '@soulpunch/shared';
import { memo } from 'react';
import { Link } from 'react-router';
import { engagementScores } from '../../utils/labels';
import { PaymentStatusBadge } from '../shared/payment-status-badge';
import { ScoreBar } from '../shared/score-bar';
import classes from './trainer-row.module.css';

export function locationOf(trainer: { city: string | null; state: string | null }): string {
  return [trainer.city, trainer.state].filter(Boolean).join(', ');
}

/** Tells the detail page it was opened from the list, so its back button can return to the same results. */
export const FROM_LIST_STATE = { fromList: true } as const;

/**
 * Memoised: typing in the search box re-renders the page, never the 50 rows. The row's frame, lines and name are
 * plain elements styled as Mantine's Card, Group, Title and Anchor are (trainer-row.module.css): the list is the
 * server's HTML hydrated in the browser, and each Mantine component is several more components to hydrate (its
 * props, styles and ids) on every one of the 50 rows.
 */
export const TrainerRow = memo(function TrainerRow({ trainer }: { trainer: TrainerListItem }) {
  const location = locationOf(trainer);
  return (
    <li aria-label={trainer.name} className={classes.row}>
      <div className={classes.head}>
        <div style={{ minWidth: 0 }}>
          <div className={classes.nameLine}>
            <h2 className={classes.name}>{trainer.name}</h2>
            <PaymentStatusBadge status={trainer.paymentStatus} />
          </div>
          <div className={classes.contact}>
            <a href={`mailto:${trainer.email}`} className={classes.email}>
              {trainer.email}
            </a>
            {trainer.phone && <span>{trainer.phone}</span>}
            {location && <span className={classes.location}>{location}</span>}
          </div>
        </div>
        <Button
          component={Link}
          to={`/admin/trainers/${trainer.id}`}
          state={FROM_LIST_STATE}
          variant="light"
          c="blue.9"
          style={{ flexShrink: 0 }}
          aria-label={`View ${trainer.name}`}
        >
          View
        </Button>
      </div>
      <div className={classes.scores}>
        {engagementScores.map((score) => (
          <ScoreBar
            key={score.key}
            label={score.shortLabel}
            value={trainer.trainingEngagement[score.key]}
            banded={score.key === 'overall'}
          />
        ))}
      </div>
    </li>
  );
});
