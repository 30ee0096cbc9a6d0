import { Anchor, Button, type ButtonProps, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from '@soulpunch/shared';

/** The header's 'Contact Us': the support e-mail in a dialog (the prototype showed it in an alert). */
export function ContactUsButton(props: ButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" {...props} onClick={open}>
        Contact Us
      </Button>
      <Modal opened={opened} onClose={close} title="Contact Us" centered>
        <Stack gap="sm">
          <Text>Questions about our trainers or classes? E-mail us and we will get back to you.</Text>
          <Anchor href={SUPPORT_MAILTO} fw={600}>
            {SUPPORT_EMAIL}
          </Anchor>
        </Stack>
      </Modal>
    </>
  );
}
