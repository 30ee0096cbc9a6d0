// A dialog's styles come with it (app/public-styles.ts).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ClassSummary } from '@soulpunch/shared';
import { Link } from 'react-router';
import {
  calendarPrice,
  calendarTitle,
  classDetailsPath,
  classTimeText,
  formatLongDate,
  trainerFirstName,
} from '../format';

/** The public calendar's 'Class Details' dialog: what the 2-hour training is, and where to register. */
export function PublicClassDialog({
  classSummary: c,
  onClose,
}: {
  classSummary: ClassSummary;
  onClose: () => void;
}) {
  const trainer = trainerFirstName(c);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Class Details"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="sm">
        <Text fw={700} size="lg">
          {calendarTitle(c)}
        </Text>
        <Stack gap={2}>
          <Text size="sm">{formatLongDate(c.date)}</Text>
          <Text size="sm">{classTimeText(c)}</Text>
          <Text size="sm">{c.location}</Text>
          <Text size="sm" fw={700}>
            {calendarPrice(c)}
          </Text>
        </Stack>
        <Text size="sm">
          This 2-hour Soul Punch self-defense training teaches practical skills anyone can use: awareness and
          boundary setting, de-escalation, and simple, effective techniques to break free and get to safety.
          No experience or fitness level is needed, and every class is taught by a certified Soul Punch
          trainer in a supportive, hands-on setting.
        </Text>
        <Text size="sm" fw={600}>
          Contact {trainer} for registration, or register on the class page.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button component={Link} to={classDetailsPath(c.id)}>
            View Class Details
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
