// A dialog's styles come with it (app/public-styles.ts).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { pageBrand } from '@/lib/brand';

/** The support e-mail in a dialog (the prototype showed it in an alert). */
export function ContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { supportEmail } = pageBrand();
  return (
    <Modal opened={opened} onClose={onClose} title="Contact Us" centered>
      <Stack gap="sm">
        <Text>Questions about our trainers or classes? E-mail us and we will get back to you.</Text>
        <Anchor href={`mailto:${supportEmail}`} fw={600}>
          {supportEmail}
        </Anchor>
      </Stack>
    </Modal>
  );
}
