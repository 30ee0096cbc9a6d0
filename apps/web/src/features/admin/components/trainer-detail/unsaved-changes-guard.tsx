import { Button, Group, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useBlocker } from 'react-router';

/** Asks before an in-app navigation or a reload throws away unsaved edits. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });

  const blocked = blocker.state === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Discard unsaved changes?" centered>
      <Text size="sm">You have edits that are not saved. Leave this page and lose them?</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay on Page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Discard Changes
        </Button>
      </Group>
    </Modal>
  );
}
