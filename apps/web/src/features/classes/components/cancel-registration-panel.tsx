import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { CANCEL_CLOSED_MESSAGE } from '@soulpunch/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useCancelRegistration } from '../api/cancel-registration';
import { useCancelLinkStatus } from '../api/get-cancel-link-status';

/**
 * The confirmation e-mail's cancel link lands here. Nothing is sent until the person presses the button: mail
 * scanners open links, and merely opening one must not cancel anyone's place. A link already used says so
 * instead of offering to cancel again.
 */
export function CancelRegistrationPanel({
  classId,
  token,
  cancelled = false,
  started = false,
}: {
  classId: number;
  token: string | null;
  /** The server cancelled it (the button was pressed before the page came alive). */
  cancelled?: boolean;
  /** The class had begun when it was read: the server refuses to cancel, so nothing is offered. */
  started?: boolean;
}) {
  const cancel = useCancelRegistration();
  const status = useCancelLinkStatus(token);

  if (cancel.isSuccess || cancelled) {
    return (
      <Alert role="status" color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
        Your registration has been cancelled. Thank you for letting us know.
      </Alert>
    );
  }
  if (!token) return null;
  if (status.data?.status === 'cancelled') {
    return (
      <Alert role="status" color="gray" variant="light">
        This registration was already cancelled. There is nothing more to do.
      </Alert>
    );
  }
  if (started) {
    return (
      <Alert role="status" color="gray" variant="light">
        {CANCEL_CLOSED_MESSAGE}
      </Alert>
    );
  }
  if (isApiError(status.error, 400)) {
    return (
      <Alert role="status" color="gray" variant="light">
        This cancellation link is not valid. Use the link in your most recent e-mail about this class.
      </Alert>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="blue.0"
      component="section"
      aria-labelledby="cancel-registration-heading"
    >
      <Stack gap="sm">
        <Title order={2} size="h5" id="cancel-registration-heading">
          Can't make it?
        </Title>
        <Text size="sm">
          {status.data?.status === 'waitlisted'
            ? 'Leave the waitlist if you no longer want a place.'
            : 'Cancel your registration so someone else can take your place.'}
        </Text>
        {cancel.isError && (
          <Text size="sm" c="red.9" role="alert">
            {getErrorMessage(cancel.error)}
          </Text>
        )}
        {/* A real form: pressed before the page's script has run, the browser posts it and the server cancels. */}
        <form
          method="post"
          action={`/public/class/${classId}/cancel`}
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate(token);
          }}
        >
          <input type="hidden" name="token" value={token} />
          <Button type="submit" color="red.9" loading={cancel.isPending}>
            Cancel my registration
          </Button>
        </form>
      </Stack>
    </Paper>
  );
}
