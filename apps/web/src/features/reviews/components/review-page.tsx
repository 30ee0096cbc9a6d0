import { Alert, Button, Container, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { REVIEW_COMMENT_MAX, REVIEW_LINK_VALID_DAYS } from '@soulpunch/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PublicHeader } from '@/components/public-header';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useReviewLink, useSubmitReview } from '../api/reviews';
import { StarPicker } from './star-picker';

/**
 * The review link e-mailed after a class lands here. Nothing is recorded until the person sends the form (mail
 * scanners open links); a link used already says so instead of offering the form again.
 */
export function ReviewPage() {
  useDocumentTitle('Rate your class | Soul Punch');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <PublicHeader variant="public" />
      <Container size="sm" py="xl">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <ReviewBody token={token} />
        </Paper>
      </Container>
    </>
  );
}

function ReviewBody({ token }: { token: string | null }) {
  const link = useReviewLink(token);
  const submit = useSubmitReview();
  // The link ran out while the form was open.
  if (isApiError(submit.error, 410)) return <ExpiredNotice />;
  if (submit.isSuccess) {
    return (
      <Stack gap="sm">
        <Title order={1} size="h2">
          Thank you
        </Title>
        {/* No icon: the class page's check mark would become a chunk of its own, on the class page's budget. */}
        <Alert role="status" color="green" variant="light">
          Your review has been recorded. It helps others find a good trainer.
        </Alert>
      </Stack>
    );
  }
  if (!token || isApiError(link.error, 400)) {
    return (
      <Notice title="Rate your class">
        This review link is not valid. Use the link in the e-mail we sent after your class.
      </Notice>
    );
  }
  if (link.isPending) return <Loader aria-label="Loading your class" />;
  if (link.isError) {
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(link.error)}
      </Alert>
    );
  }
  const { classTitle, trainerName, date, reviewed, expired } = link.data;
  if (reviewed) {
    return <Notice title="Rate your class">You have already rated "{classTitle}". Thank you!</Notice>;
  }
  if (expired) return <ExpiredNotice classTitle={classTitle} />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Rate your class
      </Title>
      <Text>
        "{classTitle}" with {trainerName}, {date}.
      </Text>
      <ReviewForm token={token} submit={submit} />
    </Stack>
  );
}

function ExpiredNotice({ classTitle }: { classTitle?: string }) {
  return (
    <Notice title="This review link has expired">
      Reviews are taken for {REVIEW_LINK_VALID_DAYS} days after the class
      {classTitle ? ` ("${classTitle}")` : ''}. Thank you all the same.
    </Notice>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert role="status" color="gray" variant="light">
        {children}
      </Alert>
    </Stack>
  );
}

function ReviewForm({ token, submit }: { token: string; submit: ReturnType<typeof useSubmitReview> }) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [missingStars, setMissingStars] = useState(false);

  function send(event: FormEvent) {
    event.preventDefault();
    if (stars < 1) {
      setMissingStars(true);
      return;
    }
    submit.mutate({ token, stars, comment: comment.trim() || null });
  }

  return (
    <form onSubmit={send} noValidate aria-label="Your review">
      <Stack gap="md">
        <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-describedby="stars-error">
          <legend>
            <Text fw={600} component="span">
              Your rating (required)
            </Text>
          </legend>
          <StarPicker
            value={stars}
            onChange={(value) => {
              setStars(value);
              setMissingStars(false);
            }}
          />
          <Text id="stars-error" size="sm" c="red.9" role={missingStars ? 'alert' : undefined} mt={4}>
            {missingStars ? 'Choose from 1 to 5 stars.' : ''}
          </Text>
        </fieldset>
        <Textarea
          label="Comment (optional)"
          description="What did you learn? Your first name and comment may be shown on the trainer's profile."
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={4}
        />
        {submit.isError && (
          <Text size="sm" c="red.9" role="alert">
            {isApiError(submit.error, 409)
              ? 'This link was used already: the class has your review.'
              : getErrorMessage(submit.error)}
          </Text>
        )}
        <Button type="submit" loading={submit.isPending} style={{ alignSelf: 'flex-start' }}>
          Send my review
        </Button>
      </Stack>
    </form>
  );
}
