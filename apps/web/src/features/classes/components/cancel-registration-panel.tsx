import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { getErrorMessage } from '@/lib/api-client';
import { useCancelRegistration } from '../api/cancel-registration';

/**
 * The confirmation e-mail's cancel link lands here. Nothing is sent until the person presses the button: mail
 * scanners open links, and merely opening one must not cancel anyone's place.
 */
export function CancelRegistrationPanel({ token }: { token: string }) {
  const cancel = useCancelRegistration();

  if (cancel.isSuccess) {
    return (
      <Alert role="status" color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
        Your registration has been cancelled. Thank you for letting us know.
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
        <Text size="sm">Cancel your registration so someone else can take your place.</Text>
        {cancel.isError && (
          <Text size="sm" c="red.9" role="alert">
            {getErrorMessage(cancel.error)}
          </Text>
        )}
        <Button
          color="red.9"
          onClick={() => cancel.mutate(token)}
          loading={cancel.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Cancel my registration
        </Button>
      </Stack>
    </Paper>
  );
}
