import { ActionIcon, Button, Group, Paper, Title } from '@mantine/core';
import { IconMessageChatbot, IconMinus } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useSession } from '@/features/auth';
import { useChatOpen, useConversation } from '../conversation';
import classes from './assistant.module.css';
import { ChatPanel } from './chat-panel';

function LauncherFor({ userId }: { userId: number }) {
  const conversation = useConversation(userId);
  const [open, setOpen] = useChatOpen('floating', userId);
  const titleId = useId();
  const panelId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef<'input' | 'launcher' | null>(null);

  useEffect(() => {
    if (moveFocus.current === 'input' && open) inputRef.current?.focus();
    if (moveFocus.current === 'launcher' && !open) launcherRef.current?.focus();
    moveFocus.current = null;
  }, [open]);

  function close() {
    moveFocus.current = 'launcher';
    setOpen(false);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  }

  return (
    <>
      <div className={classes.spacer} />
      {open ? (
        <Paper
          id={panelId}
          className={classes.floatingPanel}
          role="dialog"
          aria-labelledby={titleId}
          withBorder
          shadow="lg"
          radius="md"
          p="sm"
          onKeyDown={handleKeyDown}
        >
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Group gap={6} wrap="nowrap" className={classes.headerTitle}>
              <IconMessageChatbot size={20} aria-hidden />
              <Title order={2} size="h5" id={titleId}>
                Soul Punch Assistant
              </Title>
            </Group>
            <Button
              className={classes.minimize}
              variant="default"
              size="compact-sm"
              aria-expanded
              aria-controls={panelId}
              leftSection={<IconMinus size={14} aria-hidden />}
              onClick={close}
            >
              Minimize
            </Button>
          </Group>
          <ChatPanel conversation={conversation} inputRef={inputRef} />
        </Paper>
      ) : (
        <ActionIcon
          ref={launcherRef}
          className={classes.launcher}
          size={56}
          radius="xl"
          aria-label="AI Assistant - Click to open"
          title="AI Assistant - Click to open"
          aria-expanded={false}
          onClick={() => {
            moveFocus.current = 'input';
            setOpen(true);
          }}
        >
          <IconMessageChatbot size={28} aria-hidden />
        </ActionIcon>
      )}
    </>
  );
}

/** Spec portal 2: the floating assistant button at the bottom right of the profile screen, and its panel. */
export function AssistantLauncher() {
  const session = useSession();
  const userId = session.data?.user?.id;
  // The conversation belongs to the person signed in; a new person gets a new one.
  return userId ? <LauncherFor key={userId} userId={userId} /> : null;
}
