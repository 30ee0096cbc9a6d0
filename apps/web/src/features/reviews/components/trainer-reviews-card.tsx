import { Alert, Badge, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_FEATURED_REVIEWS, RATING_MIN_REVIEWS, type TrainerReview } from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { useSetFeatured, useTrainerReviews } from '../api/reviews';

const starsText = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

/**
 * The trainer's reviews from people who attended their classes, and the switch that features one on their public
 * profile (a visible review with a comment, a few at most).
 */
export function TrainerReviewsCard({ trainerId }: { trainerId: number }) {
  const reviews = useTrainerReviews(trainerId);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-reviews-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="my-reviews-title">
          Reviews
        </Title>
        {reviews.isPending && <Loader aria-label="Loading your reviews" />}
        {reviews.isError && (
          <Alert color="red" role="alert">
            {getErrorMessage(reviews.error)}
          </Alert>
        )}
        {reviews.data && (
          <>
            <Text c="gray.7" size="sm">
              {reviews.data.rating
                ? `Your public rating: ${reviews.data.rating.mean.toFixed(1)} out of 5 from ${reviews.data.rating.count} reviews.`
                : `Your profile shows stars once ${RATING_MIN_REVIEWS} people who attended have rated your classes.`}{' '}
              Feature up to {MAX_FEATURED_REVIEWS} reviews with a comment on your public profile.
            </Text>
            {reviews.data.reviews.length === 0 ? (
              <Text>No reviews yet. After each class, everyone who attended gets a link to rate it.</Text>
            ) : (
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {reviews.data.reviews.map((review) => (
                  <ReviewItem key={review.id} trainerId={trainerId} review={review} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ReviewItem({ trainerId, review }: { trainerId: number; review: TrainerReview }) {
  const setFeatured = useSetFeatured(trainerId);
  const canFeature = !review.hidden && review.comment !== null;
  return (
    <Paper component="li" withBorder radius="sm" p="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            <span role="img" aria-label={`${review.stars} out of 5 stars`}>
              {starsText(review.stars)}
            </span>{' '}
            {review.reviewerName}
          </Text>
          {review.hidden && <Badge color="red.9">Hidden by Soul Punch</Badge>}
        </Group>
        <Text size="sm" c="gray.7">
          {review.classTitle}, {review.classDate}
        </Text>
        {review.comment && <Text>{review.comment}</Text>}
        {review.hidden && review.hiddenReason && (
          <Text size="sm" c="gray.7">
            Why it is hidden: {review.hiddenReason}
          </Text>
        )}
        {canFeature && (
          <Switch
            label="Feature on my public profile"
            checked={review.featured}
            disabled={setFeatured.isPending}
            onChange={(event) =>
              setFeatured.mutate(
                { reviewId: review.id, featured: event.currentTarget.checked },
                {
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: 'Not changed',
                      message: getErrorMessage(error),
                    }),
                },
              )
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
