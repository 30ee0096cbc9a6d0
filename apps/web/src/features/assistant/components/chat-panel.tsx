import { ActionIcon, Box, Group, Stack, Text, Textarea } from '@mantine/core';
import { ASSISTANT_LIMITS } from '@soulpunch/shared';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { type ConversationState, sendQuestion } from '../conversation';
import { ChatMessageView, loadMarkdownText } from './chat-message';

interface ChatPanelProps {
  conversation: ConversationState;
  inputRef: Ref<HTMLTextAreaElement>;
  /** The history's height: about 16rem in the card (spec 9); the floating panel lets it fill the space. */
  historyHeight?: string;
}

/** The message list, 'Thinking...' while an answer is on its way, and the question box. */
export function ChatPanel({ conversation, inputRef, historyHeight }: ChatPanelProps) {
  const [draft, setDraft] = useState('');
  const historyRef = useRef<HTMLDivElement>(null);
  const ownInput = useRef<HTMLTextAreaElement | null>(null);
  const refocus = useRef(false);
  const hintId = useId();
  const busy = conversation.status !== 'idle';
  const last = conversation.messages.at(-1);

  // The answers' renderer, fetched as the chat opens so that it is here before the first answer.
  useEffect(() => {
    loadMarkdownText().catch(() => undefined);
  }, []);

  // Keep the newest message in view as messages and streamed text arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls on every change of the last message
  useEffect(() => {
    const history = historyRef.current;
    if (history) history.scrollTop = history.scrollHeight;
  }, [last?.id, last?.text, conversation.status]);

  // The input is disabled while the answer arrives, which takes the focus away: give it back.
  useEffect(() => {
    if (!busy && refocus.current) {
      refocus.current = false;
      ownInput.current?.focus();
    }
  }, [busy]);

  function send() {
    if (busy || !draft.trim()) return;
    refocus.current = document.activeElement === ownInput.current;
    void sendQuestion(draft);
    setDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that ends a composition (IME) is not a send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  const setInput = (node: HTMLTextAreaElement | null) => {
    ownInput.current = node;
    if (typeof inputRef === 'function') inputRef(node);
    else if (inputRef) inputRef.current = node;
  };

  return (
    <Stack gap="xs" style={{ flex: 1, minHeight: 0 }}>
      <Box
        ref={historyRef}
        role="log"
        aria-label="Conversation with the assistant"
        aria-busy={busy}
        // The history scrolls: it must be reachable by keyboard too.
        tabIndex={0}
        h={historyHeight}
        style={{ overflowY: 'auto', flex: historyHeight ? undefined : 1, minHeight: '6rem' }}
        p="xs"
        bd="1px solid gray.3"
        bdrs="md"
      >
        <Stack gap="sm">
          {conversation.messages.length === 0 && (
            <Text size="sm" c="gray.7">
              Ask about the certification program, your portal, classes, business set-up, payments or
              documents. Answers come from the Soul Punch material, with their sources.
            </Text>
          )}
          {conversation.messages.map((message) => (
            <ChatMessageView key={message.id} message={message} streaming={message.id === 'streaming'} />
          ))}
        </Stack>
      </Box>
      {/* Always in the page, so screen readers announce 'Thinking...' when it appears. */}
      <Text size="sm" c="gray.7" role="status">
        {conversation.status === 'thinking' ? 'Thinking...' : ''}
      </Text>
      <form onSubmit={handleSubmit} aria-label="Ask the assistant">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            ref={setInput}
            aria-label="Your question"
            aria-describedby={hintId}
            placeholder="Ask me anything..."
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={handleKeyDown}
            disabled={busy}
            maxLength={ASSISTANT_LIMITS.questionMaxLength}
            autosize
            minRows={1}
            maxRows={4}
            style={{ flex: 1 }}
          />
          <ActionIcon type="submit" size="input-sm" aria-label="Send" disabled={busy || !draft.trim()}>
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Text id={hintId} size="xs" c="gray.7" mt={4}>
          Enter sends, Shift+Enter starts a new line.
        </Text>
      </form>
    </Stack>
  );
}
