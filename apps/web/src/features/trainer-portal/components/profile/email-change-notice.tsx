import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PendingEmailChange } from '@soulpunch/shared';
import { getErrorMessage } from '@/lib/api-client';
import { useCancelEmailChange, useRequestEmailChange } from '../../api/email-change';

/** Words shared with the save's notification, so the person reads the same sentence twice. */
export const linkSentTo = (email: string) => `A confirmation link was sent to ${email}.`;

interface EmailChangeNoticeProps {
  trainerId: number;
  currentEmail: string;
  pending: PendingEmailChange;
}

/** The sign-in e-mail change waiting for its link: what happens next, send again, or cancel. */
export function EmailChangeNotice({ trainerId, currentEmail, pending }: EmailChangeNoticeProps) {
  const resend = useRequestEmailChange();
  const cancel = useCancelEmailChange();
  const problem = resend.error ?? cancel.error;
  const expires = new Date(pending.expiresAt).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Alert color="blue" title="Confirm your new e-mail" role="status" aria-live="polite">
      <Stack gap="xs">
        <Text size="sm">
          {linkSentTo(pending.email)} Your sign-in e-mail stays {currentEmail} until you open the link and
          confirm. The link works until {expires}.
        </Text>
        <Group gap="sm">
          <Button
            size="xs"
            variant="light"
            loading={resend.isPending}
            onClick={() => resend.mutate({ trainerId, email: pending.email })}
          >
            Send the link again
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(trainerId)}
          >
            Cancel the change
          </Button>
        </Group>
        {resend.isSuccess && !resend.isPending && (
          <Text size="sm">A new link is on its way; the earlier one no longer works.</Text>
        )}
        {problem && (
          <Text size="sm" c="red.9" role="alert">
            {getErrorMessage(problem)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
