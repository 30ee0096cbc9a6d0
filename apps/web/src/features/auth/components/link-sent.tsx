import { Button, Stack, Text } from '@mantine/core';
import { authMessages, MAGIC_LINK_TTL_MINUTES } from '@soulpunch/shared';

interface LinkSentProps {
  email: string;
  onSendAnother: () => void;
}

export function LinkSent({ email, onSendAnother }: LinkSentProps) {
  return (
    <Stack gap="md">
      <div role="status">
        <Text fw={600}>{authMessages.linkSent}</Text>
        <Text size="sm" c="gray.7" mt="xs">
          We sent a sign-in link to {email}. It works once and expires in {MAGIC_LINK_TTL_MINUTES} minutes.
        </Text>
      </div>
      <Text size="sm" c="gray.7">
        Didn't get it? Check your spam or junk folder.
      </Text>
      <Button variant="default" onClick={onSendAnother} fullWidth>
        Send Another Link
      </Button>
    </Stack>
  );
}
