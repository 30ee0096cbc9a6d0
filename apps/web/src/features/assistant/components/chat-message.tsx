import { ActionIcon, Anchor, Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSendFeedback } from '../api/send-feedback';
import { type ChatMessage, setHelpful } from '../conversation';

/**
 * The Markdown renderer is most of the assistant's code (a sixth of the trainer dashboard's and profile's), and only
 * an answer needs it: it loads when the chat opens (ChatPanel) or an answer shows, not with the page.
 */
export const loadMarkdownText = () => import('./markdown-text');
const MarkdownText = lazy(() => loadMarkdownText().then((m) => ({ default: m.MarkdownText })));

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

function Sources({ sources }: { sources: NonNullable<ChatMessage['sources']> }) {
  return (
    <Box mt="xs">
      <Text size="xs" fw={700} c="gray.8">
        Sources
      </Text>
      <Box component="ol" m={0} pl="lg" fz="xs">
        {sources.map((source) => (
          <li key={source.articleId}>
            {source.url.startsWith('/') && !source.url.startsWith('//') ? (
              <Anchor component={Link} to={source.url} size="xs" underline="always">
                {source.title}
              </Anchor>
            ) : (
              <Anchor
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                underline="always"
              >
                {source.title}
              </Anchor>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Thumbs up or down on one answer; the choice is kept on the server with the question. */
function Feedback({ message }: { message: ChatMessage & { questionId: number } }) {
  const feedback = useSendFeedback();
  function choose(helpful: boolean) {
    const previous = message.helpful;
    setHelpful(message.id, helpful);
    feedback.mutate(
      { questionId: message.questionId, helpful },
      { onError: () => setHelpful(message.id, previous) },
    );
  }
  return (
    <Group gap={4} mt={4} align="center">
      <ActionIcon
        variant={message.helpful === true ? 'filled' : 'subtle'}
        color={message.helpful === true ? 'teal.9' : 'gray.8'}
        size="sm"
        aria-label="Helpful"
        aria-pressed={message.helpful === true}
        onClick={() => choose(true)}
      >
        <IconThumbUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant={message.helpful === false ? 'filled' : 'subtle'}
        color={message.helpful === false ? 'red.9' : 'gray.8'}
        size="sm"
        aria-label="Not helpful"
        aria-pressed={message.helpful === false}
        onClick={() => choose(false)}
      >
        <IconThumbDown size={16} aria-hidden />
      </ActionIcon>
      {feedback.isError && (
        <Text size="xs" c="red.9" role="alert">
          Your feedback was not saved. Please try again.
        </Text>
      )}
      {feedback.isSuccess && (
        <Text size="xs" c="gray.8">
          Thanks for your feedback.
        </Text>
      )}
    </Group>
  );
}

/** One message: the trainer's question on the right, the assistant's answer (Markdown) with its sources. */
export function ChatMessageView({ message, streaming }: { message: ChatMessage; streaming?: boolean }) {
  if (message.isUser) {
    return (
      <Group justify="flex-end" wrap="nowrap">
        <Paper bg="blue.8" c="white" px="sm" py={6} radius="md" maw="85%">
          <VisuallyHidden>You said: </VisuallyHidden>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Text>
        </Paper>
      </Group>
    );
  }
  return (
    <Group justify="flex-start" wrap="nowrap">
      <Paper
        bg={message.failed ? 'red.0' : 'gray.0'}
        withBorder
        px="sm"
        py={6}
        radius="md"
        maw="92%"
        data-testid="assistant-answer"
      >
        <VisuallyHidden>Assistant: </VisuallyHidden>
        {message.failed ? (
          <Text size="sm" c="red.9">
            {message.text}
          </Text>
        ) : (
          <Suspense
            fallback={
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
            }
          >
            <MarkdownText>{message.text}</MarkdownText>
          </Suspense>
        )}
        {message.sources && message.sources.length > 0 && <Sources sources={message.sources} />}
        {!streaming && !message.failed && message.questionId !== undefined && (
          <Feedback message={{ ...message, questionId: message.questionId }} />
        )}
        <Text size="xs" c="gray.7" mt={2}>
          <time dateTime={message.timestamp}>{timeOf(message.timestamp)}</time>
        </Text>
      </Paper>
    </Group>
  );
}
