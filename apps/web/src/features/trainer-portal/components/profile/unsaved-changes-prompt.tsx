import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving with unsaved edits: in-app navigation through the router's blocker, closing or
 * reloading the tab through the browser's own beforeunload prompt.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title="Unsaved changes"
      closeButtonProps={{ 'aria-label': 'Stay on page' }}
      centered
    >
      <Text>You have unsaved changes to your profile. Leave this page without saving them?</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay on Page
        </Button>
        <Button color="red.9" onClick={() => blocker.proceed?.()}>
          Leave Without Saving
        </Button>
      </Group>
    </Modal>
  );
}
