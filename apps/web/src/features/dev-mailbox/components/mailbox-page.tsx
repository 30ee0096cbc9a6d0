import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '@/components/page-loader';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { type MailboxMessage, useMailbox } from '../api/get-mailbox';
import { LinkedText } from './linked-text';

function MessageCard({ message }: { message: MailboxMessage }) {
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {message.subject}
        </Title>
        <Text size="sm" c="gray.7">
          To {message.to} ·{' '}
          <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
        </Text>
        <LinkedText text={message.text} />
      </Stack>
    </Card>
  );
}

function MailboxContent() {
  const mailbox = useMailbox();
  if (mailbox.isPending) return <PageLoader label="Loading messages" />;
  if (mailbox.isError) {
    return (
      <Text role="alert">
        {isApiError(mailbox.error, 404)
          ? 'The mailbox is only available in development.'
          : getErrorMessage(mailbox.error)}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="gray.7">Newest first. Messages the app would have e-mailed.</Text>
        <Button variant="default" onClick={() => mailbox.refetch()} disabled={mailbox.isFetching}>
          Refresh
        </Button>
      </Group>
      {mailbox.data.messages.length === 0 ? (
        <Text>No messages yet.</Text>
      ) : (
        mailbox.data.messages.map((message) => <MessageCard key={message.id} message={message} />)
      )}
    </Stack>
  );
}

/** Development only: reads the outbox so sign-in links can be followed without a real mail server. */
export function MailboxPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Mailbox</Title>
        <MailboxContent />
      </Stack>
    </Container>
  );
}
