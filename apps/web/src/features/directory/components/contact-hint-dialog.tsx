// A dialog's styles come with it (app/public-styles.ts).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Modal, Text } from '@mantine/core';

interface ContactHintDialogProps {
  opened: boolean;
  onClose: () => void;
  name: string;
  message: string;
}

/** What to do when a trainer left no way to reach them (spec 5). */
export function ContactHintDialog({ opened, onClose, name, message }: ContactHintDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Contact ${name}`} centered>
      <Text>{message}</Text>
    </Modal>
  );
}
