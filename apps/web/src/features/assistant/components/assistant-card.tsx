import { Button, Card, Group, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconMessageChatbot } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { useSession } from '@/features/auth';
import { useChatOpen, useConversation } from '../conversation';
import classes from './assistant.module.css';
import { ChatPanel } from './chat-panel';

function CardFor({ userId }: { userId: number }) {
  const conversation = useConversation(userId);
  const [open, setOpen] = useChatOpen('card', userId);
  const panelId = useId();
  const titleId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  // Focus follows the person's action only, not a panel restored open after a reload.
  const moveFocus = useRef<'input' | 'opener' | null>(null);

  useEffect(() => {
    if (moveFocus.current === 'input' && open) inputRef.current?.focus();
    if (moveFocus.current === 'opener' && !open) openerRef.current?.focus();
    moveFocus.current = null;
  }, [open]);

  if (!open) {
    return (
      <Card withBorder radius="md" padding={0}>
        <UnstyledButton
          ref={openerRef}
          className={classes.opener}
          aria-expanded={false}
          onClick={() => {
            moveFocus.current = 'input';
            setOpen(true);
          }}
        >
          <IconMessageChatbot size={22} aria-hidden />
          AI Assistant - Click to open
        </UnstyledButton>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} id={panelId}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="xs" wrap="nowrap" className={classes.headerTitle}>
          <IconMessageChatbot size={22} aria-hidden />
          <Title order={2} size="h4" id={titleId}>
            Soul Punch Assistant
          </Title>
        </Group>
        <Button
          className={classes.minimize}
          variant="default"
          size="xs"
          aria-expanded
          aria-controls={panelId}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          onClick={() => {
            moveFocus.current = 'opener';
            setOpen(false);
          }}
        >
          Minimize
        </Button>
      </Group>
      <ChatPanel conversation={conversation} inputRef={inputRef} historyHeight="16rem" />
    </Card>
  );
}

/** Spec portal 2: the assistant card at the bottom of the trainer dashboard, collapsed until opened. */
export function AssistantCard() {
  const session = useSession();
  const userId = session.data?.user?.id;
  // The conversation belongs to the person signed in; a new person gets a new one.
  return userId ? <CardFor key={userId} userId={userId} /> : null;
}
