import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format-timestamp';
import { useFeedState, useRenewFeed, useRevokeFeed } from '../api/admin-calendar';

/**
 * The admin's private feed: a secret address a calendar app subscribes to. Only its hash is kept, so the address
 * is shown once, when made; a new one replaces it, and 'Turn off' stops it.
 */
export function FeedCard() {
  const state = useFeedState();
  const renew = useRenewFeed();
  const revoke = useRevokeFeed();
  const [url, setUrl] = useState<string | null>(null);
  const failed = (error: unknown) =>
    notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
  const active = state.data?.active ?? false;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-title">
          Subscribe in your calendar app
        </Title>
        <Text size="sm" c="gray.7">
          A private address for your own calendar app. Keep it secret: anyone with it sees this calendar.
          {active && state.data?.createdAt && !url
            ? ` Your address was made ${formatTimestamp(state.data.createdAt)}; a new one replaces it.`
            : ''}
        </Text>
        {url && (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput label="Your calendar address" value={url} readOnly style={{ flex: 1, minWidth: 0 }} />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="outline" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        <Group gap="sm">
          <Button
            loading={renew.isPending}
            onClick={() =>
              renew.mutate(undefined, { onSuccess: (made) => setUrl(made.url), onError: failed })
            }
          >
            {active ? 'Make a new address' : 'Make my address'}
          </Button>
          {active && (
            <Button
              variant="outline"
              color="red.9"
              loading={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setUrl(null), onError: failed })}
            >
              Turn off
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
