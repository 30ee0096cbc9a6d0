import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AdminReview } from '@soulpunch/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminReviews, useModerateReview } from '../api/reviews';

const starsText = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;
const stamp = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Admin: the latest reviews of every trainer; hiding one (it leaves the rating and the profile) takes a reason. */
export function AdminReviewsPage() {
  useDocumentTitle('Reviews');
  const reviews = useAdminReviews();
  const [acting, setActing] = useState<AdminReview | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        Reviews
      </Title>
      {reviews.isPending && <Loader aria-label="Loading reviews" />}
      {reviews.isError && (
        <Alert color="red" role="alert">
          {getErrorMessage(reviews.error)}
        </Alert>
      )}
      {reviews.data?.length === 0 && <Text c="gray.7">No reviews yet.</Text>}
      {reviews.data && reviews.data.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reviews">
          {reviews.data.map((review) => (
            <ReviewCard key={review.id} review={review} onAct={() => setActing(review)} />
          ))}
        </Stack>
      )}
      {acting && <ModerationDialog review={acting} onClose={() => setActing(null)} />}
    </Stack>
  );
}

function ReviewCard({ review, onAct }: { review: AdminReview; onAct: () => void }) {
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`Review ${review.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            <span role="img" aria-label={`${review.stars} out of 5 stars`}>
              {starsText(review.stars)}
            </span>{' '}
            for{' '}
            <Anchor component={Link} to={`/admin/trainers/${review.trainerId}`}>
              {review.trainerName}
            </Anchor>
          </Text>
          <Group gap="xs">
            {review.featured && <Badge color="blue.9">Featured</Badge>}
            {review.hidden ? <Badge color="red.9">Hidden</Badge> : <Badge color="teal.9">Shown</Badge>}
          </Group>
        </Group>
        <Text size="sm" c="gray.7">
          {review.classTitle}, {review.classDate}. By {review.reviewerName} ({review.reviewerEmail}) on{' '}
          {stamp(review.createdAt)}
        </Text>
        {review.comment && <Text style={{ overflowWrap: 'anywhere' }}>{review.comment}</Text>}
        {review.history.length > 0 && (
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="History">
            {review.history.map((h) => (
              <Text key={`${h.at}-${h.action}`} component="li" size="sm" c="gray.7">
                {h.action === 'hidden' ? 'Hidden' : 'Shown again'} by {h.by ?? 'a former admin'} on{' '}
                {stamp(h.at)}: {h.reason}
              </Text>
            ))}
          </Stack>
        )}
        <Group>
          <Button size="compact-sm" variant="light" color={review.hidden ? 'blue' : 'red.9'} onClick={onAct}>
            {review.hidden ? 'Show again' : 'Hide'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ModerationDialog({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const moderate = useModerateReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = review.hidden ? 'unhide' : 'hide';
  const title = review.hidden ? 'Show this review again' : 'Hide this review';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Say why, in a few words: it is kept with the review.');
      return;
    }
    moderate.mutate(
      { id: review.id, action, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: review.hidden ? 'Review shown' : 'Review hidden',
            message: review.hidden
              ? 'It counts in the rating again.'
              : 'It no longer counts in the rating or shows on the profile.',
          });
          onClose();
        },
        onError: (err) => setError(getErrorMessage(err)),
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="Reason"
            description="Recorded with your name in the review's history."
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={500}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={review.hidden ? 'blue' : 'red.9'} loading={moderate.isPending}>
              {review.hidden ? 'Show again' : 'Hide review'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
