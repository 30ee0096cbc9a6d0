import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ADD_TRAINER_HINT, AddTrainerForm } from './add-trainer-form';

/** The Trainers page's 'Add Trainer': the Settings card's form in a dialog, closed once the trainer is added. */
export function AddTrainerDialogButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Add Trainer
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Add Trainer"
        size="lg"
        // The title names the dialog and the form in it.
        id="add-trainer-dialog"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {ADD_TRAINER_HINT}
          </Text>
          <AddTrainerForm labelledBy="add-trainer-dialog-title" onAdded={() => setOpened(false)} />
        </Stack>
      </Modal>
    </>
  );
}
