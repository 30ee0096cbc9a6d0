import { Button, Group, Skeleton, Stack, Text, type TitleOrder } from '@mantine/core';
import { formatNumber, type PublicTrainer } from '@soulpunch/shared';
import { ErrorView } from '@/components/error-view';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import classes from './directory-card.module.css';
import { TrainerCard } from './trainer-card';

/** Spec 9: three skeleton cards while the list loads. */
export const SKELETON_CARD_COUNT = 3;

function TrainerCardSkeleton() {
  return (
    <div className={classes.card} data-testid="trainer-card-skeleton">
      <Group gap="md" wrap="nowrap" mb="md">
        <Skeleton circle height={64} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={16} width="60%" />
          <Skeleton height={12} width="40%" />
        </Stack>
      </Group>
      <Skeleton height={10} mb={8} />
      <Skeleton height={10} mb={8} />
      <Skeleton height={10} width="70%" mb="md" />
      <Skeleton height={30} width="50%" />
    </div>
  );
}

interface TrainerResultsProps {
  /** The cards of the pages loaded so far. */
  trainers: PublicTrainer[] | undefined;
  /** Every match, over all pages. */
  total: number;
  /** A trainer chosen on the map whose page is not loaded: their card comes first. */
  picked: PublicTrainer | null;
  isPending: boolean;
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  onShowMore: () => void;
  onReset: () => void;
  onClearDistance: () => void;
  profilePath: (id: number) => string;
  headingOrder: TitleOrder;
}

export function TrainerResults({
  trainers,
  total,
  picked,
  isPending,
  error,
  hasMore,
  isLoadingMore,
  onShowMore,
  onReset,
  onClearDistance,
  profilePath,
  headingOrder,
}: TrainerResultsProps) {
  if (isPending) {
    return (
      <div aria-busy="true">
        <span className={classes.visuallyHidden}>Loading trainers</span>
        <div className={classes.cards}>
          {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <TrainerCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }

  if (isApiError(error) && error.code === 'unknown_place') {
    return (
      <div className={classes.notice} role="alert">
        <p className={classes.noticeTitle}>Place not found</p>
        <Stack gap="sm" align="flex-start">
          <p>{getErrorMessage(error)}</p>
          <Button variant="default" size="sm" onClick={onClearDistance}>
            Clear distance
          </Button>
        </Stack>
      </div>
    );
  }

  if (error || !trainers) {
    return (
      <ErrorView
        order={2}
        title="Unable to load trainers"
        message="We're experiencing some technical difficulties. Please try again later."
        actions={<Button onClick={() => window.location.reload()}>Refresh Page</Button>}
      />
    );
  }

  if (trainers.length === 0) {
    return (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <Text fw={700} size="xl" role="status">
          No trainers found
        </Text>
        <Text c="gray.7">Try a different search, or clear the filters to see every trainer.</Text>
        <Button onClick={onReset}>Reset Filters</Button>
      </Stack>
    );
  }

  const shown = picked && !trainers.some((t) => t.id === picked.id) ? [picked, ...trainers] : trainers;
  return (
    <Stack gap="lg">
      <Text size="sm" c="gray.7" role="status">
        {total === 1 ? '1 trainer found' : `${formatNumber(total)} trainers found`}
        {shown.length < total ? ` (showing ${shown.length})` : ''}
      </Text>
      <div className={classes.cards}>
        {shown.map((trainer) => (
          <TrainerCard
            key={trainer.id}
            trainer={trainer}
            profilePath={profilePath(trainer.id)}
            headingOrder={headingOrder}
          />
        ))}
      </div>
      {hasMore && (
        <Group justify="center">
          <Button variant="default" onClick={onShowMore} loading={isLoadingMore}>
            Show More Trainers
          </Button>
        </Group>
      )}
    </Stack>
  );
}
