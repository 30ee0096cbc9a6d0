import { Button, type ButtonProps, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { contactActionFor } from '@soulpunch/shared';
import { IconMail } from '@tabler/icons-react';

interface ContactTrainerButtonProps extends ButtonProps {
  name: string;
  /** What the trainer wants to be contacted by: an e-mail, a phone number or a web address. */
  contact: string | null;
}

/** Spec 5: e-mail and phone open the mail or phone app, a web address a new tab; nothing shows the hint. */
export function ContactTrainerButton({ name, contact, ...props }: ContactTrainerButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const action = contactActionFor(contact);
  const icon = <IconMail size={16} aria-hidden="true" />;

  if (action.kind === 'none') {
    return (
      <>
        <Button leftSection={icon} {...props} onClick={open}>
          Contact
        </Button>
        <Modal opened={opened} onClose={close} title={`Contact ${name}`} centered>
          <Text>{action.message}</Text>
        </Modal>
      </>
    );
  }
  const newTab = action.kind === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <Button component="a" href={action.href} leftSection={icon} {...newTab} {...props}>
      Contact
    </Button>
  );
}
