import { Anchor, Button, Card, Group, Title } from '@mantine/core';
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

/** Memoised: typing in the search box re-renders the page, never the 50 rows. */
export const TrainerRow = memo(function TrainerRow({ trainer }: { trainer: TrainerListItem }) {
  const location = locationOf(trainer);
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-label={trainer.name}
      className={classes.row}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap" mb="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap" mb={2}>
            <Title order={2} size="h4">
              {trainer.name}
            </Title>
            <PaymentStatusBadge status={trainer.paymentStatus} />
          </Group>
          <div className={classes.contact}>
            <Anchor href={`mailto:${trainer.email}`} inherit className={classes.email}>
              {trainer.email}
            </Anchor>
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
      </Group>
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
    </Card>
  );
});
